import { sql } from "kysely";
import {
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  decodePDFRawStream,
  type PDFObject,
} from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRandCents } from "@trade-shop/contracts/format";
import { shopDetails } from "@trade-shop/contracts/shop-details";
import { customerOf } from "../../../test/fixtures";
import { readPdf } from "../../../test/pdf-text";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";

interface Placed {
  text: string;
  x: number;
  y: number;
  right: number;
}

/** Every text the page draws, where it starts and ends (pdf-lib writes one Tm and Tj per text). */
async function placedText(doc: PDFDocument, pageIndex: number): Promise<Placed[]> {
  const measure = await PDFDocument.create();
  const fonts = {
    regular: await measure.embedFont(StandardFonts.Helvetica),
    bold: await measure.embedFont(StandardFonts.HelveticaBold),
  };
  const streams = (contents: PDFObject | undefined): PDFRawStream[] =>
    contents instanceof PDFRawStream
      ? [contents]
      : contents instanceof PDFArray
        ? contents.asArray().flatMap((ref) => streams(doc.context.lookup(ref)))
        : [];
  const placed: Placed[] = [];
  for (const stream of streams(doc.getPages()[pageIndex]!.node.Contents())) {
    const source = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
    const shown =
      /\/Helvetica(-Bold)?-\d+ ([\d.]+) Tf[^]*?1 0 0 1 ([\d.]+) ([\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g;
    for (const [, bold, size, x, y, hex] of source.matchAll(shown)) {
      // A no-break space (pack sizes are kept on one line) reads as a space.
      const text = Buffer.from(hex!, "hex").toString("latin1").replaceAll("\u00a0", " ");
      const width = (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(text, Number(size));
      placed.push({ text, x: Number(x), y: Number(y), right: Number(x) + width });
    }
  }
  return placed;
}

/** The texts on one baseline, left to right. */
const baseline = (placed: readonly Placed[], y: number) =>
  placed.filter((p) => Math.abs(p.y - y) < 0.01).sort((a, b) => a.x - b.x);

const LONG_NAME =
  "Braai Time Biltong Kettle Cooked Chips 8 x 125 g Sweet Chilli and Lime Flavour Family Value Pack (box of 24)";

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

  it("wraps a long product name whole over several lines and keeps every column header apart", async () => {
    const order = await orderIn("trader", ["Delivered"]);
    const first = await t.database.db
      .updateTable("orderLines")
      .set({ productDescription: LONG_NAME })
      .where("orderId", "=", order.id)
      .where("lineNumber", "=", (eb) =>
        eb
          .selectFrom("orderLines")
          .select((s) => s.fn.min("lineNumber").as("n"))
          .where("orderId", "=", order.id),
      )
      .returning(["totalInclCents", "totalExclCents", "unitPriceExclCents"])
      .executeTakeFirstOrThrow();
    const res = await t.request({ method: "GET", url: `/api/Order/Invoice/${order.id}`, token: trader });
    expect(res.statusCode, res.body).toBe(200);
    const { doc, pages } = await readPdf(res.rawPayload);
    // Nothing is cut short anywhere.
    expect(pages.flat().filter((s) => s.endsWith("..."))).toEqual([]);
    const placed = await placedText(doc, 0);

    // The name: its first words, then the rest on the lines below at the same x, in order.
    const start = placed.find((p) => p.text.startsWith("Braai Time Biltong"))!;
    expect(start).toBeDefined();
    const pieces = placed.filter((p) => p.x === start.x && p.y <= start.y).sort((a, b) => b.y - a.y);
    let name = "";
    for (const piece of pieces) {
      if (name === LONG_NAME) break;
      name = name === "" ? piece.text : `${name} ${piece.text}`;
    }
    expect(name).toBe(LONG_NAME);
    expect(pieces.filter((p) => LONG_NAME.includes(p.text)).length).toBeGreaterThan(1);
    // Its pack size on one line.
    expect(pieces.some((p) => p.text.includes("8 x 125 g"))).toBe(true);

    // Headers: two-word money headers on two lines, each word its own text, never touching.
    const description = placed.find((p) => p.text === "DESCRIPTION")!;
    const bottom = baseline(placed, description.y).map((p) => p.text);
    const top = baseline(placed, Math.min(...placed.filter((p) => p.y > description.y).map((p) => p.y))).map(
      (p) => p.text,
    );
    expect(top).toEqual(["UNIT", "TOTAL", "TOTAL"]);
    expect(bottom).toEqual(["QTY", "CODE", "DESCRIPTION", "EXCL.", "VAT %", "VAT", "EXCL.", "INCL."]);
    for (const y of new Set(placed.map((p) => p.y))) {
      const row = baseline(placed, y);
      for (let i = 1; i < row.length; i += 1) {
        expect(
          row[i]!.x - row[i - 1]!.right,
          `"${row[i - 1]!.text}" and "${row[i]!.text}"`,
        ).toBeGreaterThanOrEqual(4);
      }
    }
    // Money headers are right-aligned over their figures.
    const rightOf = (text: string, y: number) => baseline(placed, y).find((p) => p.text === text)!.right;
    const headerRights = baseline(placed, description.y).filter((p) => ["EXCL.", "INCL."].includes(p.text));
    expect(headerRights.map((p) => p.right)).toEqual([
      rightOf(formatRandCents(first.unitPriceExclCents), start.y),
      rightOf(formatRandCents(first.totalExclCents), start.y),
      rightOf(formatRandCents(first.totalInclCents), start.y),
    ]);
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
