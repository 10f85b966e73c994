// The account dashboard's reports over one customer's orders in the last 12 calendar months of
// South African time (contracts/reports.ts). All three add up the months' kept sums
// (month-sums.ts), brought up to date first, rather than reading a year of orders and lines.
import { toRand } from "@trade-shop/contracts/common";
import { OrderStatus } from "@trade-shop/contracts/orders";
import type {
  OrdersByStatus,
  ReportWindow,
  SpendPerMonth,
  TopProducts,
  TopProductsBy,
} from "@trade-shop/contracts/reports";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { currentMonthSums } from "./month-sums";

export interface ReportScope {
  tenantId: string;
  customerId: number;
}

const ZONE = "Africa/Johannesburg";

/**
 * The first instant of the month 11 months before the current one, and now; and the first days
 * of those two months, with every month's sums between them made current.
 */
async function reportWindow(db: Db, scope: ReportScope) {
  const { rows } = await sql<{ from: Date; to: Date; fromMonth: string; toMonth: string }>`
    SELECT (date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months') AT TIME ZONE ${ZONE} AS "from",
           now() AS "to",
           to_char(date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months', 'YYYY-MM-DD') AS from_month,
           to_char(date_trunc('month', now() AT TIME ZONE ${ZONE}), 'YYYY-MM-DD') AS to_month`.execute(db);
  const window = rows[0]!;
  await currentMonthSums(db, scope, window.fromMonth, window.toMonth);
  return window;
}

/** The window's kept sums of `table`, each month's of the version last built. */
const keptSums = (
  table: "report_month_statuses" | "report_month_products",
  scope: ReportScope,
  fromMonth: string,
) =>
  sql`SELECT s.* FROM ${sql.table(table)} s
       WHERE s.tenant_id = ${scope.tenantId} AND s.customer_id = ${scope.customerId}
         AND s.month >= ${fromMonth}::date
         AND (s.month, s.version) IN (SELECT m.month, m.version FROM report_months m
                                       WHERE m.tenant_id = ${scope.tenantId} AND m.customer_id = ${scope.customerId}
                                         AND m.month >= ${fromMonth}::date)`;

const iso = (window: { from: Date; to: Date }): ReportWindow => ({
  from: window.from.toISOString(),
  to: window.to.toISOString(),
});

export async function spendPerMonth(db: Db, scope: ReportScope): Promise<SpendPerMonth> {
  const window = await reportWindow(db, scope);
  const { rows } = await sql<{ month: string; orderCount: number; exclCents: number; inclCents: number }>`
    SELECT to_char(w.month, 'YYYY-MM') AS month, coalesce(m.order_count, 0) AS order_count,
           coalesce(m.excl_cents, 0) AS excl_cents, coalesce(m.incl_cents, 0) AS incl_cents
      FROM generate_series(${window.fromMonth}::date, ${window.toMonth}::date, interval '1 month') w(month)
      LEFT JOIN report_months m
        ON m.tenant_id = ${scope.tenantId} AND m.customer_id = ${scope.customerId} AND m.month = w.month
     ORDER BY w.month`.execute(db);
  return {
    ...iso(window),
    months: rows.map((r) => ({
      month: r.month,
      orderCount: Number(r.orderCount),
      totalExcl: toRand(Number(r.exclCents)),
      totalIncl: toRand(Number(r.inclCents)),
    })),
  };
}

export async function topProducts(
  db: Db,
  scope: ReportScope,
  by: TopProductsBy,
  limit: number,
): Promise<TopProducts> {
  const window = await reportWindow(db, scope);
  const order = by === "spend" ? sql`excl_cents DESC, quantity DESC` : sql`quantity DESC, excl_cents DESC`;
  const { rows } = await sql<{
    skuCode: string;
    productDescription: string;
    brand: string | null;
    quantity: number;
    orderCount: number;
    exclCents: number;
    inclCents: number;
  }>`
    WITH bought AS (
      -- The top products from the months' sums first; names only for those.
      SELECT k.sku_code, sum(k.quantity) AS quantity, sum(k.order_count) AS order_count,
             sum(k.excl_cents) AS excl_cents, sum(k.incl_cents) AS incl_cents
        FROM (${keptSums("report_month_products", scope, window.fromMonth)}) k
       GROUP BY k.sku_code
       ORDER BY ${order}, k.sku_code
       LIMIT ${limit}
    )
    SELECT b.sku_code,
           coalesce(p.description, (
             SELECT k.ordered_as FROM (${keptSums("report_month_products", scope, window.fromMonth)}) k
              WHERE k.sku_code = b.sku_code ORDER BY k.ordered_at DESC LIMIT 1)) AS product_description,
           br.name AS brand, b.quantity, b.order_count, b.excl_cents, b.incl_cents
      FROM bought b
      LEFT JOIN products p ON p.sku_code = b.sku_code
      LEFT JOIN brands br ON br.id = p.brand_id
     ORDER BY ${order}, b.sku_code
     LIMIT ${limit}`.execute(db);
  return {
    ...iso(window),
    by,
    products: rows.map((r) => ({
      skuCode: r.skuCode,
      productDescription: r.productDescription,
      brand: r.brand,
      quantity: Number(r.quantity),
      orderCount: Number(r.orderCount),
      totalExcl: toRand(Number(r.exclCents)),
      totalIncl: toRand(Number(r.inclCents)),
    })),
  };
}

export async function ordersByStatus(db: Db, scope: ReportScope): Promise<OrdersByStatus> {
  const window = await reportWindow(db, scope);
  const { rows } = await sql<{ status: OrderStatus; orderCount: number; inclCents: number }>`
    SELECT k.status, sum(k.order_count) AS order_count, sum(k.incl_cents) AS incl_cents
      FROM (${keptSums("report_month_statuses", scope, window.fromMonth)}) k
     GROUP BY k.status`.execute(db);
  const found = new Map(rows.map((r) => [r.status, r]));
  return {
    ...iso(window),
    statuses: OrderStatus.options.map((status) => ({
      status,
      orderCount: Number(found.get(status)?.orderCount ?? 0),
      totalIncl: toRand(Number(found.get(status)?.inclCents ?? 0)),
    })),
  };
}
