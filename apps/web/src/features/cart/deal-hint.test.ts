import { describe, expect, it } from "vitest";
import { dealHint } from "./deal-hint";

const deal = { minOrderQuantityDiscount: 6, discountPriceExcl: 80 };

describe("dealHint", () => {
  it("says how many more packs reach the deal price", () => {
    expect(dealHint({ ...deal, quantity: 4 })).toEqual({
      kind: "short",
      missing: 2,
      text: "Add 2 more for the deal price",
    });
    expect(dealHint({ ...deal, quantity: 5 })?.text).toBe("Add 1 more for the deal price");
  });

  it("says the deal price applies from the minimum on", () => {
    expect(dealHint({ ...deal, quantity: 6 })).toEqual({ kind: "applied", text: "Deal price applied" });
    expect(dealHint({ ...deal, quantity: 60 })?.text).toBe("Deal price applied");
  });

  it("says nothing for a product without a deal", () => {
    expect(dealHint({ quantity: 3, minOrderQuantityDiscount: null, discountPriceExcl: null })).toBeNull();
    expect(dealHint({ quantity: 3, minOrderQuantityDiscount: 6, discountPriceExcl: null })).toBeNull();
  });
});
