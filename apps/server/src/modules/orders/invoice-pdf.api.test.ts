import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRandCents } from "@trade-shop/contracts/format";
import { shopDetails } from "@trade-shop/contracts/shop-details";
import { customerOf } from "../../../test/fixtures";
import { readPdf } from "../../../test/pdf-text";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";

describe("GET /api/Order/Invoice/{id}", () => {
  let t: TestApp;
  let trader: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
  });
  afterAll(() => t.close());

  async function orderIn(username: string, statuses: readonly string[]) {
    const customer = await customerOf(t.database.db, username);
    const { rows } = await sql<{
      id: number;
      orderId: string;
      totalExclCents: number;
      totalInclCents: number;
      vatNumber: string;
    }>`
      SELECT id, order_id, total_excl_cents, total_incl_cents, vat_number FROM orders
       WHERE customer_id = ${customer.id} AND current_pastel_status IN (${sql.join(statuses)})
       ORDER BY created_date DESC LIMIT 1`.execute(t.database.db);
    return rows[0]!;
  }

  it("is a valid tax invoice PDF: supplier and customer VAT numbers, invoice number and date, lines with their VAT, totals", async () => {
    const order = await orderIn("trader", ["Delivered"]);
    const lines = await t.database.db
      .selectFrom("orderLines")
      .select(["productDescription", "totalExclCents", "totalInclCents", "pastelInvoiceNumber", "vatRate"])
      .where("orderId", "=", order.id)
      .execute();
    const res = await t.request({ method: "GET", url: `/api/Order/Invoice/${order.id}`, token: trader });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const invoiceNumber = lines[0]!.pastelInvoiceNumber!;
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="tax-invoice-${invoiceNumber}.pdf"`,
    );
    const { pages } = await readPdf(res.rawPayload);
    const text = pages.flat();
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(shopDetails.legalName);
    expect(text).toContain(`VAT number: ${shopDetails.vatNumber}`);
    expect(text).toContain(`Invoice number: ${invoiceNumber}`);
    expect(text).toContain(`Order: ${order.orderId}`);
    expect(text).toContain(`Customer VAT number: ${order.vatNumber}`);
    expect(text.some((s) => /^Invoice date: \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/.test(s))).toBe(true);
    for (const line of lines) {
      expect(text).toContain(formatRandCents(line.totalExclCents));
      expect(text).toContain(formatRandCents(line.totalInclCents - line.totalExclCents));
    }
    const vat = order.totalInclCents - order.totalExclCents;
    expect(vat).toBe(lines.reduce((s, l) => s + l.totalInclCents - l.totalExclCents, 0));
    const at = (label: string) => text[text.indexOf(label) + 1];
    expect(at("TOTAL (excl. VAT)")).toBe(formatRandCents(order.totalExclCents));
    expect(at("VAT charged")).toBe(formatRandCents(vat));
    expect(at("TOTAL (incl. VAT)")).toBe(formatRandCents(order.totalInclCents));
  });

  it("answers 409 not_invoiced before invoicing, 404 for another account's order or none, 401 without a login", async () => {
    const open = await orderIn("trader", ["Pending", "Submitted", "Picking"]);
    const early = await t.request({ method: "GET", url: `/api/Order/Invoice/${open.id}`, token: trader });
    expect(expectProblem(early).code).toBe("not_invoiced");
    const theirs = await orderIn("spaza", ["Delivered"]);
    const other = await t.request({ method: "GET", url: `/api/Order/Invoice/${theirs.id}`, token: trader });
    expect(expectProblem(other).code).toBe("not_found");
    expect(
      expectProblem(await t.request({ method: "GET", url: "/api/Order/Invoice/2147483647", token: trader }))
        .code,
    ).toBe("not_found");
    expect(
      expectProblem(await t.request({ method: "GET", url: "/api/Order/Invoice/abc", token: trader })).code,
    ).toBe("validation");
    expect((await t.request({ method: "GET", url: `/api/Order/Invoice/${open.id}` })).statusCode).toBe(401);
  });
});
