// The search's shared cache (decision 118), through POST /api/Product/ProductSearch on the real
// app: answers are kept and shared by everyone asking alike, and dropped the moment stock,
// prices, products or synonyms change. To see that an answer came from memory, some changes
// are made with the database's triggers off (`session_replication_role = replica`), so nobody
// is told: only a kept answer can then still show the old state.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSearchRequest, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type { SavedSynonymGroups } from "@trade-shop/contracts/catalogue-search";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/database";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { eventually } from "../../../test/product-search";
import { createSearchCache, SEARCH_CHANGES_CHANNEL } from "./search-cache";

let t: TestApp;
let trader: string;
let spaza: string;
let staff: string;
/** A category with more products than one page, and the trader's warehouse and price list. */
let category: string;
let traderWarehouse: string;
let traderPriceList: number;

beforeAll(async () => {
  t = await createTestApp();
  [trader, spaza, staff] = await Promise.all([t.login("trader"), t.login("spaza"), t.login("staff")]);
  const picked = await one(sql<{ category: string }>`
    SELECT category FROM products WHERE active GROUP BY category HAVING count(*) > 60 ORDER BY category LIMIT 1`);
  category = picked.category;
  const customer = await one(sql<{ warehouse: string; priceList: number }>`
    SELECT stocking_warehouse_code AS warehouse, pricelist_id AS price_list FROM customers WHERE account_id = 'CUS0001'`);
  traderWarehouse = customer.warehouse;
  traderPriceList = customer.priceList;
});
afterAll(() => t.close());

async function search(
  body: Partial<ProductSearchRequest>,
  who: { token?: string; tenantId?: string } = {},
): Promise<ProductSearchResult> {
  const res = await t.request({ method: "POST", url: "/api/Product/ProductSearch", body, ...who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function one<T>(query: RawBuilder<T>): Promise<T> {
  const { rows } = await query.execute(t.database.db);
  if (!rows[0]) throw new Error("the query found no row");
  return rows[0];
}

/** A change nobody is told of: the triggers (and so the NOTIFYs) are off for it. */
async function quietly(query: RawBuilder<unknown>) {
  await t.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await query.execute(trx);
  });
}

let probes = 1_000;

/**
 * Waits until this process has heard every change announced so far (the finishing touches of
 * earlier tests included), so that none of them drops an answer a test expects kept.
 * Notifications arrive in the order they were sent: one of our own, whose effect only a heard
 * notification can show, comes after them all. Its effect is on a category no other test
 * reads, and on a page number asked for once.
 */
async function allChangesHeard() {
  const { category: other, skuCode } = await one(sql<{ category: string; skuCode: string }>`
    SELECT category, min(sku_code) AS sku_code FROM products WHERE active AND category <> ${category}
     GROUP BY category ORDER BY category DESC LIMIT 1`);
  const probe = { categoryFilter: other, pageNumber: ++probes };
  const before = await search(probe);
  await quietly(sql`UPDATE products SET active = false WHERE sku_code = ${skuCode}`);
  try {
    await sql`SELECT pg_notify(${SEARCH_CHANGES_CHANNEL}, 'catalogue')`.execute(t.database.db);
    const heard = await eventually(
      () => search(probe),
      (r) => r.total === before.total - 1,
    );
    expect(heard.total).toBe(before.total - 1);
  } finally {
    await quietly(sql`UPDATE products SET active = true WHERE sku_code = ${skuCode}`);
  }
}

describe("POST /api/Product/ProductSearch, kept answers", () => {
  it("answers a second identical request from memory until a change is announced", async () => {
    await allChangesHeard();
    const browse = { categoryFilter: category };
    const first = await search(browse);
    const hidden = first.skuResults.at(-1)!.skuCode;
    await quietly(sql`UPDATE products SET active = false WHERE sku_code = ${hidden}`);
    try {
      // The same request: the kept total. Another page size is not kept yet and sees the change.
      expect((await search(browse)).total).toBe(first.total);
      expect((await search({ ...browse, resultsPerPage: 48 })).total).toBe(first.total - 1);
      // Told of a change, the process drops the answer.
      await sql`SELECT pg_notify(${SEARCH_CHANGES_CHANNEL}, 'catalogue')`.execute(t.database.db);
      const after = await eventually(
        () => search(browse),
        (r) => r.total === first.total - 1,
      );
      expect(after.total).toBe(first.total - 1);
    } finally {
      await sql`UPDATE products SET active = true WHERE sku_code = ${hidden}`.execute(t.database.db);
    }
    expect(
      (
        await eventually(
          () => search(browse),
          (r) => r.total === first.total,
        )
      ).total,
    ).toBe(first.total);
  });

  it("shows the stock of the page's rows as it is now, and drops in-stock answers when a product runs out", async () => {
    const inStock = { categoryFilter: category, inStockOnly: true };
    const before = await search(inStock, { token: trader });
    const product = before.skuResults[0]!;
    expect(product.stockOnHand).toBeGreaterThan(0);
    // Stock that does not run out keeps the answer but not the page's figures: the kept page
    // is dropped when the stock-levels NOTIFY arrives (a moment after the commit, on PostgreSQL).
    await sql`UPDATE stock SET on_hand = on_hand + 5
               WHERE warehouse_code = ${traderWarehouse} AND sku_code = ${product.skuCode}`.execute(
      t.database.db,
    );
    const more = await eventually(
      () => search(inStock, { token: trader }),
      (r) => r.skuResults[0]?.stockOnHand === product.stockOnHand + 5,
    );
    expect(more.skuResults[0]!.stockOnHand).toBe(product.stockOnHand + 5);

    await sql`UPDATE stock SET on_hand = 0
               WHERE warehouse_code = ${traderWarehouse} AND sku_code = ${product.skuCode}`.execute(
      t.database.db,
    );
    try {
      const after = await eventually(
        () => search(inStock, { token: trader }),
        (r) => r.total === before.total - 1,
      );
      expect(after.total).toBe(before.total - 1);
      expect(after.skuResults.map((p) => p.skuCode)).not.toContain(product.skuCode);
    } finally {
      await sql`UPDATE stock SET on_hand = ${product.stockOnHand}
                 WHERE warehouse_code = ${traderWarehouse} AND sku_code = ${product.skuCode}`.execute(
        t.database.db,
      );
    }
  });

  it("keeps the answers that do not filter by stock when a product runs out", async () => {
    await allChangesHeard();
    const browse = { categoryFilter: category };
    const inStock = { ...browse, inStockOnly: true };
    const kept = await search(browse, { token: trader });
    const before = await search(inStock, { token: trader });
    const product = before.skuResults[0]!;
    const hidden = kept.skuResults.find((p) => p.skuCode !== product.skuCode)!.skuCode;
    await quietly(sql`UPDATE products SET active = false WHERE sku_code = ${hidden}`);
    await sql`UPDATE stock SET on_hand = 0
               WHERE warehouse_code = ${traderWarehouse} AND sku_code = ${product.skuCode}`.execute(
      t.database.db,
    );
    try {
      const after = await eventually(
        () => search(inStock, { token: trader }),
        (r) => !r.skuResults.some((p) => p.skuCode === product.skuCode),
      );
      expect(after.skuResults.map((p) => p.skuCode)).not.toContain(product.skuCode);
      // Heard, and the browse without the filter is still the kept one (the hidden product counted).
      expect((await search(browse, { token: trader })).total).toBe(kept.total);
    } finally {
      await sql`UPDATE stock SET on_hand = ${product.stockOnHand}
                 WHERE warehouse_code = ${traderWarehouse} AND sku_code = ${product.skuCode}`.execute(
        t.database.db,
      );
      await sql`UPDATE products SET active = true WHERE sku_code = ${hidden}`.execute(t.database.db);
    }
  });

  it("shows visitors a page's stock and images as they are now", async () => {
    const browse = { categoryFilter: category, sortBy: "description" as const };
    const before = await search(browse);
    const product = before.skuResults.find((p) => p.imageUrl !== null && p.stockOnHand > 0)!;
    const warehouse = product.stockingWarehouseCode;
    await sql`UPDATE stock SET on_hand = on_hand + 3
               WHERE warehouse_code = ${warehouse} AND sku_code = ${product.skuCode}`.execute(t.database.db);
    const shown = (r: ProductSearchResult) => r.skuResults.find((p) => p.skuCode === product.skuCode)!;
    try {
      const more = await eventually(
        () => search(browse),
        (r) => shown(r).stockOnHand === product.stockOnHand + 3,
      );
      expect(shown(more).stockOnHand).toBe(product.stockOnHand + 3);
      // Another cover (as an upload would give): the page's image address follows.
      await sql`UPDATE product_images SET content_hash = content_hash || 'x' WHERE sku_code = ${product.skuCode}`.execute(
        t.database.db,
      );
      try {
        const changed = await eventually(
          () => search(browse),
          (r) => shown(r).imageUrl !== product.imageUrl,
        );
        expect(shown(changed).imageUrl).not.toBe(product.imageUrl);
      } finally {
        await sql`UPDATE product_images SET content_hash = left(content_hash, -1)
                   WHERE sku_code = ${product.skuCode}`.execute(t.database.db);
      }
    } finally {
      await sql`UPDATE stock SET on_hand = ${product.stockOnHand}
                 WHERE warehouse_code = ${warehouse} AND sku_code = ${product.skuCode}`.execute(
        t.database.db,
      );
    }
  });

  it("shows a customer their price list's price and their tenant's deals as they are now", async () => {
    const browse = { categoryFilter: category, sortBy: "description" as const, resultsPerPage: 12 as const };
    const before = await search(browse, { token: trader });
    const product = before.skuResults.find((p) => p.dealReference === null)!;
    const shown = (r: ProductSearchResult) => r.skuResults.find((p) => p.skuCode === product.skuCode)!;
    const { old } = await one(sql<{ old: number | null }>`
      SELECT (SELECT list_price_cents::int FROM price_list_prices
               WHERE price_list_id = ${traderPriceList} AND sku_code = ${product.skuCode}) AS old`);
    const cents = Math.round(product.listPriceExcl * 100) + 123;
    await sql`INSERT INTO price_list_prices (price_list_id, sku_code, list_price_cents)
              VALUES (${traderPriceList}, ${product.skuCode}, ${cents})
              ON CONFLICT (price_list_id, sku_code) DO UPDATE SET list_price_cents = excluded.list_price_cents`.execute(
      t.database.db,
    );
    const reference = `ZQ${randomBytes(3).toString("hex")}`;
    try {
      const repriced = await eventually(
        () => search(browse, { token: trader }),
        (r) => Math.round(shown(r).listPriceExcl * 100) === cents,
      );
      expect(Math.round(shown(repriced).listPriceExcl * 100)).toBe(cents);

      // A deal that starts in a moment: announced now, shown once it has started, with no
      // further notice (the kept page lasts until then only).
      await sql`INSERT INTO deals (tenant_id, deal_reference, sku_code, description, min_quantity, discount_percent, starts_at, ends_at)
                VALUES ('gauteng', ${reference}, ${product.skuCode}, 'Soon', 2, 10, now() + interval '1 second', now() + interval '1 hour')`.execute(
        t.database.db,
      );
      const notYet = await search(browse, { token: trader });
      expect(shown(notYet).dealReference).toBeNull();
      const started = await eventually(
        () => search(browse, { token: trader }),
        (r) => shown(r).dealReference === reference,
      );
      expect(shown(started).dealReference).toBe(reference);
    } finally {
      await sql`DELETE FROM deals WHERE deal_reference = ${reference}`.execute(t.database.db);
      await (
        old === null
          ? sql`DELETE FROM price_list_prices WHERE price_list_id = ${traderPriceList} AND sku_code = ${product.skuCode}`
          : sql`UPDATE price_list_prices SET list_price_cents = ${old}
               WHERE price_list_id = ${traderPriceList} AND sku_code = ${product.skuCode}`
      ).execute(t.database.db);
    }
  });

  it("re-sorts by price as soon as a price list changes", async () => {
    const byPrice = { categoryFilter: category, sortBy: "price" as const };
    const before = await search(byPrice, { token: trader });
    const cheapest = before.skuResults[0]!;
    const { top } = await one(sql<{ top: number }>`
      SELECT max(coalesce(plp.list_price_cents, p.list_price_cents))::int + 10000 AS top
        FROM products p LEFT JOIN price_list_prices plp ON plp.price_list_id = ${traderPriceList} AND plp.sku_code = p.sku_code
       WHERE p.category = ${category}`);
    const { old } = await one(sql<{ old: number | null }>`
      SELECT (SELECT list_price_cents::int FROM price_list_prices
               WHERE price_list_id = ${traderPriceList} AND sku_code = ${cheapest.skuCode}) AS old`);
    await sql`INSERT INTO price_list_prices (price_list_id, sku_code, list_price_cents)
              VALUES (${traderPriceList}, ${cheapest.skuCode}, ${top})
              ON CONFLICT (price_list_id, sku_code) DO UPDATE SET list_price_cents = excluded.list_price_cents`.execute(
      t.database.db,
    );
    try {
      const after = await eventually(
        () => search(byPrice, { token: trader }),
        (r) => r.skuResults[0]!.skuCode !== cheapest.skuCode,
      );
      expect(after.skuResults[0]!.skuCode).not.toBe(cheapest.skuCode);
      expect(after.skuResults.map((p) => p.skuCode)).not.toContain(cheapest.skuCode);
    } finally {
      await (
        old === null
          ? sql`DELETE FROM price_list_prices WHERE price_list_id = ${traderPriceList} AND sku_code = ${cheapest.skuCode}`
          : sql`UPDATE price_list_prices SET list_price_cents = ${old}
               WHERE price_list_id = ${traderPriceList} AND sku_code = ${cheapest.skuCode}`
      ).execute(t.database.db);
    }
  });

  it("finds a product by the words staff gave it at once", async () => {
    const word = `zq${randomBytes(4).toString("hex")}`;
    expect((await search({ descriptionFilter: word })).total).toBe(0);
    const { skuCode, description } = await one(sql<{ skuCode: string; description: string }>`
      SELECT sku_code, description FROM products WHERE active ORDER BY sku_code OFFSET 11 LIMIT 1`);
    const res = await t.request({
      method: "POST",
      url: "/api/Product/UpdateDescription",
      token: staff,
      body: { skuCode, updatedDescription: `${description} ${word}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const found = await search({ descriptionFilter: word });
      expect(found.skuResults.map((p) => p.skuCode)).toEqual([skuCode]);
    } finally {
      await sql`UPDATE products SET description = ${description} WHERE sku_code = ${skuCode}`.execute(
        t.database.db,
      );
    }
  });

  it("searches with a synonym staff added at once", async () => {
    const word = `zq${randomBytes(4).toString("hex")}`;
    expect((await search({ descriptionFilter: word })).total).toBe(0);
    const { n: chocolates } = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products WHERE active AND search_vector @@ to_tsquery('simple', 'chocolate')`);
    expect(chocolates).toBeGreaterThan(0);
    const saved = await t.request({ method: "GET", url: "/api/Product/Synonyms", token: staff });
    const groups = (saved.json() as SavedSynonymGroups).groups;
    const put = (body: unknown) =>
      t.request({ method: "PUT", url: "/api/Product/Synonyms", token: staff, body });
    const res = await put({ groups: [...groups, { terms: [word, "chocolate"] }] });
    expect(res.statusCode, res.body).toBe(200);
    try {
      expect((await search({ descriptionFilter: word })).total).toBe(chocolates);
    } finally {
      expect((await put({ groups })).statusCode).toBe(200);
    }
  });
});

describe("who shares a kept answer", () => {
  it("customers of one warehouse share the facets, each seeing their own price list's prices; sorting by price is shared by a price list only", async () => {
    const spazaBefore = await one(sql<{ warehouse: string; priceList: number }>`
      SELECT stocking_warehouse_code AS warehouse, pricelist_id AS price_list FROM customers WHERE account_id = 'CUS0002'`);
    expect(spazaBefore.priceList).not.toBe(traderPriceList);
    await sql`UPDATE customers SET stocking_warehouse_code = ${traderWarehouse} WHERE account_id = 'CUS0002'`.execute(
      t.database.db,
    );
    await allChangesHeard();
    const browse = { categoryFilter: category };
    const byPrice = { ...browse, sortBy: "price" as const };
    const first = await search(browse, { token: trader });
    await search(byPrice, { token: trader });
    const hidden = first.skuResults.at(-1)!.skuCode;
    await quietly(sql`UPDATE products SET active = false WHERE sku_code = ${hidden}`);
    try {
      const spazaBrowse = await search(browse, { token: spaza });
      // The trader's kept answer (it still counts the hidden product)...
      expect(spazaBrowse.total).toBe(first.total);
      expect(spazaBrowse.categoryResults).toEqual(first.categoryResults);
      expect(spazaBrowse.brandResults).toEqual(first.brandResults);
      // ...with the spaza's own prices on the page.
      const { rows: prices } = await sql<{ skuCode: string; cents: number }>`
        SELECT p.sku_code, coalesce(plp.list_price_cents, p.list_price_cents)::int AS cents
          FROM products p LEFT JOIN price_list_prices plp ON plp.price_list_id = ${spazaBefore.priceList} AND plp.sku_code = p.sku_code
         WHERE p.sku_code = ANY(${spazaBrowse.skuResults.map((p) => p.skuCode)}::text[])`.execute(
        t.database.db,
      );
      const spazaCents = new Map(prices.map((r) => [r.skuCode, r.cents]));
      for (const product of spazaBrowse.skuResults) {
        expect(Math.round(product.listPriceExcl * 100)).toBe(spazaCents.get(product.skuCode));
      }
      const traderPrices = new Map(first.skuResults.map((p) => [p.skuCode, p.listPriceExcl]));
      expect(spazaBrowse.skuResults.some((p) => traderPrices.get(p.skuCode) !== p.listPriceExcl)).toBe(true);

      // Sorted by price, another price list is another answer (not the trader's kept one)...
      expect((await search(byPrice, { token: spaza })).total).toBe(first.total - 1);
      // ...and the same price list the same answer.
      await sql`UPDATE customers SET pricelist_id = ${traderPriceList} WHERE account_id = 'CUS0002'`.execute(
        t.database.db,
      );
      expect((await search(byPrice, { token: spaza })).total).toBe(first.total);
    } finally {
      await sql`UPDATE customers SET stocking_warehouse_code = ${spazaBefore.warehouse}, pricelist_id = ${spazaBefore.priceList}
                 WHERE account_id = 'CUS0002'`.execute(t.database.db);
      await sql`UPDATE products SET active = true WHERE sku_code = ${hidden}`.execute(t.database.db);
    }
  });

  it("never answers one tenant with another tenant's kept answer", async () => {
    await allChangesHeard();
    const browse = { categoryFilter: category, resultsPerPage: 12 as const };
    const gauteng = await search(browse, { token: staff, tenantId: "gauteng" });
    const hidden = gauteng.skuResults.at(-1)!.skuCode;
    await quietly(sql`UPDATE products SET active = false WHERE sku_code = ${hidden}`);
    try {
      expect((await search(browse, { token: staff, tenantId: "coastal" })).total).toBe(gauteng.total - 1);
      // The first tenant's answer was kept: the change above was not announced.
      expect((await search(browse, { token: staff, tenantId: "gauteng" })).total).toBe(gauteng.total);
    } finally {
      await sql`UPDATE products SET active = true WHERE sku_code = ${hidden}`.execute(t.database.db);
    }
  });
});

describe("the cache while its change feed is not heard", () => {
  it("keeps nothing before it listens or after it stopped", async () => {
    const cache = createSearchCache(t.database, { warn() {}, error() {} });
    let computed = 0;
    const answer = () => cache.answer("k", new Set(), async () => ++computed);
    expect([await answer(), await answer()]).toEqual([1, 2]);
    await cache.start();
    expect([await answer(), await answer()]).toEqual([3, 3]);
    await cache.stop();
    expect([await answer(), await answer()]).toEqual([4, 5]);
  });
});

describe("another server process", () => {
  it("drops its kept answer when this one changes a product", async (ctx) => {
    if (t.database.kind !== "postgres") ctx.skip();
    const word = `zq${randomBytes(4).toString("hex")}`;
    const other = await secondApp();
    try {
      expect((await other.search({ descriptionFilter: word })).total).toBe(0);
      const { skuCode, description } = await one(sql<{ skuCode: string; description: string }>`
        SELECT sku_code, description FROM products WHERE active ORDER BY sku_code OFFSET 13 LIMIT 1`);
      const res = await t.request({
        method: "POST",
        url: "/api/Product/UpdateDescription",
        token: staff,
        body: { skuCode, updatedDescription: `${description} ${word}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      try {
        const seen = await eventually(
          () => other.search({ descriptionFilter: word }),
          (r) => r.total === 1,
        );
        expect(seen.skuResults.map((p) => p.skuCode)).toEqual([skuCode]);
      } finally {
        await sql`UPDATE products SET description = ${description} WHERE sku_code = ${skuCode}`.execute(
          t.database.db,
        );
      }
    } finally {
      await other.close();
    }
  });
});

/** A second server process's app on the same PostgreSQL database: its own pool, cache and feed. */
async function secondApp() {
  const database: Database = await openDatabase({
    databaseUrl: String(t.database.sessionConfig!.connectionString),
    dataDir: "",
    poolSize: 2,
  });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
  const app: FastifyInstance = await buildApp({ config, database, tokens: t.tokens });
  await app.ready();
  return {
    async search(body: Partial<ProductSearchRequest>): Promise<ProductSearchResult> {
      const res = await app.inject({
        method: "POST",
        url: "/api/Product/ProductSearch",
        headers: { "content-type": "application/json", cookie: "XSRF-TOKEN=x1", "x-xsrf-token": "x1" },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
