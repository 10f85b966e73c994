import { describe, expect, it } from "vitest";
import { parseQuantity } from "./quantity";

describe("parseQuantity", () => {
  it("accepts whole packs from 1 to 9 999", () => {
    expect(parseQuantity("1")).toEqual({ ok: true, quantity: 1 });
    expect(parseQuantity(" 24 ")).toEqual({ ok: true, quantity: 24 });
    expect(parseQuantity("9999")).toEqual({ ok: true, quantity: 9999 });
  });

  it("explains what is wrong with anything else", () => {
    expect(parseQuantity("")).toEqual({ ok: false, message: "Enter a quantity" });
    expect(parseQuantity("abc")).toEqual({ ok: false, message: "Enter a quantity" });
    expect(parseQuantity("0")).toEqual({ ok: false, message: "Quantity must be at least 1" });
    expect(parseQuantity("2.5")).toEqual({ ok: false, message: "Quantity must be a whole number of packs" });
    expect(parseQuantity("10000")).toEqual({ ok: false, message: "Quantity cannot be more than 9 999" });
  });
});
