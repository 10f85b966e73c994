// How the credit limit is used (docs/rules.md: remainingCredit = totalCredit - dcBalance - orders
// not yet invoiced), in cents so the parts add up exactly to the limit they split.
import type { CreditDetails } from "@trade-shop/contracts/accounts";
import { toCents } from "@trade-shop/contracts/common";

export interface CreditBreakdown {
  /** Rand: the credit limit. */
  limit: number;
  /** What the account owes on invoices (dcBalance); a credit balance counts as nothing owed. */
  balance: number;
  /** Orders placed but not yet invoiced. */
  notInvoiced: number;
  /** What may still be spent; never below zero. */
  available: number;
  /** How far balance and open orders go past the limit; zero when within it. */
  overLimit: number;
}

const cents = toCents;

export function creditBreakdown(
  credit: Pick<CreditDetails, "totalCredit" | "remainingCredit">,
  dcBalance: number,
): CreditBreakdown {
  const limit = cents(credit.totalCredit);
  const balance = Math.max(0, cents(dcBalance));
  const remaining = cents(credit.remainingCredit);
  // What the server counts against the limit beyond the balance; a credit balance (negative
  // dcBalance) is already inside remainingCredit, so it is not added twice.
  const notInvoiced = Math.max(0, limit - cents(dcBalance) - remaining);
  return {
    limit: limit / 100,
    balance: balance / 100,
    notInvoiced: notInvoiced / 100,
    available: Math.max(0, remaining) / 100,
    overLimit: Math.max(0, -remaining) / 100,
  };
}
