// A customer's credit position (docs/rules.md): remaining credit is the credit limit less the
// balance the back office has invoiced (dcBalance) less orders placed but not yet invoiced.
import { sql } from "kysely";
import type { OrderStatus } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";

/** Orders that count against credit until the back office invoices them into the balance. */
// An order awaiting its owner's approval holds credit as it holds stock (decision 128).
export const NOT_YET_INVOICED: readonly OrderStatus[] = [
  "Awaiting approval",
  "Pending",
  "Submitted",
  "Picking",
  "On Hold",
];

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
 * Balance and open orders are read in one snapshot (one statement) without `lock`, or after the
 * lock is held with `lock`: an order being invoiced is counted once, never twice or not at all.
 */
export async function creditPosition(
  db: Db,
  customerId: number,
  options: { lock?: boolean } = {},
): Promise<CreditPosition> {
  if (options.lock) {
    // The lock waits for a concurrent invoice to commit; the next statement's snapshot then sees it.
    await sql`SELECT 1 FROM customers WHERE id = ${customerId} FOR UPDATE`.execute(db);
  }
  const { rows } = await sql<{ creditLimitCents: number; dcBalanceCents: number; uninvoicedCents: number }>`
    SELECT c.credit_limit_cents, c.dc_balance_cents,
           coalesce((SELECT sum(o.total_incl_cents) FROM orders o  -- orders_customer_idx
                      WHERE o.tenant_id = c.tenant_id AND o.customer_id = c.id AND o.current_pastel_status IN (${sql.join(NOT_YET_INVOICED)})), 0) AS uninvoiced_cents
      FROM customers c WHERE c.id = ${customerId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`customer ${customerId} does not exist`);
  const position = {
    creditLimitCents: row.creditLimitCents,
    dcBalanceCents: row.dcBalanceCents,
    uninvoicedCents: Number(row.uninvoicedCents),
  };
  return { ...position, remainingCreditCents: remainingCredit(position) };
}
