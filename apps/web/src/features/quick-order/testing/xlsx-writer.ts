// Test support: a small ZIP writer and the parts of a workbook laid out as Excel writes them,
// so the spreadsheet reader's tests and the browser test upload real .xlsx files.

export interface ZipPart {
  name: string;
  content: string | Uint8Array;
  /** 0 stored, 8 deflate (the default); any other number writes the bytes stored under that method. */
  method?: number;
  flags?: number;
  /** Bytes written as the entry's data instead of compressing content (damaged data). */
  compressed?: Uint8Array;
}

const encoder = new TextEncoder();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Little-endian fields packed one after another: [width in bytes, value]. */
function fields(...values: [2 | 4, number][]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.reduce((size, [width]) => size + width, 0)));
  let at = 0;
  for (const [width, value] of values) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  return new Uint8Array(view.buffer);
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function zip(parts: ZipPart[], { zip64 = false } = {}): Promise<Blob> {
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = typeof part.content === "string" ? encoder.encode(part.content) : part.content;
    const method = part.method ?? 8;
    const body = part.compressed ?? (method === 8 ? await deflateRaw(data) : data);
    const name = encoder.encode(part.name);
    const common: [2 | 4, number][] = [
      [2, 20], // version needed
      [2, part.flags ?? 0],
      [2, method],
      [2, 0], // time
      [2, 0x5a21], // date: 2025-01-01
      [4, crc32(data)],
      [4, body.length],
      [4, data.length],
      [2, name.length],
      [2, 0], // extra field length
    ];
    local.push(fields([4, 0x04034b50], ...common), name, body);
    central.push(
      fields([4, 0x02014b50], [2, 20], ...common, [2, 0], [2, 0], [2, 0], [4, 0], [4, offset]),
      name,
    );
    offset += 30 + name.length + body.length;
  }
  const directorySize = central.reduce((size, chunk) => size + chunk.length, 0);
  const count = zip64 ? 0xffff : parts.length;
  const end = fields(
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, count],
    [2, count],
    [4, directorySize],
    [4, offset],
    [2, 0],
  );
  return new Blob([...local, ...central, end].map((chunk) => chunk as Uint8Array<ArrayBuffer>));
}

// The parts of a workbook as Excel writes them.

export const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
export const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
export const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
export const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

export interface SheetEntry {
  name: string;
  /** The part's name under xl/worksheets/ (or xl/chartsheets/). */
  file: string;
  xml: string;
  state?: "hidden";
  kind?: "worksheet" | "chartsheet";
}

const partName = (sheet: SheetEntry) => `xl/${sheet.kind ?? "worksheet"}s/${sheet.file}`;

export function worksheet(rows: string): string {
  return `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><dimension ref="A1:D10"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>${rows}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
}

export function sharedStrings(items: string[]): string {
  return `${DECLARATION}<sst xmlns="${MAIN}" count="${items.length}" uniqueCount="${items.length}">${items.map((item) => `<si>${item}</si>`).join("")}</sst>`;
}

export function workbookParts(sheets: SheetEntry[], strings?: string, method = 8): ZipPart[] {
  // rId1.. go to the sheets in reverse, so "the first <sheet>" and "rId1" are not the same thing.
  const ids = sheets.map((_, i) => `rId${sheets.length - i}`);
  const overrides = sheets
    .map(
      (s) =>
        `<Override PartName="/${partName(s)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${s.kind ?? "worksheet"}+xml"/>`,
    )
    .join("");
  const parts: ZipPart[] = [
    {
      name: "[Content_Types].xml",
      content: `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`,
    },
    {
      name: "_rels/.rels",
      content: `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      content: `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews><sheets>${sheets
        .map(
          (s, i) =>
            `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ""} r:id="${ids[i]}"/>`,
        )
        .join("")}</sheets><calcPr calcId="191029"/></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/><Relationship Id="rId${sheets.length + 2}" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>${sheets
        .map(
          (s, i) =>
            `<Relationship Id="${ids[i]}" Type="${RELATIONSHIPS}/${s.kind ?? "worksheet"}" Target="${partName(s).slice("xl/".length)}"/>`,
        )
        .join("")}</Relationships>`,
    },
    ...sheets.map((s) => ({ name: partName(s), content: s.xml })),
    {
      name: "xl/styles.xml",
      content: `${DECLARATION}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    },
  ];
  if (strings !== undefined) parts.push({ name: "xl/sharedStrings.xml", content: strings });
  return parts.map((part) => ({ ...part, method }));
}

/** A one-sheet workbook of the rows given: text cells as shared strings, numbers as numbers. */
export async function simpleWorkbook(rows: readonly (readonly (string | number)[])[]): Promise<Blob> {
  const strings: string[] = [];
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const cells = rows
    .map((row, r) => {
      const xml = row
        .map((value, c) => {
          const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
          if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
          strings.push(`<t>${escape(value)}</t>`);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join("");
  return zip(
    workbookParts([{ name: "Order", file: "sheet1.xml", xml: worksheet(cells) }], sharedStrings(strings)),
  );
}
