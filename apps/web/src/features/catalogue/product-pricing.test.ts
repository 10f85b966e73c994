import { describe, expect, it } from "vitest";
import { appliedPrice, dealBadgeText, formatPercent, productPrices } from "./product-pricing";

const listOnly = {
  listPriceIncl: 1234.56,
  listPriceExcl: 1073.53,
  discountPriceIncl: null,
  discountPriceExcl: null,
  discountPercentage: null,
  minOrderQuantityDiscount: null,
};
const withDeal = {
  ...listOnly,
  listPriceIncl: 584.33,
  listPriceExcl: 508.11,
  discountPriceIncl: 502.52,
  discountPriceExcl: 436.97,
  discountPercentage: 14,
  minOrderQuantityDiscount: 2,
};

describe("productPrices", () => {
  it("formats the list price incl. and excl. VAT as R1 234.56", () => {
    expect(productPrices(listOnly)).toEqual({ list: { incl: "R1 234.56", excl: "R1 073.53" }, deal: null });
  });

  it("adds the deal with its minimum quantity and saving", () => {
    expect(productPrices(withDeal).deal).toEqual({
      incl: "R502.52",
      excl: "R436.97",
      minQuantity: 2,
      saving: "14% off",
    });
  });

  it("shows no deal when part of it is missing, and no saving without a percentage", () => {
    expect(productPrices({ ...withDeal, minOrderQuantityDiscount: null }).deal).toBeNull();
    expect(productPrices({ ...withDeal, discountPriceExcl: null }).deal).toBeNull();
    expect(productPrices({ ...withDeal, discountPercentage: null }).deal?.saving).toBeNull();
  });
});

describe("appliedPrice", () => {
  const prices = productPrices(withDeal);

  it("charges the list price below the deal's minimum and the deal price from it", () => {
    expect(appliedPrice(prices, 1)).toBe("list");
    expect(appliedPrice(prices, 2)).toBe("deal");
    expect(appliedPrice(prices, 50)).toBe("deal");
  });

  it("counts an unreadable quantity as one pack", () => {
    expect(appliedPrice(prices, null)).toBe("list");
    expect(appliedPrice(productPrices({ ...withDeal, minOrderQuantityDiscount: 1 }), null)).toBe("deal");
  });

  it("is always the list price without a deal", () => {
    expect(appliedPrice(productPrices(listOnly), 9999)).toBe("list");
  });
});

describe("badges and percentages", () => {
  it("names the deal's minimum quantity in packs", () => {
    expect(dealBadgeText(productPrices(withDeal))).toBe("Deal from 2 packs");
    expect(dealBadgeText(productPrices({ ...withDeal, minOrderQuantityDiscount: 1 }))).toBe(
      "Deal from 1 pack",
    );
    expect(dealBadgeText(productPrices(listOnly))).toBeNull();
  });

  it("writes percentages with at most one decimal", () => {
    expect(formatPercent(14)).toBe("14%");
    expect(formatPercent(12.5)).toBe("12.5%");
    expect(formatPercent(13.333)).toBe("13.3%");
  });
});
