// Reads an uploaded Excel workbook (.xlsx) as quick-order text: the first worksheet's
// rows, cells joined by tabs and rows by newlines, so parse-lines reads it as a paste from Excel.
// No dependency: zip-reader.ts opens the package and a small tokenizer reads its XML parts.
import { openZip, ZipError } from "./zip-reader";

export type SpreadsheetErrorCode = "not_xlsx" | "too_large" | "unreadable";

/** The page shows `message` to the buyer as it is; `code` is for code that must tell them apart. */
export class SpreadsheetError extends Error {
  constructor(
    readonly code: SpreadsheetErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "SpreadsheetError";
  }
}

export interface SpreadsheetLimits {
  /** The uploaded file. */
  maxFileBytes: number;
  /** Any one part once inflated: the cap that stops a zip bomb. */
  maxPartBytes: number;
  /** Rows with a value; the rest are not read (the pad takes far fewer lines anyway). */
  maxRows: number;
}

const MB = 1024 * 1024;
export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxFileBytes: 5 * MB,
  maxPartBytes: 20 * MB,
  maxRows: 10_000,
};

const SAVE_AGAIN = "Save it again as .xlsx or CSV and try again.";
const NOT_XLSX =
  "This file is not an Excel workbook (.xlsx), or it is password-protected. Save it as .xlsx (without a password) or CSV and try again.";
const DAMAGED = `This workbook is damaged and cannot be read. ${SAVE_AGAIN}`;
/** Excel's widest sheet (column XFD); a reference beyond it is a damaged file, not 10^9 tabs. */
const MAX_COLUMNS = 16_384;

function size(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

function forBuyer(error: ZipError, limits: SpreadsheetLimits): SpreadsheetError {
  switch (error.code) {
    case "not_zip":
      return new SpreadsheetError("not_xlsx", NOT_XLSX, { cause: error });
    case "too_large":
      return new SpreadsheetError(
        "too_large",
        `This workbook unpacks to more than ${size(limits.maxPartBytes)}, too much to read here. Keep only the order lines, or save it as CSV.`,
        { cause: error },
      );
    case "unsupported":
      return new SpreadsheetError(
        "unreadable",
        `This workbook cannot be read: ${error.message} ${SAVE_AGAIN}`,
        {
          cause: error,
        },
      );
    case "damaged":
      return new SpreadsheetError("unreadable", DAMAGED, { cause: error });
  }
}

// --- XML: just enough for the parts of a workbook; it runs in node (tests) and the browser alike.

type XmlToken =
  | { kind: "open"; name: string; attributes: Map<string, string> }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

const XML_TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[!?][^>]*>|<(\/?)(?:[\w.-]+:)?([\w.-]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const XML_ATTRIBUTE = /(?:[^\s=:]+:)?([^\s=:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const XML_ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(XML_ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name]!;
    const codePoint = decimal ? Number(decimal) : parseInt(hex!, 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

/** Elements by local name (a prefix such as x: or r: is dropped); `<a/>` comes as open + close. */
function* xmlTokens(xml: string): Generator<XmlToken> {
  const pattern = new RegExp(XML_TOKEN);
  while (pattern.lastIndex < xml.length) {
    const match = pattern.exec(xml);
    if (!match) throw new SpreadsheetError("unreadable", DAMAGED);
    const [, cdata, closing, name, attributeText, selfClosing, text] = match;
    if (text !== undefined) yield { kind: "text", text: decodeEntities(text) };
    else if (cdata !== undefined) yield { kind: "text", text: cdata };
    else if (name === undefined) continue;
    else if (closing) yield { kind: "close", name };
    else {
      const attributes = new Map<string, string>();
      for (const [, key, doubleQuoted, singleQuoted] of (attributeText ?? "").matchAll(XML_ATTRIBUTE))
        attributes.set(key!, decodeEntities(doubleQuoted ?? singleQuoted ?? ""));
      yield { kind: "open", name, attributes };
      if (selfClosing) yield { kind: "close", name };
    }
  }
}

function elements(xml: string, name: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  for (const token of xmlTokens(xml))
    if (token.kind === "open" && token.name === name) found.push(token.attributes);
  return found;
}

// --- The package: which part is the first sheet, and where are the shared strings.

interface Relationship {
  type: string;
  path: string;
}

/** A relationship target from xl/_rels/workbook.xml.rels as a part name: "worksheets/a.xml" or "/xl/a.xml". */
function partPath(target: string): string {
  const segments = target.startsWith("/") ? [] : ["xl"];
  for (const segment of target.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  return segments.join("/");
}

function readRelationships(xml: string): Map<string, Relationship> {
  const relationships = new Map<string, Relationship>();
  for (const attributes of elements(xml, "Relationship")) {
    const id = attributes.get("Id");
    const target = attributes.get("Target");
    if (id && target && attributes.get("TargetMode") !== "External")
      relationships.set(id, { type: attributes.get("Type") ?? "", path: partPath(target) });
  }
  return relationships;
}

/** The first worksheet tab a buyer sees: hidden sheets and chart sheets are passed over. */
function firstWorksheetPath(
  workbookXml: string,
  relationships: Map<string, Relationship>,
): string | undefined {
  const worksheets = elements(workbookXml, "sheet")
    .map((sheet) => ({ state: sheet.get("state"), relationship: relationships.get(sheet.get("id") ?? "") }))
    .filter((sheet) => sheet.relationship?.type.endsWith("/worksheet"));
  const visible = worksheets.find((sheet) => sheet.state !== "hidden" && sheet.state !== "veryHidden");
  return (visible ?? worksheets[0])?.relationship?.path;
}

// --- Cells.

/** Excel writes some characters as _xHHHH_ (a carriage return in a cell as _x000D_, "_" before one as _x005F_). */
function unescapeExcelText(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A number as Excel shows it: 15 significant digits, no exponent, so a barcode stored as
 * 6.00123456789E+12 reads 6001234567890, 6 reads "6" and 2.5 reads "2.5".
 */
function numberText(raw: string): string {
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value)) return raw.trim();
  // JavaScript writes an exponent only from 1e21 up (or below 1e-6), where no barcode or quantity is.
  return String(Number(value.toPrecision(15)));
}

/** "B7" -> 1; undefined for a reference without a column. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = reference ? /^[A-Za-z]+/.exec(reference)?.[0] : undefined;
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  if (column > MAX_COLUMNS) throw new SpreadsheetError("unreadable", DAMAGED);
  return column - 1;
}

/**
 * Collects the text of rich-text strings (a shared string's <si>, an inline string's <is>): the
 * <t> of every run <r>, but not the phonetic guides (<rPh>) Japanese workbooks add.
 */
class RichTextReader {
  private inText = false;
  private inPhonetic = false;
  text = "";

  read(token: XmlToken): void {
    if (token.kind === "text") {
      if (this.inText && !this.inPhonetic) this.text += token.text;
    } else if (token.name === "t") this.inText = token.kind === "open";
    else if (token.name === "rPh") this.inPhonetic = token.kind === "open";
  }
}

function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: RichTextReader | null = null;
  for (const token of xmlTokens(xml)) {
    if (token.kind !== "text" && token.name === "si") {
      if (token.kind === "close" && current) strings.push(unescapeExcelText(current.text));
      current = token.kind === "open" ? new RichTextReader() : null;
    } else current?.read(token);
  }
  return strings;
}

interface Cell {
  column: number;
  type: string;
  value: string;
  inline: RichTextReader | null;
}

function cellText(cell: Cell, sharedStrings: string[]): string {
  switch (cell.type) {
    case "s":
      return sharedStrings[Number(cell.value)] ?? "";
    case "inlineStr":
      return unescapeExcelText(cell.inline?.text ?? "");
    case "b":
      return cell.value.trim() === "1" ? "TRUE" : "FALSE";
    case "n":
      return numberText(cell.value);
    default:
      // "str" (a formula's cached text), "e" (#N/A and friends), "d" (an ISO date).
      return unescapeExcelText(cell.value);
  }
}

/** The sheet's rows with a value, in order; cells at their column, so an empty column stays one. */
function sheetText(xml: string, sharedStrings: string[], maxRows: number): string {
  const lines: string[] = [];
  let row: string[] = [];
  let nextColumn = 0;
  let cell: Cell | null = null;
  let inValue = false;
  for (const token of xmlTokens(xml)) {
    if (token.kind === "text") {
      if (cell && inValue) cell.value += token.text;
      else cell?.inline?.read(token);
    } else if (token.kind === "open") {
      if (token.name === "row") [row, nextColumn] = [[], 0];
      else if (token.name === "c") {
        const column = columnOf(token.attributes.get("r")) ?? nextColumn;
        cell = { column, type: token.attributes.get("t") ?? "n", value: "", inline: null };
      } else if (cell && token.name === "v") inValue = true;
      else if (cell && token.name === "is") cell.inline = new RichTextReader();
      else cell?.inline?.read(token);
    } else if (token.name === "c" && cell) {
      // Tabs and line breaks inside a cell would split it; the pad reads them as spaces.
      const text = cellText(cell, sharedStrings).replace(/[\t\r\n]+/g, " ");
      if (text.trim() !== "") row[cell.column] = text;
      [nextColumn, cell] = [cell.column + 1, null];
    } else if (token.name === "v") inValue = false;
    else if (token.name === "row" && row.length > 0) {
      lines.push(Array.from(row, (text) => text ?? "").join("\t"));
      if (lines.length >= maxRows) break;
    } else if (token.name === "sheetData") break;
    else cell?.inline?.read(token);
  }
  return lines.join("\n");
}

// --- The upload.

/** The first worksheet's rows, cells joined by tabs, rows by newlines (parse-lines reads it). */
export async function readSpreadsheet(file: Blob, limits: Partial<SpreadsheetLimits> = {}): Promise<string> {
  const { maxFileBytes, maxPartBytes, maxRows } = { ...SPREADSHEET_LIMITS, ...limits };
  if (file.size > maxFileBytes)
    throw new SpreadsheetError(
      "too_large",
      `This file is larger than ${size(maxFileBytes)}. Keep only the order lines, or save it as CSV.`,
    );
  try {
    const zip = openZip(new Uint8Array(await file.arrayBuffer()));
    const xmlText = new TextDecoder();
    const readPart = async (name: string) => {
      const bytes = await zip.read(name, maxPartBytes);
      return bytes && xmlText.decode(bytes);
    };

    const workbook = await readPart("xl/workbook.xml");
    if (workbook === null) throw new SpreadsheetError("not_xlsx", NOT_XLSX);
    const relationships = readRelationships((await readPart("xl/_rels/workbook.xml.rels")) ?? "");
    const listed = firstWorksheetPath(workbook, relationships);
    const sheetPath = listed && zip.has(listed) ? listed : "xl/worksheets/sheet1.xml";
    const sheet = await readPart(sheetPath);
    if (sheet === null) throw new SpreadsheetError("not_xlsx", NOT_XLSX);

    const sharedStringsPath =
      [...relationships.values()].find((r) => r.type.endsWith("/sharedStrings"))?.path ??
      "xl/sharedStrings.xml";
    const sharedStrings = readSharedStrings((await readPart(sharedStringsPath)) ?? "");
    return sheetText(sheet, sharedStrings, maxRows);
  } catch (error) {
    throw error instanceof ZipError ? forBuyer(error, { maxFileBytes, maxPartBytes, maxRows }) : error;
  }
}
