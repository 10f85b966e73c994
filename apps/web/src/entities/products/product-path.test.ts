import { describe, expect, it } from "vitest";
import { productPath } from "./product-path";

describe("productPath", () => {
  it("escapes the code", () => {
    expect(productPath("A/B 1")).toBe("/products/A%2FB%201");
  });
});
