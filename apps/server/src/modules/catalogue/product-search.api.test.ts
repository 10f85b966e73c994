import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CategoryResult,
  Product,
  ProductSearchRequest,
  ProductSearchResult,
} from "@trade-shop/contracts/catalogue";
import { eventually, productSearchOn } from "../../../test/product-search";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let trader: string;

beforeAll(async () => {
  t = await createTestApp();
  trader = await t.login("trader");
});
afterAll(() => t.close());

const { search } = productSearchOn(() => t);

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(t.database.db);
  return rows[0]!.n;
}

/** Every SKU the search matches, page by page. */
async function allSkus(body: Partial<ProductSearchRequest>, token?: string): Promise<Product[]> {
  const first = await search({ ...body, resultsPerPage: 48, pageNumber: 1 }, token);
  const rest = await Promise.all(
    Array.from({ length: first.pages - 1 }, (_, i) =>
      search({ ...body, resultsPerPage: 48, pageNumber: i + 2 }, token),
    ),
  );
  return [first, ...rest].flatMap((page) => page.skuResults);
}

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expectTreeAddsUp(tree: CategoryResult[]) {
  for (const category of tree) {
    expect(sumOf(category.subCategories.map((s) => s.count))).toBeLessThanOrEqual(category.categoryCount);
    for (const sub of category.subCategories) {
      expect(sumOf(sub.subCategory3s.map((s) => s.count))).toBeLessThanOrEqual(sub.count);
      for (const sub3 of sub.subCategory3s) {
        expect(sumOf(sub3.subCategory4s.map((s) => s.count))).toBeLessThanOrEqual(sub3.count);
      }
    }
  }
}

describe("POST /api/Product/ProductSearch: browsing and facets", () => {
  it("lists every active product with category counts that add up to the total", async () => {
    const result = await search({});
    const active = await count(sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE active`);
    expect(result.total).toBe(active);
    expect(result.pages).toBe(Math.ceil(active / 24));
    expect(result.currentPage).toBe(1);
    expect(result.resultCount).toBe(24);
    expect(sumOf(result.categoryResults.map((c) => c.categoryCount))).toBe(result.total);
    expectTreeAddsUp(result.categoryResults);
    expect(result.categoryResults.map((c) => c.category)).toEqual(
      expect.arrayContaining(["Chips", "Chocolates", "Liquor", "Sweets", "Beverages", "Biscuits", "Hygiene"]),
    );
    const brands = await count(
      sql<{ n: number }>`SELECT count(DISTINCT brand_id) AS n FROM products WHERE active`,
    );
    expect(result.brandResults).toHaveLength(brands);
    expect(result.brandResults[0]!.imageUrl).toMatch(/^\/images\/brands\/[a-z0-9-]+\.svg$/);
  });

  it("narrows to a category, whose count is then the total", async () => {
    const result = await search({ categoryFilter: "Chocolates" });
    const n = await count(
      sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE active AND category = 'Chocolates'`,
    );
    expect(result.total).toBe(n);
    expect(result.categoryResults).toHaveLength(1);
    expect(result.categoryResults[0]!.categoryCount).toBe(n);
    expect(result.skuResults.every((p) => p.skuCategory === "Chocolates")).toBe(true);
  });

  it("narrows by each sub-category level and keeps the siblings' counts in the tree", async () => {
    const { rows } = await sql<{
      category: string;
      subCategory: string;
      subCategory2: string;
      subCategory3: string;
      n: number;
    }>`
      SELECT category, sub_category, sub_category2, sub_category3, count(*) AS n FROM products
       WHERE active AND sub_category3 IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY n DESC, 1, 2, 3, 4 LIMIT 1`.execute(
      t.database.db,
    );
    const leaf = rows[0]!;
    const whole = await search({ categoryFilter: leaf.category });

    const bySub = await search({ categoryFilter: leaf.category, subCategory1Filter: leaf.subCategory });
    const subNode = bySub.categoryResults[0]!.subCategories.find((s) => s.subCategory === leaf.subCategory)!;
    expect(bySub.total).toBe(subNode.count);
    expect(bySub.skuResults.every((p) => p.skuSubCategory === leaf.subCategory)).toBe(true);
    // The tree does not narrow by its own levels: siblings stay, with the same counts.
    expect(bySub.categoryResults).toEqual(whole.categoryResults);

    const bySub2 = await search({
      categoryFilter: leaf.category,
      subCategory1Filter: leaf.subCategory,
      subCategory2Filter: leaf.subCategory2,
    });
    const sub2Node = subNode.subCategory3s.find((s) => s.subCategory3 === leaf.subCategory2)!;
    expect(bySub2.total).toBe(sub2Node.count);
    expect(bySub2.skuResults.every((p) => p.skuSubCategory2 === leaf.subCategory2)).toBe(true);

    const bySub3 = await search({
      categoryFilter: leaf.category,
      subCategory1Filter: leaf.subCategory,
      subCategory2Filter: leaf.subCategory2,
      subCategory3Filter: leaf.subCategory3,
    });
    expect(bySub3.total).toBe(leaf.n);
    expect(sub2Node.subCategory4s.find((s) => s.subCategory4 === leaf.subCategory3)!.count).toBe(leaf.n);
    expect(bySub3.skuResults.every((p) => p.skuSubCategory3 === leaf.subCategory3)).toBe(true);
  });

  it("narrows by brand (any letter case) and still offers the other brands of the category", async () => {
    const { rows } = await sql<{ name: string; n: number }>`
      SELECT b.name, count(*) AS n FROM products p JOIN brands b ON b.id = p.brand_id
       WHERE p.active AND p.category = 'Biscuits' GROUP BY b.name ORDER BY n DESC, b.name LIMIT 1`.execute(
      t.database.db,
    );
    const brand = rows[0]!;
    const result = await search({ categoryFilter: "Biscuits", brandFilter: brand.name.toUpperCase() });
    expect(result.total).toBe(brand.n);
    expect(result.brandFilter).toBe(brand.name.toUpperCase());
    expect(result.skuResults.every((p) => p.skuBrand === brand.name)).toBe(true);
    expect(result.categoryResults[0]!.categoryCount).toBe(brand.n);
    const unfiltered = await search({ categoryFilter: "Biscuits" });
    expect(result.brandResults).toEqual(unfiltered.brandResults);
    expect(result.brandResults.length).toBeGreaterThan(1);
  });

  it("shows featured products only", async () => {
    const n = await count(
      sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE active AND is_featured`,
    );
    const skus = await allSkus({ featuredProductsOnly: true });
    expect(skus).toHaveLength(n);
    const { rows } = await sql<{
      skuCode: string;
    }>`SELECT sku_code FROM products WHERE active AND is_featured`.execute(t.database.db);
    expect(new Set(skus.map((p) => p.skuCode))).toEqual(new Set(rows.map((r) => r.skuCode)));
  });

  it("shows new products only", async () => {
    const n = await count(sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE active AND is_new`);
    const result = await search({ newProductsOnly: true, resultsPerPage: 48 });
    expect(result.total).toBe(n);
    expect(result.skuResults.every((p) => p.isNewProduct)).toBe(true);
  });

  it("shows products in stock in the customer's own warehouse only", async () => {
    const n = await count(sql<{ n: number }>`
      SELECT count(*) AS n FROM products p
        JOIN users u ON u.username = 'trader' JOIN customers c ON c.id = u.customer_id
        JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = c.stocking_warehouse_code
       WHERE p.active AND s.on_hand > 0`);
    const all = await count(sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE active`);
    expect(n).toBeLessThan(all);
    const result = await search({ inStockOnly: true, resultsPerPage: 48 }, trader);
    expect(result.total).toBe(n);
    expect(result.skuResults.every((p) => p.stockOnHand > 0)).toBe(true);
  });

  it("follows stock running out and coming back", async () => {
    const { rows } = await sql<{ skuCode: string; warehouse: string; onHand: number }>`
      SELECT s.sku_code, s.warehouse_code AS warehouse, s.on_hand FROM stock s
        JOIN users u ON u.username = 'trader' JOIN customers c ON c.id = u.customer_id
       WHERE s.warehouse_code = c.stocking_warehouse_code AND s.on_hand > 0
       ORDER BY s.sku_code LIMIT 1`.execute(t.database.db);
    const { skuCode, warehouse, onHand } = rows[0]!;
    const inStock = async () =>
      (await search({ descriptionFilter: skuCode, inStockOnly: true }, trader)).skuResults.map(
        (p) => p.skuCode,
      );
    expect(await inStock()).toContain(skuCode);
    const setStock = (n: number) =>
      t.database.db
        .updateTable("stock")
        .set({ onHand: n })
        .where("skuCode", "=", skuCode)
        .where("warehouseCode", "=", warehouse)
        .execute();
    // The stock change reaches the kept search answers by NOTIFY (eventually: at once on PGlite).
    await setStock(0);
    expect(await eventually(inStock, (found) => !found.includes(skuCode))).not.toContain(skuCode);
    await setStock(onHand);
    expect(await eventually(inStock, (found) => found.includes(skuCode))).toContain(skuCode);
  });

  it("shows a visitor the products in stock in the warehouse shown to visitors, not in any warehouse", async () => {
    const inShown = await count(sql<{ n: number }>`
      SELECT count(*) AS n FROM products p WHERE p.active AND EXISTS (
        SELECT 1 FROM stock s JOIN warehouses w ON w.code = s.warehouse_code AND w.shown_to_visitors
         WHERE s.sku_code = p.sku_code AND s.on_hand > 0)`);
    const inAny = await count(sql<{ n: number }>`
      SELECT count(*) AS n FROM products p WHERE p.active AND EXISTS (SELECT 1 FROM stock s WHERE s.sku_code = p.sku_code AND s.on_hand > 0)`);
    expect(inShown).toBeLessThan(inAny);
    const result = await search({ inStockOnly: true });
    expect(result.total).toBe(inShown);
    expect(result.skuResults.every((p) => p.stockOnHand > 0 && p.stockingWarehouseCode === "JHB")).toBe(true);
  });

  it("combines text, category, flags and brand, with facets for that query", async () => {
    const result = await search(
      { descriptionFilter: "choc", categoryFilter: "Chocolates", inStockOnly: true },
      trader,
    );
    expect(result.total).toBeGreaterThan(0);
    expect(result.categoryResults[0]!.categoryCount).toBe(result.total);
    expect(result.skuResults.every((p) => p.skuCategory === "Chocolates" && p.stockOnHand > 0)).toBe(true);
    const brand = result.brandResults[0]!.name;
    const narrowed = await search(
      { descriptionFilter: "choc", categoryFilter: "Chocolates", inStockOnly: true, brandFilter: brand },
      trader,
    );
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThanOrEqual(result.total);
    expect(narrowed.skuResults.every((p) => p.skuBrand === brand)).toBe(true);
  });
});

describe("POST /api/Product/ProductSearch: sorting", () => {
  const inOrder = <T>(values: T[], compare: (a: T, b: T) => number) =>
    values.every((value, i) => i === 0 || compare(values[i - 1]!, value) <= 0);
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it("sorts by description both ways", async () => {
    const asc = await search({
      categoryFilter: "Sweets",
      sortBy: "description",
      sortDirection: "asc",
      resultsPerPage: 48,
    });
    expect(
      inOrder(
        asc.skuResults.map((p) => p.skuDescription),
        text,
      ),
    ).toBe(true);
    const desc = await search({
      categoryFilter: "Sweets",
      sortBy: "description",
      sortDirection: "desc",
      resultsPerPage: 48,
    });
    expect(
      inOrder(
        desc.skuResults.map((p) => p.skuDescription),
        (a, b) => text(b, a),
      ),
    ).toBe(true);
    expect(asc.sortBy).toBe("description");
    expect(desc.sortOrder).toBe("desc");
  });

  it("sorts by the customer's own list price both ways", async () => {
    const asc = await search(
      { categoryFilter: "Liquor", sortBy: "price", sortDirection: "asc", resultsPerPage: 48 },
      trader,
    );
    expect(
      inOrder(
        asc.skuResults.map((p) => p.listPriceExcl),
        (a, b) => a - b,
      ),
    ).toBe(true);
    const desc = await search(
      { categoryFilter: "Liquor", sortBy: "price", sortDirection: "desc", resultsPerPage: 48 },
      trader,
    );
    expect(
      inOrder(
        desc.skuResults.map((p) => p.listPriceExcl),
        (a, b) => b - a,
      ),
    ).toBe(true);
    expect(desc.skuResults[0]!.listPriceExcl).toBeGreaterThan(asc.skuResults[0]!.listPriceExcl);
    const visitor = await search({
      categoryFilter: "Liquor",
      sortBy: "price",
      sortDirection: "asc",
      resultsPerPage: 48,
    });
    expect(
      inOrder(
        visitor.skuResults.map((p) => p.listPriceExcl),
        (a, b) => a - b,
      ),
    ).toBe(true);
  });

  it("sorts by brand both ways", async () => {
    const asc = await search({ sortBy: "brand", sortDirection: "asc", resultsPerPage: 48 });
    expect(
      inOrder(
        asc.skuResults.map((p) => p.skuBrand),
        text,
      ),
    ).toBe(true);
    const desc = await search({ sortBy: "brand", sortDirection: "desc", resultsPerPage: 48 });
    expect(
      inOrder(
        desc.skuResults.map((p) => p.skuBrand),
        (a, b) => text(b, a),
      ),
    ).toBe(true);
    expect(asc.skuResults[0]!.skuBrand).not.toBe(desc.skuResults[0]!.skuBrand);
  });

  it("puts new products first for newest, and last when reversed", async () => {
    const newest = await search({ sortBy: "newest", resultsPerPage: 12 });
    expect(newest.skuResults.every((p) => p.isNewProduct)).toBe(true);
    const oldest = await search({ sortBy: "newest", sortDirection: "desc", resultsPerPage: 12 });
    expect(oldest.skuResults.every((p) => !p.isNewProduct)).toBe(true);
  });

  it("ranks products named for the words above those only filed under them", async () => {
    const result = await search({ descriptionFilter: "biscuits", sortBy: "relevance" });
    expect(result.total).toBeGreaterThan(0);
    expect(result.skuResults[0]!.skuDescription.toLowerCase()).toContain("biscuit");
  });
});

describe("POST /api/Product/ProductSearch: pagination", () => {
  it("refuses page 0 and page sizes the shop does not offer", async () => {
    for (const body of [{ pageNumber: 0 }, { pageNumber: -1 }, { pageNumber: 1.5 }, { resultsPerPage: 13 }]) {
      const res = await t.request({ method: "POST", url: "/api/Product/ProductSearch", body });
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("answers the last page with what is left, and a page beyond it with the last page", async () => {
    const first = await search({ categoryFilter: "Hygiene", resultsPerPage: 12 });
    const last = await search({ categoryFilter: "Hygiene", resultsPerPage: 12, pageNumber: first.pages });
    expect(last.currentPage).toBe(first.pages);
    expect(last.resultCount).toBe(first.total - (first.pages - 1) * 12);
    const beyond = await search({
      categoryFilter: "Hygiene",
      resultsPerPage: 12,
      pageNumber: first.pages + 50,
    });
    expect(beyond.currentPage).toBe(first.pages);
    expect(beyond.pages).toBe(first.pages);
    expect(beyond.skuResults.map((p) => p.skuCode)).toEqual(last.skuResults.map((p) => p.skuCode));
  });

  it("pages through without repeating or skipping a product", async () => {
    const skus = await allSkus({ categoryFilter: "Biscuits", sortBy: "price" });
    const n = await count(
      sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE active AND category = 'Biscuits'`,
    );
    expect(new Set(skus.map((p) => p.skuCode)).size).toBe(n);
  });

  it("has one page when nothing matches", async () => {
    const result = await search({ descriptionFilter: "qqqqzzzz", pageNumber: 3 });
    expect(result).toMatchObject({
      total: 0,
      pages: 1,
      currentPage: 1,
      resultCount: 0,
      skuResults: [],
      categoryResults: [],
      brandResults: [],
    });
  });
});

describe("POST /api/Product/ProductSearch: text", () => {
  it("finds products by the start of a word as it is typed", async () => {
    const result = await search({ descriptionFilter: "choc", resultsPerPage: 48 });
    expect(result.total).toBeGreaterThan(0);
    expect(result.searchFilter).toBe("choc");
    for (const p of result.skuResults) {
      expect(
        `${p.skuDescription} ${p.skuBrand} ${p.skuCategory} ${p.skuSubCategory} ${p.skuSubCategory2} ${p.skuSubCategory3}`.toLowerCase(),
      ).toMatch(/\bchoc/);
    }
  });

  it("finds a product by its SKU code", async () => {
    const { rows } = await sql<{
      skuCode: string;
    }>`SELECT sku_code FROM products WHERE active ORDER BY sku_code OFFSET 100 LIMIT 1`.execute(
      t.database.db,
    );
    const sku = rows[0]!.skuCode;
    const result = await search({ descriptionFilter: sku });
    expect(result.skuResults[0]!.skuCode).toBe(sku);
  });

  it.each([
    ["choclate", "Chocolates", "chocolate"],
    ["biskits", "Biscuits", "biscuit"],
  ])("corrects the typo %s to find %s", async (typo, category, word) => {
    const result = await search({ descriptionFilter: typo });
    expect(result.total).toBeGreaterThan(0);
    expect(result.searchFilter).toBe(typo);
    const top = result.skuResults[0]!;
    expect(top.skuCategory).toBe(category);
    expect(`${top.skuDescription} ${top.skuCategory}`.toLowerCase()).toContain(word);
  });

  it("corrects a misspelt brand name", async () => {
    // The brand with the longest word in its name that no other brand's products mention.
    const { rows } = await sql<{ name: string; word: string; n: number }>`
      SELECT b.name, lower(w) AS word, (SELECT count(*) FROM products p WHERE p.brand_id = b.id AND p.active) AS n
        FROM brands b, regexp_split_to_table(b.name, '[^A-Za-z]+') AS w
       WHERE length(w) >= 7
         AND (SELECT count(*) FROM brands o WHERE o.name ILIKE '%' || w || '%') = 1
         AND NOT EXISTS (SELECT 1 FROM products p WHERE p.brand_id <> b.id
                            AND concat_ws(' ', p.description, p.category, p.sub_category, p.sub_category2, p.sub_category3) ILIKE '%' || w || '%')
         AND EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id AND p.active)
       ORDER BY length(w) DESC, b.name LIMIT 1`.execute(t.database.db);
    const brand = rows[0]!;
    // One letter from the middle left out, as a hurried typist does.
    const middle = Math.floor(brand.word.length / 2);
    const typo = brand.word.slice(0, middle) + brand.word.slice(middle + 1);
    const result = await search({ descriptionFilter: typo, resultsPerPage: 48 });
    expect(result.total).toBe(brand.n);
    expect(result.skuResults.every((p) => p.skuBrand === brand.name)).toBe(true);
  });

  it("corrects one misspelt word among correct ones", async () => {
    const result = await search({ descriptionFilter: "milk choclate" });
    expect(result.total).toBeGreaterThan(0);
    for (const p of result.skuResults) {
      const text = `${p.skuDescription} ${p.skuSubCategory} ${p.skuSubCategory2}`.toLowerCase();
      expect(text).toContain("milk");
      expect(text).toContain("chocolate");
    }
  });

  it("finds nothing rather than anything for gibberish", async () => {
    const result = await search({ descriptionFilter: "xqzvtw" });
    expect(result.total).toBe(0);
  });

  it("searches with GetProducts the same way", async () => {
    const body = { descriptionFilter: "choc", categoryFilter: "Chocolates", sortBy: "price" as const };
    const viaGetProducts = await t.request({ method: "POST", url: "/api/Product/GetProducts", body });
    expect(viaGetProducts.statusCode).toBe(200);
    expect(viaGetProducts.json()).toEqual(await search(body));
  });
});

describe("GET /api/Product/ProductSearch: the /products page's own params (decision 140)", () => {
  const pageSearch = (query: string, token?: string) =>
    t.request({ method: "GET", url: `/api/Product/ProductSearch?${query}`, ...(token ? { token } : {}) });

  it("answers what the page's POST for the same params answers", async () => {
    const cases: [string, Partial<ProductSearchRequest>][] = [
      ["category=home&pageNumber=1", {}],
      ["category=featured&pageNumber=1", { featuredProductsOnly: true }],
      [
        "category=Chocolates&brand=Cadbury&sort=price-desc&pageSize=12&pageNumber=2",
        {
          categoryFilter: "Chocolates",
          brandFilter: "Cadbury",
          sortBy: "price",
          sortDirection: "desc",
          resultsPerPage: 12,
          pageNumber: 2,
        },
      ],
      ["searchText=choclate&exact=1&pageNumber=1", { descriptionFilter: "choclate", searchExactly: true }],
      // What the page falls back to, the search falls back to: a bad page, sort or size.
      ["category=Chips&pageNumber=x&sort=cheapest&pageSize=1000", { categoryFilter: "Chips" }],
    ];
    for (const [query, body] of cases) {
      const viaGet = await pageSearch(query);
      expect(viaGet.statusCode, `${query}: ${viaGet.body}`).toBe(200);
      expect(viaGet.json(), query).toEqual(await search(body));
    }
  });

  it("prices a logged-in customer's answer as the POST does", async () => {
    const viaGet = await pageSearch("category=Liquor&pageNumber=1", trader);
    expect(viaGet.statusCode).toBe(200);
    const answer: ProductSearchResult = viaGet.json();
    expect(answer.skuResults.length).toBeGreaterThan(0);
    expect(answer).toEqual(await search({ categoryFilter: "Liquor" }, trader));
    const visitors: ProductSearchResult = (await pageSearch("category=Liquor&pageNumber=1")).json();
    expect(answer.skuResults.map((p) => p.listPriceExcl)).not.toEqual(
      visitors.skuResults.map((p) => p.listPriceExcl),
    );
  });

  it("refuses words longer than the search takes with a 400 problem, as the POST does", async () => {
    const tooLong = await pageSearch(`searchText=${"a".repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.headers["content-type"]).toContain("application/problem+json");
    expect(Object.keys(tooLong.json().errors ?? {})).toEqual(["descriptionFilter"]);
  });

  it("reads the params as the page's address reads them: the first of a repeated one, a bad escape as it stands, others ignored", async () => {
    const twice = await pageSearch("category=Chips&category=Sweets&utm_source=x");
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(await search({ categoryFilter: "Chips" }));
    const badEscape = await pageSearch("searchText=50%%20off");
    expect(badEscape.statusCode).toBe(200);
    expect((badEscape.json() as ProductSearchResult).searchFilter).toBe(
      new URLSearchParams("searchText=50%%20off").get("searchText"),
    );
  });
});
