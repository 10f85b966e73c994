// /api/Reports from the kept month sums (decision 158): after every kind of write to an order or
// its lines, in this month or an earlier one, the reports equal the same sums over the orders
// themselves, so a kept month is never served after its orders changed.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrdersByStatus, SpendPerMonth, TopProducts } from "@trade-shop/contracts/reports";
import { customerOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/test-app";

const ZONE = "Africa/Johannesburg";

describe("/api/Reports: the kept month sums follow every write", () => {
  let t: TestApp;
  let trader: string;
  let traderId: number;

  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    traderId = (await customerOf(t.database.db, "trader")).id;
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.request({ method: "GET", url, token: trader });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };

  /** The three reports as the shop serves them. */
  const served = async () => ({
    spend: SpendPerMonth.parse(await get("/api/Reports/SpendPerMonth")).months,
    statuses: OrdersByStatus.parse(await get("/api/Reports/OrdersByStatus")).statuses.filter(
      (s) => s.orderCount > 0,
    ),
    top: TopProducts.parse(await get("/api/Reports/TopProducts?by=quantity&limit=50")).products.map((p) => [
      p.skuCode,
      p.quantity,
      p.orderCount,
      p.totalExcl,
    ]),
  });

  /** The same figures summed over the orders and lines of the window, in SQL, as before the sums were kept. */
  const direct = async () => {
    const db = t.database.db;
    const window = sql`o.customer_id = ${traderId}
      AND o.created_date >= (date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months') AT TIME ZONE ${ZONE}`;
    const { rows: spend } = await sql<{ month: string; n: string; excl: string; incl: string }>`
      SELECT to_char(m, 'YYYY-MM') AS month, count(o.id) AS n, coalesce(sum(o.total_excl_cents), 0) AS excl,
             coalesce(sum(o.total_incl_cents), 0) AS incl
        FROM generate_series(date_trunc('month', now() AT TIME ZONE ${ZONE}) - interval '11 months',
                             date_trunc('month', now() AT TIME ZONE ${ZONE}), interval '1 month') m
        LEFT JOIN orders o ON ${window} AND o.current_pastel_status <> 'Rejected'
                          AND date_trunc('month', o.created_date AT TIME ZONE ${ZONE}) = m
       GROUP BY m ORDER BY m`.execute(db);
    const { rows: statuses } = await sql<{ status: string; n: string; incl: string }>`
      SELECT o.current_pastel_status AS status, count(*) AS n, sum(o.total_incl_cents) AS incl
        FROM orders o WHERE ${window} GROUP BY 1`.execute(db);
    const { rows: top } = await sql<{ sku: string; q: string; n: string; excl: string }>`
      SELECT l.sku_code AS sku, sum(l.quantity) AS q, count(DISTINCT o.id) AS n, sum(l.total_excl_cents) AS excl
        FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE ${window} AND o.current_pastel_status <> 'Rejected'
       GROUP BY 1 ORDER BY q DESC, excl DESC, sku LIMIT 50`.execute(db);
    return {
      spend: spend.map((r) => ({
        month: r.month,
        orderCount: Number(r.n),
        totalExcl: Number(r.excl) / 100,
        totalIncl: Number(r.incl) / 100,
      })),
      statuses: statuses.map((r) => ({
        status: r.status,
        orderCount: Number(r.n),
        totalIncl: Number(r.incl) / 100,
      })),
      top: top.map((r) => [r.sku, Number(r.q), Number(r.n), Number(r.excl) / 100]),
    };
  };

  const expectSame = async () => {
    const shop = await served();
    const sums = await direct();
    expect(shop.spend).toEqual(sums.spend);
    expect(shop.statuses).toEqual(expect.arrayContaining(sums.statuses));
    expect(shop.statuses).toHaveLength(sums.statuses.length);
    expect(shop.top).toEqual(sums.top);
  };

  /** One of the trader's orders placed `monthsAgo` months back, with its lines. */
  const orderOf = async (monthsAgo: number) => {
    const { rows } = await sql<{ id: number }>`
      SELECT o.id FROM orders o
       WHERE o.customer_id = ${traderId} AND o.current_pastel_status <> 'Rejected'
         AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)
         AND date_trunc('month', o.created_date AT TIME ZONE ${ZONE})
             = date_trunc('month', now() AT TIME ZONE ${ZONE}) - ${monthsAgo} * interval '1 month'
       ORDER BY o.id LIMIT 1`.execute(t.database.db);
    return rows[0]?.id;
  };

  it("serves the sums of the orders themselves, the months kept after the first report", async () => {
    await expectSame();
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM report_months WHERE customer_id = ${traderId}`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(12);
    await expectSame();
  });

  it("follows a status, a line and a total changed in an earlier month, an order moved and one removed", async () => {
    await expectSame();
    const db = t.database.db;
    // An order of three months ago rejected: it leaves spend and top products, and moves status.
    const rejected = (await orderOf(3)) ?? (await orderOf(2));
    expect(rejected).toBeDefined();
    await sql`UPDATE orders SET current_pastel_status = 'Rejected' WHERE id = ${rejected!}`.execute(db);
    await expectSame();
    // A line of an order of five months ago bought more.
    const changed = (await orderOf(5)) ?? (await orderOf(4));
    expect(changed).toBeDefined();
    await sql`UPDATE order_lines SET quantity = quantity + 7, total_excl_cents = total_excl_cents + 700
               WHERE order_id = ${changed!} AND line_number = (SELECT min(line_number) FROM order_lines WHERE order_id = ${changed!})`.execute(
      db,
    );
    await sql`UPDATE orders SET total_excl_cents = total_excl_cents + 700, total_incl_cents = total_incl_cents + 805
               WHERE id = ${changed!}`.execute(db);
    await expectSame();
    // The same order moved a month back, and then another order's lines removed.
    await sql`UPDATE orders SET created_date = created_date - interval '1 month' WHERE id = ${changed!}`.execute(
      db,
    );
    await expectSame();
    const emptied = (await orderOf(1)) ?? (await orderOf(0));
    expect(emptied).toBeDefined();
    await sql`DELETE FROM order_lines WHERE order_id = ${emptied!}`.execute(db);
    await expectSame();
  });

  it("follows a new order of this month at once", async () => {
    await expectSame();
    const db = t.database.db;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO orders (tenant_id, order_id, customer_id, user_id, order_reference, account_name,
                          total_excl_cents, total_incl_cents, created_by)
      SELECT tenant_id, 'TR900001', customer_id, user_id, gen_random_uuid(), account_name, 5000, 5750, created_by
        FROM orders WHERE customer_id = ${traderId} ORDER BY id LIMIT 1
      RETURNING id`.execute(db);
    await sql`
      INSERT INTO order_lines (order_id, line_number, sku_code, product_description, quantity, vat_rate,
                               list_price_excl_cents, unit_price_excl_cents, total_excl_cents, total_incl_cents, warehouse_code)
      SELECT ${rows[0]!.id}, 1, sku_code, product_description, 999, vat_rate, 5, 5, 4995, 5744, warehouse_code
        FROM order_lines ORDER BY order_id LIMIT 1`.execute(db);
    await expectSame();
    const top = TopProducts.parse(await get("/api/Reports/TopProducts?by=quantity&limit=1")).products;
    expect(top[0]!.quantity).toBeGreaterThanOrEqual(999);
  });
});
