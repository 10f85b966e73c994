import { describe, expect, it } from "vitest";
import { IdempotencyKey } from "@trade-shop/contracts/cart";
import { addCommandFor, addRequestKey, quantityChange } from "./cart-commands";

describe("addCommandFor", () => {
  const product = { skuCode: "CHP1374", dealReference: "DL-1", minOrderQuantityDiscount: 6 };

  it("names the deal once the quantity reaches its minimum", () => {
    expect(addCommandFor(product, 6)).toEqual({ skuCode: "CHP1374", quantity: 6, dealReference: "DL-1" });
    expect(addCommandFor(product, 5)).toEqual({ skuCode: "CHP1374", quantity: 5, dealReference: null });
  });

  it("sends no deal for a product without one", () => {
    expect(
      addCommandFor({ skuCode: "SWT1", dealReference: null, minOrderQuantityDiscount: null }, 40)
        .dealReference,
    ).toBeNull();
  });
});

describe("quantityChange", () => {
  const line = { productId: "CHP1374", quantity: 4, minOrderQuantityDiscount: 6, dealReference: "DL-1" };

  it("adds the difference when the quantity goes up", () => {
    expect(quantityChange(line, 7)).toEqual({
      kind: "add",
      command: { skuCode: "CHP1374", quantity: 3, dealReference: "DL-1" },
    });
    expect(quantityChange(line, 5)).toEqual({
      kind: "add",
      command: { skuCode: "CHP1374", quantity: 1, dealReference: null },
    });
  });

  it("takes packs off when it goes down, and drops the line at 0", () => {
    expect(quantityChange(line, 1)).toEqual({
      kind: "remove",
      command: { skuCode: "CHP1374", remove: false, quantity: 3 },
    });
    expect(quantityChange(line, 0)).toEqual({
      kind: "remove",
      command: { skuCode: "CHP1374", remove: true },
    });
  });

  it("does nothing when the quantity stays", () => {
    expect(quantityChange(line, 4)).toBeNull();
  });
});

describe("addRequestKey", () => {
  it("is a key the server takes, and a new one each time", () => {
    const keys = Array.from({ length: 50 }, addRequestKey);
    for (const key of keys) expect(IdempotencyKey.parse(key)).toBe(key);
    expect(new Set(keys).size).toBe(50);
  });
});
