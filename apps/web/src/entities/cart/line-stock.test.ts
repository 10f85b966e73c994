import { describe, expect, it } from "vitest";
import { lineStockWarning } from "./line-stock";

describe("lineStockWarning", () => {
  it("warns when the warehouse has none or fewer packs than the line", () => {
    expect(lineStockWarning({ quantity: 2, stockOnHand: 0 })).toBe("Out of stock");
    expect(lineStockWarning({ quantity: 1500, stockOnHand: 1200 })).toBe("Only 1 200 in stock");
  });

  it("says nothing when the stock covers the line", () => {
    expect(lineStockWarning({ quantity: 12, stockOnHand: 12 })).toBeNull();
  });
});
