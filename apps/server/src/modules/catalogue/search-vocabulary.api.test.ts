// Search in the customer's words: synonyms, pack sizes and brands, "did you mean",
// searches that found nothing, and suggestions while typing. Expectations come from the
// seeded catalogue, read with SQL, never from hard-coded results.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type {
  SavedSynonymGroups as SynonymGroups,
  Suggestions,
  ZeroResultSearches,
} from "@trade-shop/contracts/catalogue-search";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/database";
import { expectProblem } from "../../../test/route-table";
import { productSearchOn } from "../../../test/product-search";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let trader: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [trader, staff] = await Promise.all([t.login("trader"), t.login("staff")]);
});
afterAll(() => t.close());

const { search, allResults } = productSearchOn(() => t);

async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(t.database.db)).rows;
}

async function one<T>(query: ReturnType<typeof sql<T>>): Promise<T> {
  const [row] = await rows(query);
  if (!row) throw new Error("the query found no row");
  return row;
}

async function getSynonyms(token = staff): Promise<SynonymGroups> {
  const res = await t.request({ method: "GET", url: "/api/Product/Synonyms", token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const putSynonyms = (body: unknown, token = staff) =>
  t.request({ method: "PUT", url: "/api/Product/Synonyms", token, body });

describe("synonyms in the search", () => {
  it('"crisps" finds the Chips products, Chips first', async () => {
    const { n: chipsProducts } = await one(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE active AND category = 'Chips'`,
    );
    const crisps = await search({ descriptionFilter: "crisps", resultsPerPage: 48 });
    const chips = await search({ descriptionFilter: "chips", resultsPerPage: 48 });
    // The catalogue never says crisps: everything found is what "chips" finds.
    const { n: sayCrisps } = await one(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM products WHERE active AND search_vector @@ to_tsquery('simple', 'crisps:*')`,
    );
    expect(sayCrisps).toBe(0);
    expect(crisps.total).toBe(chips.total);
    expect(crisps.total).toBeGreaterThanOrEqual(chipsProducts);
    expect(crisps.skuResults).toHaveLength(48);
    expect(crisps.skuResults.every((p) => p.skuCategory === "Chips")).toBe(true);
  });

  it('"cooldrink", "cold drink" and "fizzy" find the soft drinks, soft drinks first', async () => {
    const { n: softDrinks } = await one(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM products WHERE active AND sub_category = 'Soft Drinks'`,
    );
    expect(softDrinks).toBeGreaterThan(24);
    for (const words of ["cooldrink", "cold drink", "Cool Drinks"]) {
      const result = await search({ descriptionFilter: words });
      expect(result.total, words).toBeGreaterThanOrEqual(softDrinks);
      expect(
        result.skuResults.every((p) => p.skuSubCategory === "Soft Drinks"),
        `${words}: ${result.skuResults.map((p) => p.skuDescription).join(", ")}`,
      ).toBe(true);
      expect(result.correctedSearchText).toBeNull();
    }
  });

  it("lets staff read the groups and a customer neither read nor change them", async () => {
    const groups = await getSynonyms();
    expect(groups.groups.find((g) => g.terms.includes("crisps"))?.terms).toContain("chips");
    for (const res of [
      await t.request({ method: "GET", url: "/api/Product/Synonyms", token: trader }),
      await putSynonyms(groups, trader),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(expectProblem(res).code).toBe("forbidden");
    }
    const visitor = await t.request({ method: "PUT", url: "/api/Product/Synonyms", body: groups });
    expect(visitor.statusCode).toBe(401);
  });

  it("refuses a term in two groups, a group of one and a term too long, naming each field", async () => {
    const twice = await putSynonyms({ groups: [{ terms: ["fizzy", "soda"] }, { terms: ["Soda ", "pop"] }] });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(expectProblem(twice).errors ?? {})).toContain("groups.1.terms.0");

    const lonely = await putSynonyms({ groups: [{ terms: ["alone"] }] });
    expect(lonely.statusCode).toBe(400);
    expect(Object.keys(expectProblem(lonely).errors ?? {})).toContain("groups.0.terms");

    const long = await putSynonyms({ groups: [{ terms: ["x".repeat(41), "short"] }] });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(expectProblem(long).errors ?? {})).toContain("groups.0.terms.0");

    // Nothing was changed by the refusals.
    expect((await getSynonyms()).groups.find((g) => g.terms.includes("fizzy"))?.terms).toContain("cooldrink");
  });

  it("uses a group staff add at once, in this process and in another on the same database", async () => {
    const word = `zq${randomBytes(3).toString("hex")}`;
    // A real catalogue word: the description word of a product chosen by the data.
    const { target } = await one(sql<{ target: string }>`
      SELECT term AS target FROM search_terms WHERE length(term) >= 6 AND documents BETWEEN 5 AND 60 ORDER BY term LIMIT 1`);
    const expected = (await search({ descriptionFilter: target })).total;
    expect(expected).toBeGreaterThan(0);

    const other = await secondApp();
    try {
      // The other process has read the vocabulary before the change.
      expect((await other.search(word)).total).toBe(0);
      expect((await search({ descriptionFilter: word })).total).toBe(0);

      const before = await getSynonyms();
      const res = await putSynonyms({
        groups: [...before.groups, { terms: [` ${word.toUpperCase()} `, target] }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SynonymGroups).groups.at(-1)).toEqual({ terms: [word, target] });

      expect((await search({ descriptionFilter: word })).total).toBe(expected);
      // The other process hears of it through the database (LISTEN/NOTIFY), within moments:
      // sooner than it would read the vocabulary again if it had not heard (search-vocabulary.ts).
      const until = Date.now() + 1_500;
      let seen = 0;
      while (Date.now() < until && seen !== expected) {
        seen = (await other.search(word)).total;
        if (seen !== expected) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toBe(expected);
    } finally {
      await other.close();
    }
  });
});

/**
 * A second server process's app on the same database: its own pool and feed on PostgreSQL;
 * on PGlite (one in-memory engine) the same engine, whose notifications reach both apps.
 */
async function secondApp() {
  const database: Database =
    t.database.kind === "postgres"
      ? await openDatabase({
          databaseUrl: String(t.database.sessionConfig!.connectionString),
          dataDir: "",
          poolSize: 2,
        })
      : t.database;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
  const app: FastifyInstance = await buildApp({ config, database, tokens: t.tokens });
  await app.ready();
  return {
    async search(descriptionFilter: string): Promise<ProductSearchResult> {
      const res = await app.inject({
        method: "POST",
        url: "/api/Product/ProductSearch",
        headers: { "content-type": "application/json", cookie: "XSRF-TOKEN=x1", "x-xsrf-token": "x1" },
        payload: JSON.stringify({ descriptionFilter }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

describe("pack sizes and brands", () => {
  it.each(["cola 2l", "Cola 2 L", "cola 2lt", "cola 2 litre", "coke 2000ml"])(
    "%s puts the 2 L colas first and still lists the rest",
    async (text) => {
      const { n: twoLitre } = await one(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM products
         WHERE active AND search_vector @@ to_tsquery('simple', 'cola:*') AND capacity = '2 L'`);
      const { n: colas } = await one(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM products WHERE active AND search_vector @@ to_tsquery('simple', 'cola:*')`);
      expect(twoLitre).toBeGreaterThan(0);
      expect(colas).toBeGreaterThan(twoLitre);
      const found = await allResults(text);
      expect(found.length).toBeGreaterThanOrEqual(colas);
      const firstOther = found.findIndex((p) => p.capacity !== "2 L");
      expect(firstOther).toBe(twoLitre);
    },
  );

  it('"6x2l" puts packs of six 2 L bottles before other 2 L packs', async () => {
    const sixes = await rows(sql<{ skuCode: string }>`
      SELECT sku_code FROM products WHERE active AND search_vector @@ to_tsquery('simple', 'cola:*')
         AND capacity = '2 L' AND pack_size = '6'`);
    expect(sixes.length).toBeGreaterThan(0);
    const found = await allResults("cola 6x2l");
    expect(new Set(found.slice(0, sixes.length).map((p) => p.skuCode))).toEqual(
      new Set(sixes.map((s) => s.skuCode)),
    );
    expect(found.slice(0, sixes.length).every((p) => p.packSize === 6 && p.capacity === "2 L")).toBe(true);
  });

  it("a size alone lists that size only", async () => {
    const { n } = await one(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE active AND capacity = '500 ml'`,
    );
    const result = await search({ descriptionFilter: "500ml" });
    expect(result.total).toBe(n);
    expect(result.skuResults.every((p) => p.capacity === "500 ml")).toBe(true);
  });

  it("puts the products of a brand named before those that only mention the word", async () => {
    // A brand's first word that other brands' descriptions also use, found in the data.
    const [pick] = await rows(sql<{ word: string }>`
      SELECT lower(split_part(b.name, ' ', 1)) AS word FROM brands b
       WHERE length(split_part(b.name, ' ', 1)) >= 3
         AND EXISTS (SELECT 1 FROM products p JOIN brands o ON o.id = p.brand_id
                      WHERE p.active AND lower(split_part(o.name, ' ', 1)) <> lower(split_part(b.name, ' ', 1))
                        AND p.search_vector @@ to_tsquery('simple', lower(split_part(b.name, ' ', 1)) || ':A'))
       ORDER BY 1 LIMIT 1`);
    expect(pick).toBeDefined();
    const word = pick!.word;
    const found = await allResults(word);
    const ofBrand = (p: Product) => p.skuBrand.toLowerCase().split(/[^\p{L}\p{N}]+/u)[0] === word;
    expect(found.some(ofBrand)).toBe(true);
    expect(found.some((p) => !ofBrand(p))).toBe(true);
    const lastOfBrand = found.map(ofBrand).lastIndexOf(true);
    const firstOther = found.findIndex((p) => !ofBrand(p));
    expect(lastOfBrand, `${word}: ${found.map((p) => p.skuDescription).join(", ")}`).toBeLessThan(firstOther);
  });
});

describe("did you mean", () => {
  it("says which words were searched instead of misspelt ones, and nothing for good ones", async () => {
    const typo = await search({ descriptionFilter: "Milk choclate" });
    expect(typo.total).toBeGreaterThan(0);
    expect(typo.searchFilter).toBe("Milk choclate");
    const corrected = typo.correctedSearchText!;
    expect(corrected).toMatch(/^Milk \S+$/);
    const word = corrected.split(" ")[1]!;
    expect(word).not.toBe("choclate");
    // The word searched instead is a word of the catalogue, and the typo is not.
    const known = await rows(
      sql<{ term: string }>`SELECT term FROM search_terms WHERE term IN (${word}, 'choclate')`,
    );
    expect(known.map((k) => k.term)).toEqual([word]);
    const again = await search({ descriptionFilter: corrected });
    expect(again.total).toBeGreaterThan(0);
    expect(again.correctedSearchText).toBeNull();
    // "Search instead for": the words as typed, not corrected.
    const exactly = await search({ descriptionFilter: "Milk choclate", searchExactly: true });
    expect(exactly).toMatchObject({ total: 0, correctedSearchText: null });
  });
});

describe("searches that found nothing", () => {
  const nonsense = `chocolates qz${randomBytes(3).toString("hex")}`;

  it("answers with the nearest category and popular products, and counts the search for staff", async () => {
    const result = await search({ descriptionFilter: `  ${nonsense.toUpperCase()} ` }, trader);
    expect(result.total).toBe(0);
    expect(result.noResults?.nearestCategory).toMatchObject({ category: "Chocolates", subCategory: null });
    const { n: chocolates } = await one(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE active AND category = 'Chocolates'`,
    );
    expect(result.noResults?.nearestCategory?.products).toBe(chocolates);
    // What the trader's tenant ordered most, priced for the trader.
    const popular = await rows(sql<{ skuCode: string }>`
      SELECT l.sku_code FROM orders o JOIN order_lines l ON l.order_id = o.id
        JOIN products p ON p.sku_code = l.sku_code AND p.active
        JOIN users u ON u.username = 'trader' JOIN customers c ON c.id = u.customer_id
       WHERE o.tenant_id = c.tenant_id AND o.created_date > now() - interval '90 days'
       GROUP BY l.sku_code ORDER BY sum(l.quantity) DESC, l.sku_code LIMIT 6`);
    expect(popular.length).toBeGreaterThan(0);
    expect(result.noResults?.popularProducts.map((p) => p.skuCode)).toEqual(popular.map((p) => p.skuCode));

    await search({ descriptionFilter: nonsense });
    const found = await search({ descriptionFilter: "chocolate" });
    expect(found.noResults).toBeNull();

    // Staff see their tenant's misses (the trader's here) with visitors'.
    const { tenantId } = await one(sql<{ tenantId: string }>`
      SELECT c.tenant_id FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.username = 'trader'`);
    const res = await t.request({
      method: "GET",
      url: "/api/Product/ZeroResultSearches",
      token: staff,
      tenantId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ZeroResultSearches;
    expect(list.tenantId).toBe(tenantId);
    const entry = list.searches.find((s) => s.searchText === nonsense);
    expect(entry).toMatchObject({ searches: 2, days: 1, requests: 0, notes: [] });
    expect(list.searches.some((s) => s.searchText === "chocolate")).toBe(false);
    // One row for the text today, however often it is searched.
    const stored = await rows(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM search_misses WHERE search_text = ${nonsense}`,
    );
    expect(stored[0]!.n).toBeLessThanOrEqual(2);
  });

  it("takes what a searcher was looking for and shows it to staff only", async () => {
    const text = `zz nothing ${randomBytes(3).toString("hex")}`;
    await search({ descriptionFilter: text });
    const sent = await t.request({
      method: "POST",
      url: "/api/Product/SearchRequests",
      body: { searchText: text, note: "The 5 kg tub of the red one" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true });

    const empty = await t.request({
      method: "POST",
      url: "/api/Product/SearchRequests",
      body: { searchText: " " },
    });
    expect(empty.statusCode).toBe(400);

    const list = (
      await t.request({ method: "GET", url: "/api/Product/ZeroResultSearches?limit=200", token: staff })
    ).json() as ZeroResultSearches;
    expect(list.searches.find((s) => s.searchText === text)).toMatchObject({
      requests: 1,
      notes: ["The 5 kg tub of the red one"],
    });
    const customer = await t.request({
      method: "GET",
      url: "/api/Product/ZeroResultSearches",
      token: trader,
    });
    expect(customer.statusCode).toBe(403);
  });

  it("limits how often one address may send them, with the shop's rate limiter", async () => {
    // AUTH_RATE_LIMIT_FACTOR scales every limit: 0.2 of 10 an hour is 2.
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "0.2" } });
    try {
      const send = (remoteAddress: string) =>
        limited.request({
          method: "POST",
          url: "/api/Product/SearchRequests",
          body: { searchText: "red tub" },
          remoteAddress,
        });
      expect((await send("10.9.0.1")).statusCode).toBe(200);
      expect((await send("10.9.0.1")).statusCode).toBe(200);
      const third = await send("10.9.0.1");
      expect(third.statusCode).toBe(429);
      expect(expectProblem(third).code).toBe("rate_limited");
      expect(third.headers["retry-after"]).toBeDefined();
      // Another address is counted on its own.
      expect((await send("10.9.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/Product/Suggest", () => {
  async function suggest(q: string): Promise<Suggestions> {
    const res = await t.request({ method: "GET", url: `/api/Product/Suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("suggests products, brands and categories for the letters typed", async () => {
    // A brand's first word, cut short as if still being typed.
    const [brand] = await rows(sql<{ name: string }>`
      SELECT b.name FROM brands b WHERE EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id AND p.active)
       ORDER BY b.name LIMIT 1`);
    const letters = brand!.name.toLowerCase().slice(0, 4);
    const result = await suggest(letters);
    expect(result.brands.map((b) => b.name)).toContain(brand!.name);
    expect(result.brands.length).toBeLessThanOrEqual(3);
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products.length).toBeLessThanOrEqual(6);
    for (const product of result.products) {
      const words = `${product.description} ${product.brand}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
      expect(
        words.some((w) => w.startsWith(letters)),
        product.description,
      ).toBe(true);
      expect(product).not.toHaveProperty("listPriceIncl");
    }
  });

  it("finds categories by their words and through synonyms", async () => {
    const pot = await suggest("pota");
    expect(pot.categories.map((c) => c.name)).toContain("Potato Chips");
    const potato = pot.categories.find((c) => c.name === "Potato Chips")!;
    expect(potato).toMatchObject({ category: "Chips", subCategory: "Potato Chips", subCategory3: null });
    const { n } = await one(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM products WHERE active AND sub_category = 'Potato Chips'`,
    );
    expect(potato.products).toBe(n);

    const crisps = await suggest("cris");
    expect(crisps.categories.map((c) => c.name)).toContain("Chips");
    expect(crisps.products.length).toBeGreaterThan(0);

    const drinks = await suggest("cooldr");
    expect(drinks.categories.map((c) => c.name)).toContain("Soft Drinks");
  });

  it("answers nothing for nothing typed, and one letter with no products", async () => {
    expect(await suggest("  ")).toMatchObject({ products: [], brands: [], categories: [] });
    expect((await suggest("k")).products).toEqual([]);
  });
});
