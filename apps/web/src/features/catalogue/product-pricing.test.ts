import { describe, expect, it } from "vitest";
import { appliedPrice, dealBadgeText, formatPercent, productPrices, shelfMargin } from "./product-pricing";

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
    expect(productPrices(listOnly)).toEqual({
      list: { incl: "R1 234.56", excl: "R1 073.53", each: null },
      deal: null,
    });
  });

  it("adds the deal with its minimum quantity and saving", () => {
    expect(productPrices(withDeal).deal).toEqual({
      incl: "R502.52",
      excl: "R436.97",
      each: null,
      minQuantity: 2,
      saving: "14% off",
    });
  });

  it("gives each price a unit's share when the server sends one", () => {
    const prices = productPrices({ ...withDeal, unitPriceIncl: 24.35, discountUnitPriceIncl: 20.94 });
    expect(prices.list.each).toBe("R24.35 each");
    expect(prices.deal?.each).toBe("R20.94 each");
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

describe("shelfMargin", () => {
  it("says what a unit sells for and what the customer makes, in rand and percent", () => {
    expect(shelfMargin({ shelfPriceIncl: 8.99, marginIncl: 2.55, marginPercent: 28.4 })).toEqual({
      sellsFor: "Sells for R8.99",
      youMake: "you make R2.55 (28.4%)",
      negative: false,
    });
  });

  it("shows a loss as a negative margin", () => {
    expect(shelfMargin({ shelfPriceIncl: 5.99, marginIncl: -0.45, marginPercent: -7.5 })).toEqual({
      sellsFor: "Sells for R5.99",
      youMake: "you make -R0.45 (-7.5%)",
      negative: true,
    });
  });

  it("says nothing without a shelf price", () => {
    expect(shelfMargin({ shelfPriceIncl: null, marginIncl: null, marginPercent: null })).toBeNull();
    expect(shelfMargin({})).toBeNull();
  });
});
