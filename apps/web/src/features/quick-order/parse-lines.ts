// Quick-order lines as buyers bring them: pasted from Excel (tab between columns),
// from a CSV file (comma or semicolon), or typed in a message ("CHP1374 6"). Each line is a
// code (SKU code, barcode or a product's description) and a number of packs; a line without a
// number is one pack. A first line whose quantity column is not a number is a header row.
import { QUICK_ORDER_MAX_LINES, type QuickOrderLineInput } from "@trade-shop/contracts/quick-order";

export interface ParsedLines {
  lines: QuickOrderLineInput[];
  /** Set when there are more lines than one preview takes. */
  tooMany: boolean;
}

/** A quantity column that is not a number: sent as 0 so the preview says the quantity is wrong. */
const UNREADABLE = 0;

function readQuantity(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : UNREADABLE;
}

function parseLine(raw: string): { code: string; quantityText: string | null } | null {
  const line = raw.trim();
  if (line === "") return null;
  // Tabs (a spreadsheet's columns) win: then a comma is part of a description ("Chips, salted").
  const columns = line.split(line.includes("\t") ? "\t" : /;|,/).map((c) => c.trim());
  if (columns.length > 1) {
    const [code = "", quantityText = ""] = columns;
    return code === "" ? null : { code, quantityText: quantityText === "" ? null : quantityText };
  }
  // "CHP1374 6", "Simba Chips 125g x 6": the last word is the quantity when it is a number.
  const match = /^(.*?\S)\s+(?:x\s*)?(\d+)$/i.exec(line);
  return match ? { code: match[1]!, quantityText: match[2]! } : { code: line, quantityText: null };
}

export function parseQuickOrderLines(text: string): ParsedLines {
  const parsed = text.split(/\r?\n/).map(parseLine);
  const lines: QuickOrderLineInput[] = [];
  parsed.forEach((line, index) => {
    if (!line) return;
    const isFirst = lines.length === 0 && parsed.slice(0, index).every((l) => l === null);
    const quantity = line.quantityText === null ? 1 : readQuantity(line.quantityText);
    if (isFirst && line.quantityText !== null && quantity === UNREADABLE && !/^\d/.test(line.quantityText))
      return;
    lines.push({ code: line.code.slice(0, 120), quantity });
  });
  return { lines: lines.slice(0, QUICK_ORDER_MAX_LINES), tooMany: lines.length > QUICK_ORDER_MAX_LINES };
}

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
  const at = rows.findIndex((row) => parseLine(row)?.code.toUpperCase() === wanted);
  if (at >= 0) {
    const line = parseLine(rows[at]!)!;
    const held = line.quantityText === null ? 1 : readQuantity(line.quantityText);
    const total = (held > 0 ? held : 0) + packs;
    rows[at] = `${line.code}, ${total}`;
    return { text: rows.join("\n"), packs: total };
  }
  const kept = [...rows];
  while (kept.length > 0 && kept[kept.length - 1]!.trim() === "") kept.pop();
  return { text: [...kept, `${code}, ${packs}`].join("\n"), packs };
}
