import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductExtendedData, type Product } from "@trade-shop/contracts/catalogue";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { priceLine } from "../pricing";

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ["trader", "spaza", "staff"]) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

async function product(skuCode: string, username?: string): Promise<Product> {
  const res = await t.request({
    method: "POST",
    url: "/api/Product/GetProductBySkuCode",
    body: { skuCode },
    ...(username ? { token: tokens[username] } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

interface CustomerFacts {
  tenantId: string;
  pricelistId: number;
  stockingWarehouseCode: string;
}

async function customerOf(username: string): Promise<CustomerFacts> {
  const { rows } = await sql<CustomerFacts>`
    SELECT c.tenant_id, c.pricelist_id, c.stocking_warehouse_code FROM users u JOIN customers c ON c.id = u.customer_id
     WHERE u.username = ${username}`.execute(t.database.db);
  return rows[0]!;
}

describe("POST /api/Product/GetProductBySkuCode", () => {
  it("prices a product from each customer's own price list, and a visitor's from the list price", async () => {
    const trader = await customerOf("trader");
    const spaza = await customerOf("spaza");
    // A product the two price lists price differently, with no deal in either tenant.
    const { rows } = await sql<{
      skuCode: string;
      listPriceCents: number;
      vatRate: number;
      traderCents: number;
      spazaCents: number;
    }>`
      SELECT p.sku_code, p.list_price_cents, p.vat_rate, a.list_price_cents AS trader_cents, b.list_price_cents AS spaza_cents
        FROM products p
        JOIN price_list_prices a ON a.sku_code = p.sku_code AND a.price_list_id = ${trader.pricelistId}
        JOIN price_list_prices b ON b.sku_code = p.sku_code AND b.price_list_id = ${spaza.pricelistId}
       WHERE p.active AND a.list_price_cents <> b.list_price_cents AND a.list_price_cents <> p.list_price_cents
         AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.sku_code = p.sku_code)
       ORDER BY p.sku_code LIMIT 1`.execute(t.database.db);
    const fixture = rows[0]!;
    const expected = (cents: number) => {
      const line = priceLine({ listPriceExclCents: cents, vatRate: fixture.vatRate, quantity: 1 });
      return { listPriceExcl: line.listPriceExclCents / 100, listPriceIncl: line.listPriceInclCents / 100 };
    };

    expect(await product(fixture.skuCode, "trader")).toMatchObject(expected(fixture.traderCents));
    expect(await product(fixture.skuCode, "spaza")).toMatchObject(expected(fixture.spazaCents));
    const visitor = await product(fixture.skuCode);
    expect(visitor).toMatchObject(expected(fixture.listPriceCents));
    expect(visitor).toMatchObject({
      discountPercentage: null,
      discountPriceExcl: null,
      dealReference: null,
      minOrderQuantityDiscount: null,
    });
  });

  it("carries the customer's running deal with its price and minimum quantity", async () => {
    const trader = await customerOf("trader");
    const { rows } = await sql<{
      skuCode: string;
      dealReference: string;
      minQuantity: number;
      discountPercent: number;
      cents: number;
      vatRate: number;
    }>`
      SELECT d.sku_code, d.deal_reference, d.min_quantity, d.discount_percent, p.vat_rate,
             coalesce(pp.list_price_cents, p.list_price_cents) AS cents
        FROM deals d JOIN products p ON p.sku_code = d.sku_code
        LEFT JOIN price_list_prices pp ON pp.sku_code = p.sku_code AND pp.price_list_id = ${trader.pricelistId}
       WHERE d.tenant_id = ${trader.tenantId} AND d.starts_at <= now() AND d.ends_at > now() AND p.active
         AND (SELECT count(*) FROM deals x WHERE x.tenant_id = d.tenant_id AND x.sku_code = d.sku_code) = 1
       ORDER BY d.sku_code LIMIT 1`.execute(t.database.db);
    const deal = rows[0]!;
    const line = priceLine({
      listPriceExclCents: deal.cents,
      vatRate: deal.vatRate,
      quantity: 1,
      deal: {
        dealReference: deal.dealReference,
        description: "",
        minQuantity: deal.minQuantity,
        discountPercent: deal.discountPercent,
      },
    });
    const p = await product(deal.skuCode, "trader");
    expect(p).toMatchObject({
      dealReference: deal.dealReference,
      minOrderQuantityDiscount: deal.minQuantity,
      discountPercentage: deal.discountPercent,
      discountPriceExcl: line.discountPriceExclCents! / 100,
      discountPriceIncl: line.discountPriceInclCents! / 100,
      discountPrice: line.discountPriceInclCents! / 100,
    });
    expect(p.discountPriceExcl!).toBeLessThan(p.listPriceExcl);
    // Search results carry the same deal.
    const res = await t.request({
      method: "POST",
      url: "/api/Product/ProductSearch",
      body: { descriptionFilter: deal.skuCode },
      token: tokens.trader,
    });
    expect(res.json().skuResults[0]).toMatchObject({
      skuCode: deal.skuCode,
      dealReference: deal.dealReference,
    });
  });

  it("shows a customer the stock of their own warehouse, and a visitor the stock of the one warehouse shown to visitors", async () => {
    const trader = await customerOf("trader");
    // A product held in the trader's warehouse and in another one, with different figures, and
    // held elsewhere too, so the visitor's figure is neither the trader's nor the sum.
    const { rows } = await sql<{ skuCode: string; own: number; other: string; shown: number; total: number }>`
      SELECT s.sku_code, s.on_hand AS own, o.warehouse_code AS other, o.on_hand AS shown,
             (SELECT sum(on_hand) FROM stock a WHERE a.sku_code = s.sku_code) AS total
        FROM stock s JOIN products p ON p.sku_code = s.sku_code
        JOIN stock o ON o.sku_code = s.sku_code AND o.warehouse_code <> s.warehouse_code
       WHERE s.warehouse_code = ${trader.stockingWarehouseCode} AND p.active
         AND s.on_hand > 0 AND o.on_hand > 0 AND o.on_hand <> s.on_hand
         AND o.on_hand < (SELECT sum(on_hand) FROM stock a WHERE a.sku_code = s.sku_code)
       ORDER BY s.sku_code, o.warehouse_code LIMIT 1`.execute(t.database.db);
    const fixture = rows[0]!;
    // Two statements: the one-marked-warehouse index is checked row by row.
    const showToVisitors = async (code: string | null) => {
      await sql`UPDATE warehouses SET shown_to_visitors = false`.execute(t.database.db);
      await sql`UPDATE warehouses SET shown_to_visitors = true WHERE code = ${code}`.execute(t.database.db);
    };
    const marked = await t.database.db
      .selectFrom("warehouses")
      .select("code")
      .where("shownToVisitors", "=", true)
      .executeTakeFirst();
    try {
      await showToVisitors(fixture.other);
      expect(await product(fixture.skuCode, "trader")).toMatchObject({
        stockOnHand: fixture.own,
        stockingWarehouseCode: trader.stockingWarehouseCode,
      });
      expect(await product(fixture.skuCode)).toMatchObject({
        stockOnHand: fixture.shown,
        stockingWarehouseCode: fixture.other,
      });
      // Staff have no customer account: they see what a visitor sees.
      expect(await product(fixture.skuCode, "staff")).toMatchObject({
        stockOnHand: fixture.shown,
        stockingWarehouseCode: fixture.other,
      });
      // No warehouse marked: the first by code, still one warehouse's figure.
      await showToVisitors(null);
      const first = await t.database.db
        .selectFrom("warehouses")
        .select("code")
        .orderBy("code")
        .executeTakeFirstOrThrow();
      const firstStock = await t.database.db
        .selectFrom("stock")
        .select("onHand")
        .where("warehouseCode", "=", first.code)
        .where("skuCode", "=", fixture.skuCode)
        .executeTakeFirst();
      expect(await product(fixture.skuCode)).toMatchObject({
        stockOnHand: firstStock?.onHand ?? 0,
        stockingWarehouseCode: first.code,
      });
    } finally {
      await showToVisitors(marked?.code ?? null);
    }
  });

  it("returns the extended data parsed with the contract, and the cover image's address", async () => {
    const { rows } = await sql<{ skuCode: string; contentHash: string }>`
      SELECT e.sku_code, i.content_hash FROM product_extended_data e
        JOIN product_images i ON i.sku_code = e.sku_code AND i.is_cover
       ORDER BY e.sku_code LIMIT 1`.execute(t.database.db);
    const fixture = rows[0]!;
    const p = await product(fixture.skuCode);
    expect(ProductExtendedData.parse(p.extendedData)).toEqual(p.extendedData);
    expect(p.extendedData!.skuCode).toBe(fixture.skuCode);
    expect(p.imageUrl).toBe(`/images/products/${fixture.contentHash}.webp`);
    expect(Number.isInteger(p.packSize) && p.packSize > 0).toBe(true);
    expect(p.vatRateCharged).toBe(15);
  });

  it("has no image address for a product without images", async () => {
    const { rows } = await sql<{ skuCode: string }>`
      SELECT p.sku_code FROM products p WHERE p.active
         AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.sku_code = p.sku_code) ORDER BY p.sku_code LIMIT 1`.execute(
      t.database.db,
    );
    expect((await product(rows[0]!.skuCode)).imageUrl).toBeNull();
  });

  it("answers an unknown SKU with a 404 problem", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Product/GetProductBySkuCode",
      body: { skuCode: "NOPE-00000" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().code).toBe("not_found");
    expect(res.json().title).toContain("NOPE-00000");
  });

  it("answers a missing SKU code with a 400 problem naming the field", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Product/GetProductBySkuCode",
      body: { skuCode: " " },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain("skuCode");
  });
});
