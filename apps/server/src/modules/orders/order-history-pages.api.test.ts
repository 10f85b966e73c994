// GET /api/Order a page at a time (decision 158): every order once, in order, across pages,
// with orders sharing one timestamp, with each filter, and never another account's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { HISTORY_PAGE, OrderHistory } from "@trade-shop/contracts/orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf } from "../../../test/fixtures";

/** Orders given to the trader beside the demo's: four timestamps, so most share theirs with others. */
const ADDED = 130;
const REFERENCE = "PAGED-REF";

describe("GET /api/Order: the history a page at a time", () => {
  let t: TestApp;
  let trader: string;
  let spaza: string;
  let traderId: number;
  let spazaId: number;
  /** A product none of the trader's demo orders has, on every third added order. */
  let sku: string;

  const page = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.request({ method: "GET", url: `/api/Order?${new URLSearchParams(query)}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return OrderHistory.parse(res.json());
  };
  const allPages = async (token: string, query: Record<string, string>, limit: number) => {
    const ids: number[] = [];
    for (let pages = 0; pages < 500; pages++) {
      const next = await page(token, {
        ...query,
        limit: String(limit),
        ...(ids.length ? { after: String(ids.at(-1)) } : {}),
      });
      ids.push(...next.map((o) => o.id));
      if (next.length < limit) return ids;
    }
    throw new Error("more than 500 pages");
  };
  /** The account's orders matching `where`, newest first, read straight from the table. */
  const expected = async (customerId: number, where = sql<boolean>`true`) => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM orders o WHERE o.customer_id = ${customerId} AND ${where}
       ORDER BY o.created_date DESC, o.id DESC`.execute(t.database.db);
    return rows.map((r) => r.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    spaza = await t.login("spaza");
    traderId = (await customerOf(t.database.db, "trader")).id;
    spazaId = (await customerOf(t.database.db, "spaza")).id;
    const db = t.database.db;
    const { rows: skus } = await sql<{ skuCode: string }>`
      SELECT p.sku_code FROM products p
       WHERE NOT EXISTS (SELECT 1 FROM order_lines l JOIN orders o ON o.id = l.order_id
                          WHERE l.sku_code = p.sku_code AND o.customer_id = ${traderId})
         AND NOT EXISTS (SELECT 1 FROM products q WHERE q.sku_code <> p.sku_code
                          AND (q.sku_code ILIKE '%' || p.sku_code || '%' OR q.description ILIKE '%' || p.sku_code || '%'))
       ORDER BY p.sku_code LIMIT 1`.execute(db);
    sku = skus[0]!.skuCode;
    // Copies of the trader's newest order at four instants (microseconds apart and the same),
    // with the statuses in turn and every third one with `sku` on a line.
    await sql`
      INSERT INTO orders (tenant_id, order_id, customer_id, user_id, order_reference, supplied_id, account_name,
                          total_excl_cents, total_incl_cents, current_pastel_status, created_by, created_date)
      SELECT o.tenant_id, 'TP' || (900000 + n), o.customer_id, o.user_id, gen_random_uuid(), ${REFERENCE} || '-' || n,
             o.account_name, 100 * n, 115 * n, (ARRAY['Pending','Invoiced','Delivered'])[1 + n % 3], o.created_by,
             timestamptz '2026-03-01 10:00:00.123456+00' + (n % 4) * interval '1 microsecond'
        FROM (SELECT * FROM orders WHERE customer_id = ${traderId} ORDER BY id DESC LIMIT 1) o,
             generate_series(1, ${ADDED}) n`.execute(db);
    await sql`
      INSERT INTO order_lines (order_id, line_number, sku_code, product_description, quantity, vat_rate,
                               list_price_excl_cents, unit_price_excl_cents, total_excl_cents, total_incl_cents, warehouse_code)
      SELECT o.id, 1, p.sku_code, p.description, 1, 15, 100, 100, 100, 115, c.stocking_warehouse_code
        FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.sku_code = ${sku}
       WHERE o.order_id LIKE 'TP9%' AND substr(o.order_id, 3)::int % 3 = 0`.execute(db);
  });
  afterAll(() => t.close());

  it("gives every order once, newest first, across pages, orders sharing a timestamp included", async () => {
    const all = await expected(traderId);
    expect(all.length).toBeGreaterThan(ADDED);
    for (const limit of [7, HISTORY_PAGE]) expect(await allPages(trader, {}, limit)).toEqual(all);
  });

  it("pages 50 orders unless asked for another size", async () => {
    const first = await page(trader);
    expect(first.map((o) => o.id)).toEqual((await expected(traderId)).slice(0, HISTORY_PAGE));
  });

  it("pages the orders found by status, reference and product the same way", async () => {
    expect(await allPages(trader, { status: "Invoiced" }, 6)).toEqual(
      await expected(traderId, sql`o.current_pastel_status = 'Invoiced'`),
    );
    expect(await allPages(trader, { search: REFERENCE.toLowerCase() }, 9)).toEqual(
      await expected(traderId, sql`o.supplied_id ILIKE ${`%${REFERENCE}%`}`),
    );
    const withSku = await expected(
      traderId,
      sql`EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.sku_code = ${sku})`,
    );
    expect(withSku.length).toBe(Math.floor(ADDED / 3));
    expect(await allPages(trader, { search: sku }, 8)).toEqual(withSku);
    expect(await allPages(trader, { search: sku, status: "Delivered" }, 4)).toEqual(
      await expected(
        traderId,
        sql`o.current_pastel_status = 'Delivered'
            AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.sku_code = ${sku})`,
      ),
    );
  });

  it("finds an order by its number through the search, as one of its page", async () => {
    const [target] = await expected(traderId, sql`o.order_id = 'TP900042'`);
    expect(await allPages(trader, { search: "tp900042" }, 10)).toEqual([target]);
  });

  it("neither repeats nor skips an order when a newer one is placed between pages", async () => {
    const first = await page(trader, { limit: "10" });
    await sql`
      INSERT INTO orders (tenant_id, order_id, customer_id, user_id, order_reference, account_name,
                          total_excl_cents, total_incl_cents, created_by)
      SELECT tenant_id, 'TP999999', customer_id, user_id, gen_random_uuid(), account_name, 1, 1, created_by
        FROM orders WHERE id = ${first[0]!.id}`.execute(t.database.db);
    const second = await page(trader, { limit: "10", after: String(first.at(-1)!.id) });
    const all = await expected(traderId);
    const at = all.indexOf(first.at(-1)!.id);
    expect(second.map((o) => o.id)).toEqual(all.slice(at + 1, at + 11));
  });

  it("never gives another account's orders, whatever the page or search", async () => {
    const traderOrders = new Set(await expected(traderId));
    const spazaPages = await allPages(spaza, {}, 3);
    expect(spazaPages).toEqual(await expected(spazaId));
    expect(spazaPages.some((id) => traderOrders.has(id))).toBe(false);
    // A page "after" the trader's order, asked by spaza, is empty: it is no order of spaza's.
    expect(await page(spaza, { after: String([...traderOrders][0]) })).toEqual([]);
    expect(await allPages(spaza, { search: REFERENCE }, 10)).toEqual([]);
    expect(await allPages(spaza, { search: sku }, 10)).toEqual([]);
    expect(await allPages(spaza, { search: "TP9" }, 10)).toEqual([]);
  });

  it("answers a bad page size or position with 400, not 500", async () => {
    const bad: Record<string, string>[] = [
      { limit: "0" },
      { limit: "101" },
      { limit: "ten" },
      { after: "0" },
      { after: "x" },
      { after: "99999999999" },
    ];
    for (const query of bad) {
      const res = await t.request({
        method: "GET",
        url: `/api/Order?${new URLSearchParams(query)}`,
        token: trader,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe("validation");
    }
  });
});
