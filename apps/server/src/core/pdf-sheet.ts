// A small A4 document writer over pdf-lib for the shop's statements and tax invoices: the
// company's letterhead, blocks of text, and tables whose rows flow onto new pages.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { shopDetails } from "@trade-shop/contracts/shop-details";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.78, 0.8, 0.84);

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

export interface PdfSheet {
  /** Letterhead on the first page: the company left, the document's title and facts right. */
  letterhead(title: string, facts: readonly [string, string][]): void;
  /** A labelled block of lines (e.g. who the document is for). */
  block(label: string, lines: readonly (string | null | undefined)[]): void;
  table(
    columns: readonly Column[],
    rows: readonly (readonly string[])[],
    options?: { boldRows?: ReadonlySet<number> },
  ): void;
  /** Right-aligned label/value pairs (totals). */
  totals(pairs: readonly [string, string][]): void;
  note(text: string): void;
  gap(points: number): void;
  save(): Promise<Uint8Array>;
}

export async function createPdfSheet(meta: { title: string; subject: string }): Promise<PdfSheet> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setAuthor(shopDetails.legalName);
  doc.setProducer("Trade Shop");
  doc.setCreationDate(new Date());
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  // The standard fonts encode WinAnsi only: a character outside it (a name typed in another
  // script) prints as "?" rather than failing the whole document.
  const encodable = new Set(regular.getCharacterSet());
  const printable = (value: string) =>
    Array.from(value, (char) => (encodable.has(char.codePointAt(0)!) ? char : "?")).join("");
  const text = (value: string, x: number, size = 9, font: PDFFont = regular, color = INK) =>
    page.drawText(printable(value), { x, y, size, font, color });
  const right = (value: string, xRight: number, size = 9, font: PDFFont = regular) =>
    text(value, xRight - font.widthOfTextAtSize(printable(value), size), size, font);
  const fit = (raw: string, width: number, size: number, font: PDFFont) => {
    const value = printable(raw);
    if (font.widthOfTextAtSize(value, size) <= width) return value;
    let cut = value;
    while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  };
  const ensure = (needed: number) => {
    if (y - needed >= MARGIN + 20) return false;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    return true;
  };
  const line = (height: number) => {
    y -= height;
  };

  return {
    letterhead(title, facts) {
      const top = y;
      text(shopDetails.legalName, MARGIN, 14, bold);
      line(14);
      for (const row of [
        ...shopDetails.address,
        `VAT number: ${shopDetails.vatNumber}`,
        `Registration number: ${shopDetails.registrationNumber}`,
        `${shopDetails.phone.display}  ${shopDetails.email}`,
      ]) {
        text(row, MARGIN, 9, regular, MUTED);
        line(11);
      }
      const bottom = y;
      y = top;
      right(title, A4[0] - MARGIN, 18, bold);
      line(20);
      for (const [label, value] of facts) {
        right(`${label}: ${value}`, A4[0] - MARGIN, 9);
        line(12);
      }
      y = Math.min(y, bottom) - 12;
    },
    block(label, lines) {
      ensure(14 + lines.length * 11);
      text(label, MARGIN, 9, bold);
      line(12);
      for (const row of lines) {
        if (!row) continue;
        text(row, MARGIN, 9);
        line(11);
      }
      line(6);
    },
    table(columns, rows, options = {}) {
      const drawHeader = () => {
        let x = MARGIN;
        for (const column of columns) {
          if (column.align === "right") right(column.header, x + column.width - 4, 8, bold);
          else text(column.header, x, 8, bold);
          x += column.width;
        }
        line(4);
        page.drawLine({
          start: { x: MARGIN, y },
          end: { x: A4[0] - MARGIN, y },
          thickness: 0.6,
          color: RULE,
        });
        line(11);
      };
      ensure(40);
      drawHeader();
      rows.forEach((row, index) => {
        if (ensure(14)) drawHeader();
        const font = options.boldRows?.has(index) ? bold : regular;
        let x = MARGIN;
        columns.forEach((column, c) => {
          const value = fit(row[c] ?? "", column.width - 6, 8.5, font);
          if (column.align === "right") right(value, x + column.width - 4, 8.5, font);
          else text(value, x, 8.5, font);
          x += column.width;
        });
        line(12);
      });
      page.drawLine({
        start: { x: MARGIN, y: y + 8 },
        end: { x: A4[0] - MARGIN, y: y + 8 },
        thickness: 0.6,
        color: RULE,
      });
      line(8);
    },
    totals(pairs) {
      ensure(pairs.length * 13 + 4);
      for (const [label, value] of pairs) {
        right(label, A4[0] - MARGIN - 110, 9.5, bold);
        right(value, A4[0] - MARGIN, 9.5, bold);
        line(13);
      }
      line(6);
    },
    note(value) {
      ensure(12);
      text(value, MARGIN, 8.5, regular, MUTED);
      line(11);
    },
    gap(points) {
      line(points);
    },
    async save() {
      const pages = doc.getPages();
      pages.forEach((p, index) => {
        const label = `Page ${index + 1} of ${pages.length}`;
        p.drawText(label, {
          x: A4[0] - MARGIN - regular.widthOfTextAtSize(label, 8),
          y: MARGIN - 14,
          size: 8,
          font: regular,
          color: MUTED,
        });
      });
      return doc.save();
    },
  };
}
