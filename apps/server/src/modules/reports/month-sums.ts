// The dashboard's month sums (migration 0030, decision 158): each month of an account's window is
// summed once per version of its orders and kept; a write to the month's orders or lines moves
// its version in the writing transaction, and the next report rebuilds just that month. A report
// then adds up twelve months of sums instead of every order and line of the year.
import { sql } from "kysely";
import type { Db } from "../../db/database";

export interface MonthScope {
  tenantId: string;
  customerId: number;
}

const ZONE = "Africa/Johannesburg";

/**
 * Builds `month`'s sums (YYYY-MM-01) in one statement, so the version it records and the sums
 * are of one snapshot: a write committed after it moves the version past the one recorded, and
 * the month is built again on the next read.
 */
async function buildMonth(db: Db, scope: MonthScope, month: string): Promise<void> {
  const { tenantId: t, customerId: c } = scope;
  await sql`
    WITH v AS (
      SELECT coalesce((SELECT version FROM report_month_versions
                        WHERE tenant_id = ${t} AND customer_id = ${c} AND month = ${month}::date), 0) AS version
    ), o AS (
      -- orders_customer_page_idx: the month's orders of the account
      SELECT o.id, o.created_date, o.current_pastel_status, o.total_excl_cents, o.total_incl_cents
        FROM orders o
       WHERE o.tenant_id = ${t} AND o.customer_id = ${c}
         AND o.created_date >= (${month}::date)::timestamp AT TIME ZONE ${ZONE}
         AND o.created_date < ((${month}::date) + interval '1 month') AT TIME ZONE ${ZONE}
    ), statuses AS (
      INSERT INTO report_month_statuses (tenant_id, customer_id, month, version, status, order_count, incl_cents)
      SELECT ${t}, ${c}, ${month}::date, v.version, o.current_pastel_status, count(*), sum(o.total_incl_cents)
        FROM o, v GROUP BY v.version, o.current_pastel_status
      ON CONFLICT DO NOTHING
    ), products AS (
      -- order_lines_order_totals_idx: each order's lines
      INSERT INTO report_month_products (tenant_id, customer_id, month, version, sku_code, quantity, order_count,
                                         excl_cents, incl_cents, ordered_as, ordered_at)
      SELECT ${t}, ${c}, ${month}::date, v.version, l.sku_code, sum(l.quantity), count(DISTINCT o.id),
             sum(l.total_excl_cents), sum(l.total_incl_cents),
             (array_agg(l.product_description ORDER BY o.created_date DESC))[1], max(o.created_date)
        FROM o JOIN order_lines l ON l.order_id = o.id, v
       WHERE o.current_pastel_status <> 'Rejected'
       GROUP BY v.version, l.sku_code
      ON CONFLICT DO NOTHING
    ), old_statuses AS (
      DELETE FROM report_month_statuses
       WHERE tenant_id = ${t} AND customer_id = ${c} AND month = ${month}::date AND version <> (SELECT version FROM v)
    ), old_products AS (
      DELETE FROM report_month_products
       WHERE tenant_id = ${t} AND customer_id = ${c} AND month = ${month}::date AND version <> (SELECT version FROM v)
    )
    INSERT INTO report_months AS m (tenant_id, customer_id, month, version, order_count, excl_cents, incl_cents)
    SELECT ${t}, ${c}, ${month}::date, v.version,
           count(o.id) FILTER (WHERE o.current_pastel_status <> 'Rejected'),
           coalesce(sum(o.total_excl_cents) FILTER (WHERE o.current_pastel_status <> 'Rejected'), 0),
           coalesce(sum(o.total_incl_cents) FILTER (WHERE o.current_pastel_status <> 'Rejected'), 0)
      FROM v LEFT JOIN o ON true GROUP BY v.version
    ON CONFLICT (tenant_id, customer_id, month) DO UPDATE
       SET version = excluded.version, order_count = excluded.order_count,
           excl_cents = excluded.excl_cents, incl_cents = excluded.incl_cents
     WHERE m.version < excluded.version`.execute(db);
}

/**
 * Makes the sums of every month from `from` to `to` (YYYY-MM-01, inclusive) current: builds the
 * months never built and those written to since. Usually none or this month alone.
 */
export async function currentMonthSums(db: Db, scope: MonthScope, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ month: string }>`
    SELECT to_char(w.month, 'YYYY-MM-DD') AS month
      FROM generate_series(${from}::date, ${to}::date, interval '1 month') w(month)
      LEFT JOIN report_month_versions v
        ON v.tenant_id = ${scope.tenantId} AND v.customer_id = ${scope.customerId} AND v.month = w.month
      LEFT JOIN report_months b
        ON b.tenant_id = ${scope.tenantId} AND b.customer_id = ${scope.customerId} AND b.month = w.month
     WHERE b.version IS DISTINCT FROM coalesce(v.version, 0)`.execute(db);
  for (const { month } of rows) await buildMonth(db, scope, month);
}
