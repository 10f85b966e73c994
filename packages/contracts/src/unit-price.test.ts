import { describe, expect, it } from "vitest";
import { unitMargin, unitPriceCents } from "./unit-price";

describe("unitPriceCents", () => {
  it("divides a pack's cents by its units, rounded half up to the cent", () => {
    expect(unitPriceCents(15458, 24)).toBe(644); // 644.083…
    expect(unitPriceCents(1001, 2)).toBe(501); // 500.5 exactly: half up
    expect(unitPriceCents(999, 2)).toBe(500); // 499.5
    expect(unitPriceCents(1003, 4)).toBe(251); // 250.75
    expect(unitPriceCents(1001, 4)).toBe(250); // 250.25
    expect(unitPriceCents(0, 6)).toBe(0);
  });

  it("gives no unit price for a pack of one", () => {
    expect(unitPriceCents(1999, 1)).toBeNull();
  });

  it("refuses what is not cents or a pack", () => {
    expect(() => unitPriceCents(10.5, 2)).toThrow(RangeError);
    expect(() => unitPriceCents(1000, 0)).toThrow(RangeError);
  });
});

describe("unitMargin", () => {
  it("is the shelf price less the unit price, and that as a percent of the shelf price", () => {
    expect(unitMargin(899, 644)).toEqual({ marginCents: 255, marginPercent: 28.4 });
    expect(unitMargin(1000, 750)).toEqual({ marginCents: 250, marginPercent: 25 });
    // 1/3 of the shelf price: 33.33… to 33.3; 2/3: 66.66… to 66.7.
    expect(unitMargin(300, 200)).toEqual({ marginCents: 100, marginPercent: 33.3 });
    expect(unitMargin(300, 100)).toEqual({ marginCents: 200, marginPercent: 66.7 });
  });

  it("shows a negative margin as it is", () => {
    expect(unitMargin(599, 644)).toEqual({ marginCents: -45, marginPercent: -7.5 });
    expect(unitMargin(1000, 1005)).toEqual({ marginCents: -5, marginPercent: -0.5 });
  });

  it("has nothing to say without a shelf price", () => {
    expect(unitMargin(null, 644)).toBeNull();
    expect(unitMargin(0, 644)).toBeNull();
  });
});
