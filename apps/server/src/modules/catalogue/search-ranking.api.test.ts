// Ranking by a product's own name, corrections that search what they say, and suggestions that
// read the words as the search does (issue 35). Expectations come from the seeded catalogue,
// read with SQL, never from hard-coded results.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "@trade-shop/contracts/catalogue";
import type { Suggestions } from "@trade-shop/contracts/catalogue-search";
import { productSearchOn } from "../../../test/product-search";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { search, allResults } = productSearchOn(() => t);

async function suggest(q: string): Promise<Suggestions> {
  const res = await t.request({ method: "GET", url: `/api/Product/Suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The description without the brand's name: what the product itself is called. */
const ownName = (description: string, brand: string) =>
  description.toLowerCase().split(brand.toLowerCase()).join(" ");
const isCola = (p: { skuDescription: string; skuBrand: string }) =>
  /\bcola/.test(ownName(p.skuDescription, p.skuBrand));
const twoLitre = (p: Product) => p.capacity === "2 L";

describe("ranking by the product's own name", () => {
  it('"coke 2l" puts the colas of 2 L first, above the other flavours of a brand called Cola', async () => {
    // The 2 L colas, and the 2 L products of a brand with Cola in its name that are not colas.
    const { rows } = await sql<{ description: string; brand: string }>`
      SELECT p.description, b.name AS brand FROM products p JOIN brands b ON b.id = p.brand_id
       WHERE p.active AND p.capacity = '2 L' AND (p.description ILIKE '%cola%' OR b.name ILIKE '%cola%')`.execute(
      t.database.db,
    );
    const colas = rows.filter((r) => isCola({ skuDescription: r.description, skuBrand: r.brand }));
    const otherFlavours = rows.filter(
      (r) => /cola/i.test(r.brand) && !isCola({ skuDescription: r.description, skuBrand: r.brand }),
    );
    expect(colas.length).toBeGreaterThan(1);
    expect(otherFlavours.length).toBeGreaterThan(0);

    const result = await search({ descriptionFilter: "coke 2l", resultsPerPage: 24 });
    const first = result.skuResults.slice(0, colas.length);
    const listed = result.skuResults.map((p) => `${p.skuDescription} (${p.skuBrand}, ${p.capacity})`);
    expect(
      first.every((p) => isCola(p) && twoLitre(p)),
      listed.join("\n"),
    ).toBe(true);
    expect(new Set(first.map((p) => p.skuDescription))).toEqual(new Set(colas.map((c) => c.description)));
    // No soft drink of a brand called Cola above the last 2 L cola.
    const lastCola = result.skuResults.map((p) => isCola(p) && twoLitre(p)).lastIndexOf(true);
    const firstOtherFlavour = result.skuResults.findIndex((p) => /cola/i.test(p.skuBrand) && !isCola(p));
    expect(firstOtherFlavour === -1 || firstOtherFlavour > lastCola, listed.join("\n")).toBe(true);
  });

  it("ranks every product named for a synonym above those whose brand only holds it, without a size too", async () => {
    const found = await allResults("coke");
    const colas = found.map(isCola);
    const firstOther = colas.indexOf(false);
    expect(firstOther).toBeGreaterThan(0);
    expect(found.slice(firstOther).some((p) => /cola/i.test(p.skuBrand))).toBe(true);
    expect(
      colas.slice(firstOther),
      found.map((p) => `${p.skuDescription} (${p.skuBrand})`).join("\n"),
    ).not.toContain(true);
  });

  it("still puts a brand named by the words first", async () => {
    const result = await search({ descriptionFilter: "umoya cola 2l", resultsPerPage: 48 });
    const ofBrand = result.skuResults.map((p) => p.skuBrand === "Umoya Cola");
    expect(ofBrand[0]).toBe(true);
    expect(
      ofBrand.slice(ofBrand.indexOf(false) === -1 ? ofBrand.length : ofBrand.indexOf(false)),
    ).not.toContain(true);
    // Within the brand, its 2 L colas first.
    expect(isCola(result.skuResults[0]!) && twoLitre(result.skuResults[0]!)).toBe(true);
  });
});

describe("a corrected search", () => {
  it('finds exactly what the corrected words find: "choclate" as "chocolate"', async () => {
    const typo = await search({ descriptionFilter: "choclate", resultsPerPage: 48 });
    const right = await search({ descriptionFilter: "chocolate", resultsPerPage: 48 });
    expect(typo.correctedSearchText).toBe("chocolate");
    expect(right.correctedSearchText).toBeNull();
    expect(typo.total).toBeGreaterThan(0);
    expect(typo.total).toBe(right.total);
    expect(typo.skuResults.map((p) => p.skuCode)).toEqual(right.skuResults.map((p) => p.skuCode));
    expect(typo.categoryResults).toEqual(right.categoryResults);
    expect(typo.brandResults).toEqual(right.brandResults);
  });

  it("corrects a word among others and says the whole search, as typed but for the word", async () => {
    const typo = await search({ descriptionFilter: "Milk choclate 2l" });
    expect(typo.correctedSearchText).toBe("Milk chocolate 2l");
    const right = await search({ descriptionFilter: "milk chocolate 2l" });
    expect(typo.total).toBe(right.total);
    expect(typo.skuResults.map((p) => p.skuCode)).toEqual(right.skuResults.map((p) => p.skuCode));
  });
});

describe("GET /api/Product/Suggest reads the words as the search does", () => {
  it('suggests the 2 L colas for "coke 2l"', async () => {
    const result = await suggest("coke 2l");
    expect(result.q).toBe("coke 2l");
    expect(result.products.length).toBeGreaterThan(0);
    const first = result.products[0]!;
    expect(isCola({ skuDescription: first.description, skuBrand: first.brand })).toBe(true);
    const { rows } = await sql<{ capacity: string }>`
      SELECT capacity FROM products WHERE sku_code = ${first.skuCode}`.execute(t.database.db);
    expect(rows[0]!.capacity).toBe("2 L");
  });

  it('suggests chocolates for the typo "choclate"', async () => {
    const result = await suggest("choclate");
    expect(result.products.length).toBeGreaterThan(0);
    for (const product of result.products) {
      expect(`${product.description} ${product.brand}`.toLowerCase()).toContain("chocolate");
    }
    expect(result.categories.map((c) => c.name)).toContain("Chocolates");
  });

  it("still suggests nothing for gibberish", async () => {
    expect(await suggest("xqzvtw")).toMatchObject({ products: [], brands: [], categories: [] });
  });
});
