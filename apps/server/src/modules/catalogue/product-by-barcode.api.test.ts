// GET /api/Product/GetProductByBarcode/{gtin}: every demo product has a barcode;
// its EAN-13 and the same code as GTIN-14 find the product, priced for the caller as by its
// SKU code; a wrong check digit is a 400 that says so, a valid unknown code a 404.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gtinCheckDigit } from "@trade-shop/contracts/gtin";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { expectProblem } from "../../../test/route-table";

let t: TestApp;
let traderToken: string;
beforeAll(async () => {
  t = await createTestApp();
  traderToken = await t.login("trader");
});
afterAll(() => t?.close());

const byBarcode = (code: string, token?: string) =>
  t.request({ method: "GET", url: `/api/Product/GetProductByBarcode/${encodeURIComponent(code)}`, token });
const bySku = (skuCode: string, token?: string) =>
  t.request({ method: "POST", url: "/api/Product/GetProductBySkuCode", body: { skuCode }, token });

describe("GET /api/Product/GetProductByBarcode/{gtin}", () => {
  it("gives every active demo product a barcode of its own", async () => {
    const { rows } = await sql<{ total: number; withGtin: number; distinct: number }>`
      SELECT count(*) AS total, count(gtin) AS with_gtin, count(DISTINCT gtin) AS distinct
        FROM products WHERE active`.execute(t.database.db);
    const counts = rows[0]!;
    expect(Number(counts.total)).toBeGreaterThan(3000);
    expect(Number(counts.withGtin)).toBe(Number(counts.total));
    expect(Number(counts.distinct)).toBe(Number(counts.total));
  });

  it("finds a product by its EAN-13 and by the same code as GTIN-14, priced for the caller", async () => {
    // A product without extended data still has its barcode.
    const { rows } = await sql<{ skuCode: string; gtin: string }>`
      SELECT p.sku_code, p.gtin FROM products p
       WHERE p.active AND NOT p.is_liquor
         AND NOT EXISTS (SELECT 1 FROM product_extended_data e WHERE e.sku_code = p.sku_code)
       ORDER BY p.sku_code LIMIT 1`.execute(t.database.db);
    const { skuCode, gtin } = rows[0]!;
    const ean13 = gtin.slice(1);
    expect(gtin.startsWith("0")).toBe(true);

    for (const code of [ean13, gtin, ` ${ean13.slice(0, 6)} ${ean13.slice(6)} `]) {
      const res = await byBarcode(code, traderToken);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toEqual((await bySku(skuCode, traderToken)).json());
    }
    const visitor = await byBarcode(ean13);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual((await bySku(skuCode)).json());
  });

  it("finds the barcode the supplier's extended data shows", async () => {
    const { rows } = await sql<{ skuCode: string; primaryGtin: string }>`
      SELECT sku_code, data->>'primaryGTIN' AS primary_gtin FROM product_extended_data
       ORDER BY sku_code LIMIT 1`.execute(t.database.db);
    const { skuCode, primaryGtin } = rows[0]!;
    const res = await byBarcode(primaryGtin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ skuCode });
  });

  it("says a check digit is wrong (400), and that a valid code is nobody's (404)", async () => {
    const { rows } = await sql<{ gtin: string }>`
      SELECT gtin FROM products WHERE active ORDER BY sku_code LIMIT 1`.execute(t.database.db);
    const ean13 = rows[0]!.gtin.slice(1);
    const right = Number(ean13.at(-1));
    const wrong = `${ean13.slice(0, 12)}${(right + 1) % 10}`;
    const bad = await byBarcode(wrong);
    expect(expectProblem(bad, wrong)).toMatchObject({ code: "validation" });
    expect(bad.body).toContain(`The barcode ${wrong} has a wrong check digit: it should end in ${right}.`);

    for (const junk of ["12345", "600abc1234567", "1".repeat(20)]) {
      expect(expectProblem(await byBarcode(junk), junk)).toMatchObject({ code: "validation" });
    }

    // A South African code no demo brand uses, with its right check digit.
    const body = "600999999999";
    const unknown = `${body}${gtinCheckDigit(body)}`;
    const missing = await byBarcode(unknown);
    expect(expectProblem(missing, unknown)).toMatchObject({
      code: "not_found",
      title: `No product has the barcode ${unknown}.`,
    });
  });
});
