import { describe, expect, it } from "vitest";
import { contentHashOf, productImageUrl } from "./image-urls";

const hash = "0123456789abcdef0123456789abcdef";

describe("contentHashOf", () => {
  it("finds the hash in any size, format or address of a product image", () => {
    expect(contentHashOf(productImageUrl(hash))).toBe(hash);
    expect(contentHashOf(`/images/products/${hash}.jpg?w=240`)).toBe(hash);
    expect(contentHashOf(`https://shop.example/images/products/${hash}.png`)).toBe(hash);
  });

  it("has none for other addresses", () => {
    expect(contentHashOf("/images/brands/karoo-crunch.svg")).toBeNull();
    expect(contentHashOf(`/images/products/${hash}.exe`)).toBeNull();
    expect(contentHashOf("data:image/png;base64,AAAA")).toBeNull();
  });
});
