// The account dashboard's reports, computed in SQL over one customer's orders in the last 12
// calendar months of South African time (contracts/reports.ts). All three read through
// orders_customer_idx (tenant_id, customer_id, created_date DESC); lines by their primary key.
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

export interface ReportScope {
  tenantId: string;
  customerId: number;
}

const ZONE = "Africa/Johannesburg";

/** The first instant of the month 11 months before the current one, and now. */
async function reportWindow(db: Db): Promise<{ from: Date; to: Date }> {
  const { rows } = await sql<{ from: Date; to: Date }>`
    SELECT (date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months') AT TIME ZONE ${ZONE} AS "from",
           now() AS "to"`.execute(db);
  return rows[0]!;
}

const iso = (window: { from: Date; to: Date }): ReportWindow => ({
  from: window.from.toISOString(),
  to: window.to.toISOString(),
});

export async function spendPerMonth(db: Db, scope: ReportScope): Promise<SpendPerMonth> {
  const window = await reportWindow(db);
  const { rows } = await sql<{ month: string; orderCount: number; exclCents: number; inclCents: number }>`
    WITH months AS (
      SELECT generate_series(date_trunc('month', ${window.from}::timestamptz AT TIME ZONE ${ZONE}),
                             date_trunc('month', ${window.to}::timestamptz AT TIME ZONE ${ZONE}),
                             interval '1 month') AS starts
    ), spent AS (
      SELECT date_trunc('month', o.created_date AT TIME ZONE ${ZONE}) AS starts,
             count(*) AS order_count, sum(o.total_excl_cents) AS excl_cents, sum(o.total_incl_cents) AS incl_cents
        FROM orders o
       WHERE o.tenant_id = ${scope.tenantId} AND o.customer_id = ${scope.customerId}
         AND o.created_date >= ${window.from} AND o.current_pastel_status <> 'Rejected'
       GROUP BY 1
    )
    SELECT to_char(m.starts, 'YYYY-MM') AS month, coalesce(s.order_count, 0) AS order_count,
           coalesce(s.excl_cents, 0) AS excl_cents, coalesce(s.incl_cents, 0) AS incl_cents
      FROM months m LEFT JOIN spent s ON s.starts = m.starts
     ORDER BY m.starts`.execute(db);
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
  const window = await reportWindow(db);
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
      SELECT l.sku_code, sum(l.quantity) AS quantity, count(DISTINCT o.id) AS order_count,
             sum(l.total_excl_cents) AS excl_cents, sum(l.total_incl_cents) AS incl_cents,
             (array_agg(l.product_description ORDER BY o.created_date DESC))[1] AS ordered_as
        FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.tenant_id = ${scope.tenantId} AND o.customer_id = ${scope.customerId}
         AND o.created_date >= ${window.from} AND o.current_pastel_status <> 'Rejected'
       GROUP BY l.sku_code
    )
    SELECT b.sku_code, coalesce(p.description, b.ordered_as) AS product_description, br.name AS brand,
           b.quantity, b.order_count, b.excl_cents, b.incl_cents
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
  const window = await reportWindow(db);
  const { rows } = await sql<{ status: OrderStatus; orderCount: number; inclCents: number }>`
    SELECT o.current_pastel_status AS status, count(*) AS order_count, sum(o.total_incl_cents) AS incl_cents
      FROM orders o
     WHERE o.tenant_id = ${scope.tenantId} AND o.customer_id = ${scope.customerId} AND o.created_date >= ${window.from}
     GROUP BY o.current_pastel_status`.execute(db);
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
