import { describe, expect, it } from "vitest";
import { creditBreakdown } from "./credit-breakdown";

describe("creditBreakdown", () => {
  it("splits the limit into balance, orders not yet invoiced and what remains", () => {
    expect(creditBreakdown({ totalCredit: 5000, remainingCredit: 1234.56 }, 3000)).toEqual({
      limit: 5000,
      balance: 3000,
      notInvoiced: 765.44,
      available: 1234.56,
      overLimit: 0,
    });
  });

  it("adds up to the cent where floating point would not", () => {
    const parts = creditBreakdown({ totalCredit: 0.3, remainingCredit: 0.1 }, 0.1);
    expect(parts.notInvoiced).toBe(0.1);
    expect(parts.balance + parts.notInvoiced + parts.available).toBeCloseTo(0.3, 10);
  });

  it("shows nothing available and how far over, when past the limit", () => {
    expect(creditBreakdown({ totalCredit: 5000, remainingCredit: -250 }, 5100)).toMatchObject({
      available: 0,
      overLimit: 250,
      notInvoiced: 150,
    });
  });

  it("treats a credit balance as nothing owed without counting it as an open order", () => {
    expect(creditBreakdown({ totalCredit: 1000, remainingCredit: 1200 }, -200)).toMatchObject({
      balance: 0,
      notInvoiced: 0,
      available: 1200,
    });
  });
});
