// The pad's box as lines (contracts/order-lines.ts reads each as traders write them: pasted from
// Excel or a CSV file, typed, or a WhatsApp chat pasted whole), and the box's text with a
// scanned or chosen product put on it.
import type { QuickOrderLineInput } from "@trade-shop/contracts/quick-order";
import { readOrderLine, readOrderText, type ReadText } from "@trade-shop/contracts/order-lines";

export interface ParsedLines {
  lines: QuickOrderLineInput[];
  /** Set when there are more lines than one preview takes. */
  tooMany: boolean;
}

/** The order lines of the box as a preview takes them. */
export function parseQuickOrderLines(text: string): ParsedLines {
  return linesOf(readOrderText(text));
}

export const linesOf = (read: ReadText): ParsedLines => ({
  lines: read.lines.map(({ code, quantity }) => ({ code, quantity })),
  tooMany: read.tooMany,
});

/** The sample file offered on the page: a header row, a demo SKU code and a demo barcode. */
export const SAMPLE_CSV = "code,quantity\r\nCHP1374,6\r\n6000012000375,2\r\n";

/**
 * The box's text with `packs` more of `code` (a scan, a chosen product): added to a line that
 * already has that code (as typed, any case), else a new line at the end. Other lines stay as
 * they were typed.
 */
export function addToPadText(text: string, code: string, packs: number): { text: string; packs: number } {
  const rows = text.split(/\r?\n/);
  const wanted = code.trim().toUpperCase();
  const read = (row: string) => {
    const line = readOrderLine(row);
    return line?.kind === "line" ? line : null;
  };
  const at = rows.findIndex((row) => read(row)?.code.toUpperCase() === wanted);
  if (at >= 0) {
    const line = read(rows[at]!)!;
    const total = (line.quantity > 0 ? line.quantity : 0) + packs;
    rows[at] = `${line.code}, ${total}`;
    return { text: rows.join("\n"), packs: total };
  }
  const kept = [...rows];
  while (kept.length > 0 && kept[kept.length - 1]!.trim() === "") kept.pop();
  return { text: [...kept, `${code}, ${packs}`].join("\n"), packs };
}
