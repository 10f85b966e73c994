// Unit price, shelf price and margin (docs/rules.md "Unit price and margin"): every demo product
// as a customer and as a visitor sees it, checked to the cent against a calculation made in SQL
// from the rows themselves, and a tenant that hides margins.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type { Cart } from "@trade-shop/contracts/cart";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let traderToken: string;

beforeAll(async () => {
  t = await createTestApp();
  traderToken = await t.login("trader");
});
afterAll(() => t.close());

/** Every product the catalogue shows, page by page (48 a page, by description). */
async function everyProduct(token?: string): Promise<Product[]> {
  const all: Product[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const res = await t.request({
      method: "POST",
      url: "/api/Product/GetProducts",
      body: { pageNumber, resultsPerPage: 48, sortBy: "description" },
      ...(token ? { token } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page: ProductSearchResult = res.json();
    all.push(...page.skuResults);
    if (pageNumber >= page.pages) return all;
  }
}

interface Expected {
  skuCode: string;
  unitCents: number | null;
  dealUnitCents: number | null;
  shelfCents: number | null;
  marginCents: number | null;
  /** Tenths of a percent. */
  marginTenths: number | null;
}

/**
 * The rules worked in SQL numerics: incl. VAT rounded half up per pack, a unit's share rounded
 * half up, no unit price for a pack of 1 (whose margin is on the pack price), the margin as a
 * percent of the shelf price rounded half up to a tenth.
 */
async function expected(customer: "trader" | null): Promise<Map<string, Expected>> {
  const account = customer
    ? (
        await sql<{ tenantId: string; pricelistId: number; showMargins: boolean }>`
          SELECT c.tenant_id, c.pricelist_id, t.show_margins FROM users u
            JOIN customers c ON c.id = u.customer_id JOIN tenants t ON t.id = c.tenant_id
           WHERE u.username = ${customer}`.execute(t.database.db)
      ).rows[0]!
    : null;
  const price = account
    ? sql`coalesce((SELECT pp.list_price_cents FROM price_list_prices pp
                     WHERE pp.price_list_id = ${account.pricelistId} AND pp.sku_code = p.sku_code), p.list_price_cents)`
    : sql`p.list_price_cents`;
  const discount = account
    ? sql`(SELECT d.discount_percent FROM deals d
            WHERE d.tenant_id = ${account.tenantId} AND d.sku_code = p.sku_code AND d.starts_at <= now() AND d.ends_at > now()
            ORDER BY d.discount_percent DESC, d.min_quantity, d.deal_reference LIMIT 1)`
    : sql`NULL::numeric`;
  const shelf = account && !account.showMargins ? sql`NULL::bigint` : sql`p.shelf_price_cents`;
  const { rows } = await sql<Expected>`
    WITH base AS (
      SELECT p.sku_code, p.pack_size::int AS units, ${shelf} AS shelf_cents, p.vat_rate,
             ${price} AS excl, ${discount} AS pct
        FROM products p WHERE p.active
    ), incl AS (
      SELECT b.*, floor(b.excl * (100 + b.vat_rate) / 100 + 0.5) AS list_incl,
             floor(floor(b.excl * (100 - b.pct) / 100 + 0.5) * (100 + b.vat_rate) / 100 + 0.5) AS deal_incl
        FROM base b
    ), unit AS (
      SELECT i.*, CASE WHEN i.units > 1 THEN floor(i.list_incl / i.units + 0.5) END AS unit_cents,
             CASE WHEN i.units > 1 THEN floor(i.deal_incl / i.units + 0.5) END AS deal_unit_cents
        FROM incl i
    )
    SELECT u.sku_code, u.unit_cents::int, u.deal_unit_cents::int, u.shelf_cents::int,
           (u.shelf_cents - coalesce(u.unit_cents, u.list_incl))::int AS margin_cents,
           floor((u.shelf_cents - coalesce(u.unit_cents, u.list_incl)) * 1000.0 / u.shelf_cents + 0.5)::int AS margin_tenths
      FROM unit u`.execute(t.database.db);
  return new Map(rows.map((row) => [row.skuCode, row]));
}

function check(products: readonly Product[], wanted: Map<string, Expected>) {
  expect(products.length).toBe(wanted.size);
  const cents = (rand: number | null) => (rand === null ? null : Math.round(rand * 100));
  for (const p of products) {
    const e = wanted.get(p.skuCode)!;
    expect(
      {
        sku: p.skuCode,
        unit: cents(p.unitPriceIncl),
        dealUnit: cents(p.discountUnitPriceIncl),
        shelf: cents(p.shelfPriceIncl),
        margin: cents(p.marginIncl),
        tenths: p.marginPercent === null ? null : Math.round(p.marginPercent * 10),
      },
      p.skuCode,
    ).toEqual({
      sku: e.skuCode,
      unit: e.unitCents,
      dealUnit: e.dealUnitCents,
      shelf: e.shelfCents,
      margin: e.marginCents,
      tenths: e.marginTenths,
    });
  }
}

describe("unit price and margin", () => {
  it("are exact to the cent for every demo product as the trader sees it, deals included", async () => {
    const products = await everyProduct(traderToken);
    check(products, await expected("trader"));
    // The demo has what the screens must show: deals, no shelf price, negative margins.
    expect(products.some((p) => p.discountUnitPriceIncl !== null)).toBe(true);
    expect(products.some((p) => p.shelfPriceIncl === null)).toBe(true);
    expect(products.some((p) => p.marginIncl !== null && p.marginIncl < 0)).toBe(true);
  });

  it("are exact to the cent for every demo product as a visitor sees it (list prices)", async () => {
    const products = await everyProduct();
    check(products, await expected(null));
    expect(products.every((p) => p.discountUnitPriceIncl === null)).toBe(true);
  });

  it("carry the unit prices onto cart lines", async () => {
    const [first] = await everyProduct(traderToken).then((all) =>
      all.filter((p) => p.stockOnHand > 0 && p.unitPriceIncl !== null),
    );
    const res = await t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      body: { skuCode: first!.skuCode, quantity: 1 },
      token: traderToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart: Cart = res.json();
    expect(cart.cartItems.find((i) => i.productId === first!.skuCode)).toMatchObject({
      unitPriceIncl: first!.unitPriceIncl,
      discountUnitPriceIncl: first!.discountUnitPriceIncl,
    });
  });

  it("are null for a tenant that hides margins, while the unit price stays", async () => {
    const db = t.database.db;
    await sql`UPDATE tenants SET show_margins = false
               WHERE id = (SELECT c.tenant_id FROM users u JOIN customers c ON c.id = u.customer_id
                            WHERE u.username = 'trader')`.execute(db);
    try {
      // The kept product pages are dropped when the tenants trigger's NOTIFY arrives: at once on
      // PGlite, a moment after the commit on PostgreSQL.
      const until = Date.now() + 5_000;
      let products = await everyProduct(traderToken);
      while (products.some((p) => p.shelfPriceIncl !== null) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        products = await everyProduct(traderToken);
      }
      check(products, await expected("trader"));
      expect(products.every((p) => p.shelfPriceIncl === null && p.marginIncl === null)).toBe(true);
      expect(products.every((p) => p.marginPercent === null)).toBe(true);
      expect(products.some((p) => p.unitPriceIncl !== null)).toBe(true);
      const one = await t.request({
        method: "POST",
        url: "/api/Product/GetProductBySkuCode",
        body: { skuCode: products[0]!.skuCode },
        token: traderToken,
      });
      expect(one.json()).toMatchObject({ shelfPriceIncl: null, marginIncl: null, marginPercent: null });
    } finally {
      await sql`UPDATE tenants SET show_margins = true`.execute(db);
    }
  });
});
