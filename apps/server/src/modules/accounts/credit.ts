// A customer's credit position (docs/rules.md): remaining credit is the credit limit less the
// balance the back office has invoiced (dcBalance) less orders placed but not yet invoiced.
import { sql } from "kysely";
import type { OrderStatus } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";

/** Orders that count against credit until the back office invoices them into the balance. */
// An order awaiting its owner's approval holds credit as it holds stock (decision 128).
// So does one awaiting the payment of its part over credit (docs/payments.md).
export const NOT_YET_INVOICED: readonly OrderStatus[] = [
  "Awaiting approval",
  "Awaiting payment",
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

/** Each account's position by customer id, all read in one statement (so in one snapshot). */
async function positionRows(db: Db, customerIds: readonly number[]) {
  const { rows } = await sql<{
    id: number;
    creditLimitCents: number;
    dcBalanceCents: number;
    uninvoicedCents: number;
  }>`
    SELECT c.id, c.credit_limit_cents, c.dc_balance_cents,
           coalesce((SELECT sum(o.total_incl_cents) FROM orders o  -- orders_customer_status_idx
                      WHERE o.tenant_id = c.tenant_id AND o.customer_id = c.id AND o.current_pastel_status IN (${sql.join(NOT_YET_INVOICED)})), 0) AS uninvoiced_cents
      FROM customers c WHERE c.id IN (${sql.join(customerIds)})`.execute(db);
  return rows.map((row): [number, CreditPosition] => {
    const position = {
      creditLimitCents: row.creditLimitCents,
      dcBalanceCents: row.dcBalanceCents,
      uninvoicedCents: Number(row.uninvoicedCents),
    };
    return [row.id, { ...position, remainingCreditCents: remainingCredit(position) }];
  });
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
    // NO KEY UPDATE serialises with every other lock and update of the row as FOR UPDATE does, but
    // lets through the foreign-key checks of rows that merely name the customer (its alerts, cart,
    // documents), which FOR UPDATE made wait for the whole order.
    await sql`SELECT 1 FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE`.execute(db);
  }
  const [row] = await positionRows(db, [customerId]);
  if (!row) throw new Error(`customer ${customerId} does not exist`);
  return row[1];
}

/** The positions of several accounts by customer id (a list of them, as a rep's), in one snapshot. */
export async function creditPositions(
  db: Db,
  customerIds: readonly number[],
): Promise<Map<number, CreditPosition>> {
  if (customerIds.length === 0) return new Map();
  return new Map(await positionRows(db, customerIds));
}
