import { describe, expect, it } from "vitest";
import { LICENSED_ONLY, liquorBlockOf } from "./liquor-standing";

const licence = (daysLeft: number) => ({
  number: "GAU/12345/LL",
  expiresOn: "2026-11-20",
  daysLeft,
  expired: daysLeft < 0,
  expiresSoon: daysLeft >= 0 && daysLeft <= 30,
});

describe("liquorBlockOf", () => {
  it("refuses an unlicensed account and one whose licence expired, saying which and when", () => {
    expect(liquorBlockOf({ isLiquorCustomer: false, liquorLicence: null })).toBe(LICENSED_ONLY);
    expect(liquorBlockOf({ isLiquorCustomer: true, liquorLicence: licence(-5) })).toBe(
      "Your liquor licence GAU/12345/LL expired on 20-Nov-2026: send your renewed licence to order liquor",
    );
  });
  it("lets a licence in force, even one expiring soon, and an unknown account through", () => {
    expect(liquorBlockOf({ isLiquorCustomer: true, liquorLicence: licence(3) })).toBeNull();
    expect(liquorBlockOf({ isLiquorCustomer: true, liquorLicence: null })).toBeNull();
    expect(liquorBlockOf(undefined)).toBeNull();
  });
});
