// A small A4 document writer over pdf-lib for the shop's statements and tax invoices: the
// company's letterhead, blocks of text, and tables whose rows flow onto new pages.
import { PDFDocument, PDFFlateStream, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { shopDetails } from "@trade-shop/contracts/shop-details";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.78, 0.8, 0.84);
const ROW_RULE = rgb(0.9, 0.91, 0.93);

export interface Column {
  /** The header, wrapped onto as many lines as its column needs ("\n" forces a break). */
  header: string;
  width: number;
  align?: "left" | "right";
}

/** Space inside each side of a table cell, so neighbouring columns never touch. */
const PAD = 3;
const CELL_SIZE = 8.5;
const CELL_LEADING = 10.5;
const HEADER_SIZE = 8;
const HEADER_LEADING = 9.5;
/** The longest a table holds the event loop before letting other requests run. */
const SLICE_MS = 10;
/** Objects pdf-lib writes between turns of the event loop when saving. */
const OBJECTS_PER_TICK = 200;
/** From a row's last baseline to the next row's first, with a faint rule between them. */
const ROW_STEP = 13.5;

export interface PdfSheet {
  /** Letterhead on the first page: the company left, the document's title and facts right. */
  letterhead(title: string, facts: readonly [string, string][]): void;
  /** A labelled block of lines (e.g. who the document is for), each wrapped to the page's width. */
  block(label: string, lines: readonly (string | null | undefined)[]): void;
  /**
   * A table whose cells wrap onto as many lines as they need (a row grows; nothing is cut) and
   * whose rows flow onto new pages, the header repeated on each. A long one (a statement of
   * thousands of lines) gives the event loop a turn every few milliseconds.
   */
  table(
    columns: readonly Column[],
    rows: readonly (readonly string[])[],
    options?: { boldRows?: ReadonlySet<number> },
  ): Promise<void>;
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
  let slice = performance.now();
  /** Lets other requests run once this one has had the event loop for SLICE_MS. */
  const yieldNow = async () => {
    if (performance.now() - slice < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    slice = performance.now();
  };
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
  /**
   * The lines a text takes in a width: broken at spaces (and at "\n"), a word wider than the
   * width broken between its characters; nothing is ever cut off.
   */
  const wrap = (raw: string, width: number, size: number, font: PDFFont): string[] => {
    const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
    const lines: string[] = [];
    for (const paragraph of raw.split("\n").map(printable)) {
      let current = "";
      for (const word of paragraph.split(" ").filter((w) => w !== "")) {
        const joined = current === "" ? word : `${current} ${word}`;
        if (fits(joined)) {
          current = joined;
          continue;
        }
        if (current !== "") lines.push(current);
        current = "";
        let rest = word;
        while (!fits(rest)) {
          let take = rest.length - 1;
          while (take > 1 && !fits(rest.slice(0, take))) take -= 1;
          lines.push(rest.slice(0, take));
          rest = rest.slice(take);
        }
        current = rest;
      }
      lines.push(current);
    }
    return lines;
  };
  const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
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
      const wrapped = lines.flatMap((row) => (row ? wrap(row, CONTENT_WIDTH, 9, regular) : []));
      // A label without lines heads what follows (a table): it keeps room for the first rows.
      ensure(14 + (wrapped.length === 0 ? 50 : Math.min(wrapped.length, 4) * 11));
      text(label, MARGIN, 9, bold);
      line(12);
      for (const row of wrapped) {
        ensure(11);
        text(row, MARGIN, 9);
        line(11);
      }
      line(6);
    },
    async table(columns, rows, options = {}) {
      const lefts = columns.map(
        (_, c) => MARGIN + columns.slice(0, c).reduce((sum, col) => sum + col.width, 0),
      );
      const width = columns.reduce((sum, column) => sum + column.width, 0);
      const cell = (value: string, c: number, size: number, font: PDFFont) => {
        const column = columns[c]!;
        if (column.align === "right") right(value, lefts[c]! + column.width - PAD, size, font);
        else text(value, lefts[c]! + PAD, size, font);
      };
      const headers = columns.map((column) => wrap(column.header, column.width - 2 * PAD, HEADER_SIZE, bold));
      const headerLines = Math.max(...headers.map((lines) => lines.length));
      const rule = (at: number, color = RULE) =>
        page.drawLine({
          start: { x: MARGIN, y: at },
          end: { x: MARGIN + width, y: at },
          thickness: 0.6,
          color,
        });
      const drawHeader = () => {
        // Each header's lines sit on the bottom, next to its column's values.
        for (let l = 0; l < headerLines; l += 1) {
          headers.forEach((lines, c) => {
            const at = l - (headerLines - lines.length);
            if (at >= 0) cell(lines[at]!, c, HEADER_SIZE, bold);
          });
          if (l < headerLines - 1) line(HEADER_LEADING);
        }
        line(4);
        rule(y);
        line(11);
      };
      const cells: { font: PDFFont; lines: string[][] }[] = [];
      for (const [index, row] of rows.entries()) {
        const font = options.boldRows?.has(index) ? bold : regular;
        cells.push({
          font,
          lines: columns.map((column, c) => wrap(row[c] ?? "", column.width - 2 * PAD, CELL_SIZE, font)),
        });
        await yieldNow();
      }
      const heightOf = (lines: number) => (lines - 1) * CELL_LEADING + ROW_STEP;
      ensure(
        headerLines * HEADER_LEADING +
          15 +
          heightOf(Math.max(...(cells[0]?.lines.map((l) => l.length) ?? [1]))),
      );
      drawHeader();
      for (const [index, { font, lines }] of cells.entries()) {
        await yieldNow();
        const count = Math.max(...lines.map((l) => l.length));
        // A row is kept on one page; only a row longer than a whole page is split.
        if (ensure(heightOf(count))) drawHeader();
        if (index > 0) rule(y + ROW_STEP - 4, ROW_RULE);
        for (let l = 0; l < count; l += 1) {
          if (l > 0) {
            line(CELL_LEADING);
            if (ensure(CELL_LEADING)) drawHeader();
          }
          lines.forEach((cellLines, c) => {
            const value = cellLines[l];
            if (value) cell(value, c, CELL_SIZE, font);
          });
        }
        line(ROW_STEP);
      }
      rule(y + ROW_STEP - 4);
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
      for (const row of wrap(value, CONTENT_WIDTH, 8.5, regular)) {
        ensure(12);
        text(row, MARGIN, 8.5, regular, MUTED);
        line(11);
      }
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
      // Each page's drawing is deflated when the document first asks its size, all pages in one
      // go: deflated here a page at a time instead (pdf-lib keeps the result), nothing drawn after.
      // Then written a slice of objects at a time, so a PDF of hundreds of pages does not hold
      // the event loop.
      for (const [, object] of doc.context.enumerateIndirectObjects()) {
        if (!(object instanceof PDFFlateStream)) continue;
        object.getContents();
        await yieldNow();
      }
      return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
    },
  };
}
