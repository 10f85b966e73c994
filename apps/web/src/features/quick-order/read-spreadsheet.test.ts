import { describe, expect, it } from "vitest";
import { parseQuickOrderLines } from "./parse-lines";
import { readSpreadsheet, SpreadsheetError } from "./read-spreadsheet";
import {
  DECLARATION,
  MAIN,
  PACKAGE_RELATIONSHIPS,
  RELATIONSHIPS,
  sharedStrings,
  workbookParts,
  worksheet,
  zip,
  type ZipPart,
} from "./testing/xlsx-writer";

async function failure(promise: Promise<unknown>): Promise<SpreadsheetError> {
  const error = await promise.then(
    () => expect.fail("the workbook was read"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpreadsheetError);
  return error as SpreadsheetError;
}

const ORDER_STRINGS = sharedStrings([
  "<t>Code</t>",
  '<t>Quantity</t><rPh sb="0" eb="8"><t>クァンティティ</t></rPh><phoneticPr fontId="1"/>',
  "<t>CHP1374</t>",
  '<r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">Braai </t></r><r><rPr><sz val="11"/></rPr><t>Time&apos;s</t></r>',
  "<t>&#67;HO&#x31;325</t>",
]);

// Row 4 is missing (skipped, not an empty line); row 8 is formatted but empty; C7 is empty.
const ORDER_SHEET = worksheet(
  [
    '<row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>',
    '<row r="2" spans="1:3"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>6</v></c><c r="C2" t="b"><v>1</v></c></row>',
    '<row r="3" spans="1:2"><c r="A3" s="1"><v>6.00123456789E+12</v></c><c r="B3" t="str"><f>1+1</f><v>2</v></c></row>',
    '<row r="5" spans="1:2"><c r="A5" t="inlineStr"><is><t>Simba &quot;Chips&quot; &amp; Dips &lt;125g&gt;</t></is></c><c r="B5"><v>2.5</v></c></row>',
    '<row r="6" spans="1:2"><c r="A6" t="s"><v>3</v></c><c r="B6" t="n"><v>4</v></c></row>',
    '<row r="7" spans="1:4"><c r="A7" t="s"><v>4</v></c><c r="B7"><v>3</v></c><c r="D7" t="inlineStr"><is><t>gift</t></is></c></row>',
    '<row r="8" spans="1:2" ht="20" customHeight="1"><c r="A8" s="1"/></row>',
  ].join("\n"),
);

describe("readSpreadsheet", () => {
  it("reads the first sheet of a workbook laid out as Excel writes it, for the quick order pad", async () => {
    const file = await zip(
      workbookParts(
        [
          { name: "Orders", file: "orders.xml", xml: ORDER_SHEET },
          {
            name: "Other",
            file: "sheet1.xml",
            xml: worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>WRONG</t></is></c></row>'),
          },
        ],
        ORDER_STRINGS,
      ),
    );
    const text = await readSpreadsheet(file);
    expect(text).toBe(
      [
        "Code\tQuantity",
        "CHP1374\t6\tTRUE",
        "6001234567890\t2",
        'Simba "Chips" & Dips <125g>\t2.5',
        "Braai Time's\t4",
        "CHO1325\t3\t\tgift",
      ].join("\n"),
    );
    expect(parseQuickOrderLines(text)).toEqual({
      lines: [
        { code: "CHP1374", quantity: 6 },
        { code: "6001234567890", quantity: 2 },
        { code: 'Simba "Chips" & Dips <125g>', quantity: 2.5 },
        { code: "Braai Time's", quantity: 4 },
        { code: "CHO1325", quantity: 3 },
      ],
      tooMany: false,
    });
  });

  it("reads stored entries, prefixed elements, an absolute target and cells without references", async () => {
    const sheet = `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>BEV1001</x:t></x:is></x:c><x:c><x:v>12</x:v></x:c></x:row><x:row><x:c><x:v>6000012000375</x:v></x:c><x:c><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const file = await zip([
      { name: "[Content_Types].xml", content: "<Types/>", method: 0 },
      {
        name: "xl/workbook.xml",
        content: `<x:workbook xmlns:x="${MAIN}" xmlns:rel="${RELATIONSHIPS}"><x:sheets><x:sheet name="Pad" sheetId="7" rel:id="R9"/></x:sheets></x:workbook>`,
        method: 0,
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        content: `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id='R9' Type='${RELATIONSHIPS}/worksheet' Target='/xl/pad/../sheets/pad.xml'/></Relationships>`,
        method: 0,
      },
      { name: "xl/sheets/pad.xml", content: sheet, method: 0 },
    ]);
    const text = await readSpreadsheet(file);
    expect(text).toBe("BEV1001\t12\n6000012000375\t1");
    expect(parseQuickOrderLines(text).lines).toEqual([
      { code: "BEV1001", quantity: 12 },
      { code: "6000012000375", quantity: 1 },
    ]);
  });

  it("passes over a chart sheet and a hidden sheet, and falls back to sheet1.xml when the workbook names none", async () => {
    const chart = `${DECLARATION}<chartsheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"/></sheetViews><drawing r:id="rId1"/></chartsheet>`;
    const visible = worksheet(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>SEEN</t></is></c><c r="B1"><v>1</v></c></row>',
    );
    const hidden = worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>HIDDEN</t></is></c></row>');
    const withHidden = workbookParts([
      { name: "Chart1", file: "sheet1.xml", xml: chart, kind: "chartsheet" },
      { name: "Prices", file: "sheet1.xml", xml: hidden, state: "hidden" },
      { name: "Order", file: "sheet2.xml", xml: visible },
    ]);
    expect(await readSpreadsheet(await zip(withHidden))).toBe("SEEN\t1");

    const withoutRelationships = await zip([
      { name: "xl/workbook.xml", content: `<workbook xmlns="${MAIN}"><sheets/></workbook>` },
      { name: "xl/worksheets/sheet1.xml", content: visible },
    ]);
    expect(await readSpreadsheet(withoutRelationships)).toBe("SEEN\t1");
  });

  it("writes numbers as Excel shows them: every digit of a barcode, no exponent, no float noise", async () => {
    const values = ["6001234567890", "6.0012345678901E+13", "6", "2.5", "0.30000000000000004", "-3", "1E+20"];
    const rows = values.map((v, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${v}</v></c></row>`).join("");
    const text = await readSpreadsheet(
      await zip(workbookParts([{ name: "S", file: "sheet1.xml", xml: worksheet(rows) }])),
    );
    expect(text.split("\n")).toEqual([
      "6001234567890",
      "60012345678901",
      "6",
      "2.5",
      "0.3",
      "-3",
      "100000000000000000000",
    ]);
  });

  it("stops at 10 000 rows, and the pad then says there are too many lines", async () => {
    const rows = Array.from(
      { length: 10_005 },
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>SKU${i}</t></is></c><c r="B${i + 1}"><v>1</v></c></row>`,
    );
    const text = await readSpreadsheet(
      await zip(workbookParts([{ name: "S", file: "sheet1.xml", xml: worksheet(rows.join("")) }])),
    );
    const lines = text.split("\n");
    expect(lines).toHaveLength(10_000);
    expect(lines.at(-1)).toBe("SKU9999\t1");
    expect(parseQuickOrderLines(text)).toMatchObject({ tooMany: true, lines: { length: 500 } });
  });

  it("says a file that is not a ZIP, or a ZIP without a workbook, is not an Excel workbook", async () => {
    const workbook = await zip(
      workbookParts([{ name: "S", file: "sheet1.xml", xml: ORDER_SHEET }], ORDER_STRINGS),
    );
    const truncated = workbook.slice(0, workbook.size - 30);
    const notWorkbooks = [
      new Blob(["code,quantity\r\nCHP1374,6\r\n"]),
      new Blob([]),
      truncated,
      await zip([{ name: "readme.txt", content: "Not a workbook" }]),
      await zip([{ name: "xl/workbook.xml", content: `<workbook xmlns="${MAIN}"/>` }]),
    ];
    for (const file of notWorkbooks) {
      const error = await failure(readSpreadsheet(file));
      expect(error.code).toBe("not_xlsx");
      expect(error.message).toMatch(/^This file is not an Excel workbook \(\.xlsx\)/);
    }
  });

  it("refuses a file over 5 MB before reading it", async () => {
    const error = await failure(readSpreadsheet(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)])));
    expect(error).toMatchObject({ code: "too_large", message: expect.stringMatching(/larger than 5 MB/) });
  });

  it("stops inflating a part as soon as it passes the limit, deflated or stored", async () => {
    const padded = worksheet('<row r="1"><c r="A1"><v>1</v></c></row>' + " ".repeat(21 * 1024 * 1024));
    const bomb = await zip(workbookParts([{ name: "S", file: "sheet1.xml", xml: padded }]));
    expect(bomb.size).toBeLessThan(1024 * 1024);
    const error = await failure(readSpreadsheet(bomb));
    expect(error).toMatchObject({ code: "too_large", message: expect.stringMatching(/more than 20 MB/) });

    for (const method of [8, 0]) {
      const small = await zip(
        workbookParts([{ name: "S", file: "sheet1.xml", xml: ORDER_SHEET }], ORDER_STRINGS, method),
      );
      expect(await readSpreadsheet(small, { maxPartBytes: 4000 })).toMatch(/^Code\tQuantity\n/);
      const lowered = await failure(readSpreadsheet(small, { maxPartBytes: 1000 }));
      expect(lowered).toMatchObject({ code: "too_large", message: expect.stringMatching(/more than 1 KB/) });
    }
  });

  it("names what it cannot read: ZIP64, encryption, another compression, damaged data or XML", async () => {
    const parts = workbookParts([{ name: "S", file: "sheet1.xml", xml: ORDER_SHEET }], ORDER_STRINGS);
    const withSheet = (change: Partial<ZipPart>) =>
      zip(parts.map((part) => (part.name === "xl/worksheets/sheet1.xml" ? { ...part, ...change } : part)));
    const cases: [Promise<Blob>, RegExp][] = [
      [zip(parts, { zip64: true }), /ZIP64/],
      [withSheet({ flags: 1 }), /sheet1\.xml is encrypted/],
      [withSheet({ method: 12 }), /compression method 12/],
      [withSheet({ compressed: new Uint8Array([0xff, 0xff, 0xff, 0xff]) }), /damaged/],
      [withSheet({ content: worksheet('<row r="1"><c r="A1"><v>1</v></c></row><') }), /damaged/],
      [withSheet({ content: worksheet('<row r="1"><c r="ZZZZ1"><v>1</v></c></row>') }), /damaged/],
    ];
    for (const [file, message] of cases) {
      const error = await failure(readSpreadsheet(await file));
      expect(error).toMatchObject({ code: "unreadable", message: expect.stringMatching(message) });
      expect(error.message).toMatch(/Save it again as \.xlsx or CSV/);
    }
  });
});
