import { describe, expect, it } from "vitest";
import { createRandom } from "../../demo-data/random";
import { dealUnitPriceExcl, offeredDeal, priceLine, sumTotals, unitPriceIncl } from "./price-line";

const deal = {
  dealReference: "DL-2026-0042",
  description: "Buy 5+ save 10%",
  minQuantity: 5,
  discountPercent: 10,
};

describe("unitPriceIncl", () => {
  it.each([
    [0, 15, 0],
    [1, 15, 1], // 1.15
    [5, 15, 6], // 5.75
    [10, 15, 12], // 11.5 rounds half up
    [3, 50, 5], // 4.5
    [10_000, 15, 11_500],
    [100, 0, 100],
    [1_000, 15.5, 1_155],
    [1_000, 14.99, 1_150], // 1149.9
    [200, 7.25, 215], // 214.5
    [100, 0.5, 101], // 100.5; naive Math.round(100 * 1.005) gives 100
    [12_345_678, 15, 14_197_530], // 14197529.7
  ])("%i cents at %s percent VAT is %i cents", (excl, rate, incl) => {
    expect(unitPriceIncl(excl, rate)).toBe(incl);
  });

  it("refuses fractional cents, negative amounts and rates with more than 2 decimals", () => {
    expect(() => unitPriceIncl(1.5, 15)).toThrow(RangeError);
    expect(() => unitPriceIncl(-1, 15)).toThrow(RangeError);
    expect(() => unitPriceIncl(100, 15.555)).toThrow(RangeError);
    expect(() => unitPriceIncl(100, 100)).toThrow(RangeError);
    expect(() => unitPriceIncl(100, -1)).toThrow(RangeError);
  });
});

describe("dealUnitPriceExcl", () => {
  it.each([
    [10_000, 10, 9_000],
    [999, 12.5, 874], // 874.125
    [1_010, 7.5, 934], // 934.25
    [10, 15, 9], // 8.5 rounds half up
    [1, 20, 1], // 0.8
    [0, 20, 0],
  ])("%i cents less %s percent is %i cents", (list, percent, price) => {
    expect(dealUnitPriceExcl(list, percent)).toBe(price);
  });

  it("refuses discounts of 0% or 100% and more", () => {
    expect(() => dealUnitPriceExcl(1_000, 0)).toThrow(RangeError);
    expect(() => dealUnitPriceExcl(1_000, 100)).toThrow(RangeError);
  });
});

describe("priceLine", () => {
  it("prices a line at list price without a deal", () => {
    expect(priceLine({ listPriceExclCents: 21_599, vatRate: 15, quantity: 3 })).toEqual({
      quantity: 3,
      vatRate: 15,
      listPriceExclCents: 21_599,
      listPriceInclCents: 24_839, // 24838.85
      unitPriceExclCents: 21_599,
      unitPriceInclCents: 24_839,
      totalExclCents: 64_797,
      totalInclCents: 74_517, // 74516.55
      assignedDiscountCents: 0,
      dealApplied: false,
      discountPriceExclCents: null,
      discountPriceInclCents: null,
      discountPercent: null,
      minOrderQuantityDiscount: null,
      dealReference: null,
      dealDescription: null,
    });
  });

  it("applies the deal from its minimum quantity and carries its reference onto the line", () => {
    const line = priceLine({ listPriceExclCents: 10_000, vatRate: 15, quantity: 5, deal });
    expect(line).toMatchObject({
      dealApplied: true,
      unitPriceExclCents: 9_000,
      totalExclCents: 45_000,
      totalInclCents: 51_750,
      assignedDiscountCents: 5_000,
      discountPriceExclCents: 9_000,
      discountPriceInclCents: 10_350,
      discountPercent: 10,
      minOrderQuantityDiscount: 5,
      dealReference: "DL-2026-0042",
      dealDescription: "Buy 5+ save 10%",
    });
  });

  it("shows the deal price below the minimum quantity but charges the list price", () => {
    const line = priceLine({ listPriceExclCents: 10_000, vatRate: 15, quantity: 4, deal });
    expect(line).toMatchObject({
      dealApplied: false,
      unitPriceExclCents: 10_000,
      totalExclCents: 40_000,
      totalInclCents: 46_000,
      assignedDiscountCents: 0,
      discountPriceExclCents: 9_000,
      discountPriceInclCents: 10_350,
      minOrderQuantityDiscount: 5,
      dealReference: null,
      dealDescription: null,
    });
  });

  it("rounds VAT once on the line total, not per pack", () => {
    // 3 packs of 5 cents: 15 cents excl -> 17.25 -> 17; per pack it would be 6 x 3 = 18.
    const line = priceLine({ listPriceExclCents: 5, vatRate: 15, quantity: 3 });
    expect(line.unitPriceInclCents).toBe(6);
    expect(line.totalInclCents).toBe(17);
  });

  it("charges no VAT on zero-rated products", () => {
    const line = priceLine({ listPriceExclCents: 1_899, vatRate: 0, quantity: 12 });
    expect(line.totalInclCents).toBe(line.totalExclCents);
    expect(line.totalExclCents).toBe(22_788);
  });

  it("refuses quantities that are not whole packs from 1 to 9 999", () => {
    for (const quantity of [0, -1, 1.5, 10_000, Number.NaN]) {
      expect(() => priceLine({ listPriceExclCents: 100, vatRate: 15, quantity })).toThrow(RangeError);
    }
    expect(priceLine({ listPriceExclCents: 100, vatRate: 15, quantity: 9_999 }).totalExclCents).toBe(999_900);
  });

  it("keeps its rules for thousands of seeded random lines", () => {
    const random = createRandom(20261101);
    for (let i = 0; i < 5_000; i++) {
      const listPriceExclCents = random.chance(0.1) ? random.int(0, 20) : random.int(0, 5_000_000);
      const vatRate = random.pick([0, 15, 15, 14, 7.5, random.int(0, 9_999) / 100]);
      const quantity = random.chance(0.05) ? 9_999 : random.int(1, 60);
      const offered = random.chance(0.5)
        ? {
            dealReference: `DL-${i}`,
            description: "deal",
            minQuantity: random.int(1, 12),
            discountPercent: random.int(1, 9_999) / 100,
          }
        : null;
      const line = priceLine({ listPriceExclCents, vatRate, quantity, deal: offered });
      const rateBasisPoints = BigInt(Math.round(vatRate * 100));

      // Incl. is the exact amount rounded half up: within half a cent, and an exact half
      // cent goes up, so the error (in 1/10 000 cent) lies in (-5 000, 5 000].
      const error =
        BigInt(line.totalInclCents) * 10_000n - BigInt(line.totalExclCents) * (10_000n + rateBasisPoints);
      expect(error > -5_000n && error <= 5_000n).toBe(true);

      expect(line.totalExclCents).toBe(line.unitPriceExclCents * quantity);
      expect(line.totalInclCents).toBeGreaterThanOrEqual(line.totalExclCents);
      expect(line.unitPriceExclCents).toBeLessThanOrEqual(listPriceExclCents);
      expect(line.assignedDiscountCents).toBe(listPriceExclCents * quantity - line.totalExclCents);
      expect(line.dealApplied).toBe(offered !== null && quantity >= offered.minQuantity);
      if (line.dealApplied) expect(line.dealReference).toBe(offered?.dealReference);
      for (const value of [line.totalExclCents, line.totalInclCents, line.unitPriceExclCents]) {
        expect(Number.isSafeInteger(value)).toBe(true);
      }
    }
  });
});

describe("sumTotals", () => {
  it("adds up the lines' own rounded totals", () => {
    const lines = [
      priceLine({ listPriceExclCents: 5, vatRate: 15, quantity: 3 }),
      priceLine({ listPriceExclCents: 10_000, vatRate: 15, quantity: 5, deal }),
      priceLine({ listPriceExclCents: 1_899, vatRate: 0, quantity: 2 }),
    ];
    expect(sumTotals(lines)).toEqual({
      totalExclCents: 15 + 45_000 + 3_798,
      totalInclCents: 17 + 51_750 + 3_798,
      vatCents: 2 + 6_750,
      assignedDiscountCents: 5_000,
      quantity: 10,
    });
  });

  it("is zero for no lines", () => {
    expect(sumTotals([])).toEqual({
      totalExclCents: 0,
      totalInclCents: 0,
      vatCents: 0,
      assignedDiscountCents: 0,
      quantity: 0,
    });
  });
});

describe("offeredDeal", () => {
  const columns = {
    dealReference: "DL-2026-0042",
    dealDescription: "Buy 5+ save 10%",
    dealMinQuantity: 5,
    dealDiscountPercent: 10,
  };

  it("reads the deal from a product row's deal columns", () => {
    expect(offeredDeal(columns)).toEqual(deal);
  });

  it("gives a deal without a description an empty one", () => {
    expect(offeredDeal({ ...columns, dealDescription: null })).toEqual({ ...deal, description: "" });
  });

  it("is null when the row has no deal or only part of one", () => {
    const none = {
      dealReference: null,
      dealDescription: null,
      dealMinQuantity: null,
      dealDiscountPercent: null,
    };
    expect(offeredDeal(none)).toBeNull();
    expect(offeredDeal({ ...columns, dealReference: null })).toBeNull();
    expect(offeredDeal({ ...columns, dealMinQuantity: null })).toBeNull();
    expect(offeredDeal({ ...columns, dealDiscountPercent: null })).toBeNull();
  });
});
