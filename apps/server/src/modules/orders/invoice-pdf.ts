// The tax invoice of an invoiced order as a PDF, worded for South African VAT (section 20 of
// the VAT Act): "Tax Invoice", the supplier's name, address and VAT number, the recipient's
// name, address and VAT number, the invoice number and date, each line's quantity,
// description, value and the VAT charged on it, and the totals with and without VAT.
import { formatRandCents, formatShopDate, formatShopDateTime } from "@trade-shop/contracts/format";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { createPdfSheet } from "../../core/pdf-sheet";

const INVOICED = ["Invoiced", "Dispatched", "Delivered"];

interface InvoiceHead {
  id: number;
  orderId: string;
  status: string;
  invoiceNumber: string | null;
  invoicedAt: Date | string | null;
  createdDate: Date | string;
  accountId: string;
  accountName: string;
  vatNumber: string | null;
  address: (string | null)[];
  totalExclCents: number;
  totalInclCents: number;
}

interface InvoiceLine {
  skuCode: string;
  productDescription: string;
  quantity: number;
  unitPriceExclCents: number;
  vatRate: number;
  totalExclCents: number;
  totalInclCents: number;
}

/** The invoice of one of the customer's orders; 404 when not theirs, 409 when not invoiced yet. */
export async function loadInvoice(db: Db, customer: { customerId: number; tenantId: string }, id: number) {
  const { rows } = await sql<
    Omit<InvoiceHead, "address"> & Record<`address${1 | 2 | 3 | 4 | 5 | 6}`, string | null>
  >`
    SELECT o.id, o.order_id, o.current_pastel_status AS status, o.created_date, o.account_name, o.vat_number,
           o.address1, o.address2, o.address3, o.address4, o.address5, o.address6,
           o.total_excl_cents, o.total_incl_cents, c.account_id,
           (SELECT max(l.pastel_invoice_number) FROM order_lines l WHERE l.order_id = o.id) AS invoice_number,
           coalesce((SELECT min(d.document_date) FROM account_documents d WHERE d.order_id = o.id AND d.kind = 'invoice'),
                    (SELECT min(h.changed_at) FROM order_status_history h WHERE h.order_id = o.id AND h.status = 'Invoiced'),
                    o.last_pastel_status_update) AS invoiced_at
      FROM orders o JOIN customers c ON c.id = o.customer_id
     WHERE o.id = ${id} AND o.customer_id = ${customer.customerId} AND o.tenant_id = ${customer.tenantId}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw notFound(`There is no order ${id} on your account.`);
  if (!INVOICED.includes(row.status) || !row.invoiceNumber) {
    throw new DomainError("not_invoiced", `Order ${row.orderId} has not been invoiced yet (${row.status}).`, {
      extensions: { currentPastelStatus: row.status },
    });
  }
  const lines = await db
    .selectFrom("orderLines")
    .select([
      "skuCode",
      "productDescription",
      "quantity",
      "unitPriceExclCents",
      "vatRate",
      "totalExclCents",
      "totalInclCents",
    ])
    .where("orderId", "=", row.id)
    .orderBy("lineNumber")
    .execute();
  const head: InvoiceHead = {
    ...row,
    address: [row.address1, row.address2, row.address3, row.address4, row.address5, row.address6],
  };
  return { head, lines: lines as InvoiceLine[] };
}

/** A pack size ("8 x 125 g", "2 x 100ml") kept on one line when a name wraps: no-break spaces. */
export function packSizeTogether(name: string): string {
  return name
    .replace(/(\d)\s+x\s+(?=\d)/gi, "$1\u00a0x\u00a0")
    .replace(/(\d)\s+(?=(?:g|kg|ml|cl|l|pk|pcs)\b)/gi, "$1\u00a0");
}

export async function invoicePdf({
  head,
  lines,
}: Awaited<ReturnType<typeof loadInvoice>>): Promise<Uint8Array> {
  const vatCents = head.totalInclCents - head.totalExclCents;
  const sheet = await createPdfSheet({
    title: `Tax Invoice ${head.invoiceNumber} (order ${head.orderId})`,
    subject: `Total incl. VAT ${formatRandCents(head.totalInclCents)}`,
  });
  sheet.letterhead("TAX INVOICE", [
    ["Invoice number", head.invoiceNumber!],
    ["Invoice date", formatShopDateTime(head.invoicedAt ?? head.createdDate)],
    ["Order", head.orderId],
    ["Date ordered", formatShopDateTime(head.createdDate)],
    ["Account", head.accountId],
  ]);
  sheet.block("Tax invoice to", [
    head.accountName,
    ...head.address,
    `Customer VAT number: ${head.vatNumber ?? "not registered"}`,
  ]);
  await sheet.table(
    [
      // 515 points, the page between its margins. Names wrap onto as many lines as they need;
      // two-word money headers take two lines, right-aligned over their figures.
      { header: "QTY", width: 30, align: "right" },
      { header: "CODE", width: 54 },
      { header: "DESCRIPTION", width: 175 },
      { header: "UNIT\nEXCL.", width: 56, align: "right" },
      { header: "VAT %", width: 34, align: "right" },
      { header: "VAT", width: 52, align: "right" },
      { header: "TOTAL\nEXCL.", width: 57, align: "right" },
      { header: "TOTAL\nINCL.", width: 57, align: "right" },
    ],
    lines.map((line) => [
      String(line.quantity),
      line.skuCode,
      packSizeTogether(line.productDescription),
      formatRandCents(line.unitPriceExclCents),
      `${line.vatRate}%`,
      formatRandCents(line.totalInclCents - line.totalExclCents),
      formatRandCents(line.totalExclCents),
      formatRandCents(line.totalInclCents),
    ]),
  );
  sheet.totals([
    ["Shipping", "FREE"],
    ["TOTAL (excl. VAT)", formatRandCents(head.totalExclCents)],
    ["VAT charged", formatRandCents(vatCents)],
    ["TOTAL (incl. VAT)", formatRandCents(head.totalInclCents)],
  ]);
  sheet.note(
    `Issued ${formatShopDate(head.invoicedAt ?? head.createdDate)}. Prices in South African rand; VAT at the rate shown per line.`,
  );
  return sheet.save();
}
