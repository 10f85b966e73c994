// GetCreditDetails and the live balance: the credit position of docs/rules.md (credit.ts) in
// rand, for the logged-in user's customer account in the request's tenant.
import type { CreditDetails } from "@trade-shop/contracts/accounts";
import { toRand } from "@trade-shop/contracts/common";
import type { AccountChange } from "@trade-shop/contracts/realtime";
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";
import { creditPosition } from "./credit";
import { callersAccount, type Caller } from "./customer-context";

/** Balance, limit and what remains of it for one customer account (remaining is negative when over). */
export async function accountPosition(
  db: Db,
  customer: { customerId: number; accountId: string; tenantId: string },
): Promise<AccountChange> {
  const position = await creditPosition(db, customer.customerId);
  return {
    accountId: customer.accountId,
    // The credit line is held with the tenant (the principal the customer buys through).
    principleId: customer.tenantId,
    remainingCredit: toRand(position.remainingCreditCents),
    totalCredit: toRand(position.creditLimitCents),
    dcBalance: toRand(position.dcBalanceCents),
  };
}

/**
 * The caller's customer account (a Rep's: the one acted for), whether or not it is active
 * (like GetCustomerDetails).
 */
export async function accountOfUser(db: Db, principal: Caller & { tenantId: string }) {
  return db
    .selectFrom("customers")
    .select(["customers.id as customerId", "customers.accountId", "customers.tenantId"])
    .where(await callersAccount(db, principal))
    .where("customers.tenantId", "=", principal.tenantId)
    .executeTakeFirst();
}

export async function creditDetailsFor(
  db: Db,
  principal: Caller & { tenantId: string },
): Promise<CreditDetails> {
  const account = await accountOfUser(db, principal);
  if (!account) throw notFound("Your login is not linked to a customer account in this tenant.");
  const { dcBalance: _balance, ...details } = await accountPosition(db, account);
  return details;
}
