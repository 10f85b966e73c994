// A customer's credit position (DESIGN.md §4): remaining credit is the credit limit less the
// balance the back office has invoiced (dcBalance) less orders placed but not yet invoiced.
import { sql } from "kysely";
import type { OrderStatus } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";

/** Orders that count against credit until the back office invoices them into the balance. */
export const NOT_YET_INVOICED: readonly OrderStatus[] = ["Pending", "Submitted", "Picking", "On Hold"];

export interface CreditPosition {
  creditLimitCents: number;
  dcBalanceCents: number;
  uninvoicedCents: number;
  remainingCreditCents: number;
}

export function remainingCredit(p: Omit<CreditPosition, "remainingCreditCents">): number {
  return p.creditLimitCents - p.dcBalanceCents - p.uninvoicedCents;
}

/**
 * Reads the position; with `lock`, the customer row stays locked to the end of the caller's
 * transaction, so concurrent orders against one credit limit are checked one after another.
 */
export async function creditPosition(db: Db, customerId: number, options: { lock?: boolean } = {}): Promise<CreditPosition> {
  const customer = await sql<{ creditLimitCents: number; dcBalanceCents: number }>`
    SELECT credit_limit_cents, dc_balance_cents FROM customers WHERE id = ${customerId}
    ${options.lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  const row = customer.rows[0];
  if (!row) throw new Error(`customer ${customerId} does not exist`);
  // orders_customer_idx (tenant_id, customer_id, created_date)
  const open = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("totalInclCents"), sql<number>`0`).as("cents"))
    .where("customerId", "=", customerId)
    .where("currentPastelStatus", "in", NOT_YET_INVOICED)
    .executeTakeFirstOrThrow();
  const position = { creditLimitCents: row.creditLimitCents, dcBalanceCents: row.dcBalanceCents, uninvoicedCents: Number(open.cents) };
  return { ...position, remainingCreditCents: remainingCredit(position) };
}
