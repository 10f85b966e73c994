import { describe, expect, it } from "vitest";
import { addToPadText, parseQuickOrderLines } from "./parse-lines";

describe("parseQuickOrderLines", () => {
  it("reads Excel's tabs, CSV's commas and semicolons, and typed lines", () => {
    const text = [
      "CHP1374\t6",
      "CHO1325,2",
      "6001234000017; 12",
      "Simba Chips 125g 3",
      "Braai Time Biltong x 4",
      "BEV1001",
      "",
      "   ",
    ].join("\n");
    expect(parseQuickOrderLines(text)).toEqual({
      lines: [
        { code: "CHP1374", quantity: 6 },
        { code: "CHO1325", quantity: 2 },
        { code: "6001234000017", quantity: 12 },
        { code: "Simba Chips 125g", quantity: 3 },
        { code: "Braai Time Biltong", quantity: 4 },
        { code: "BEV1001", quantity: 1 },
      ],
      tooMany: false,
    });
  });

  it("splits a spreadsheet's row on its tabs only, so a comma stays in a description", () => {
    expect(parseQuickOrderLines("Simba Chips, Salt & Vinegar 125g\t3\nCHP1374,2").lines).toEqual([
      { code: "Simba Chips, Salt & Vinegar 125g", quantity: 3 },
      { code: "CHP1374", quantity: 2 },
    ]);
  });

  it("skips a header row, keeps a wrong quantity for the preview to name, and stops at 500 lines", () => {
    expect(parseQuickOrderLines("code,quantity\r\nCHP1374,six\r\nCHO1325,1.5\r\n").lines).toEqual([
      { code: "CHP1374", quantity: 0 },
      { code: "CHO1325", quantity: 1.5 },
    ]);
    const many = parseQuickOrderLines(Array.from({ length: 501 }, (_, i) => `SKU${i},1`).join("\n"));
    expect(many.lines).toHaveLength(500);
    expect(many.tooMany).toBe(true);
  });
});

describe("addToPadText", () => {
  it("adds packs to the line with the code, or a line at the end, leaving the rest as typed", () => {
    const text = "CHP1374\t6\nchips and dip\n6001234000017, 2\n\n";
    expect(addToPadText(text, "6001234000017", 1)).toEqual({
      text: "CHP1374\t6\nchips and dip\n6001234000017, 3\n\n",
      packs: 3,
    });
    expect(addToPadText(text, "chp1374", 2).text).toBe("CHP1374, 8\nchips and dip\n6001234000017, 2\n\n");
    // A line without a number is one pack.
    expect(addToPadText(text, "CHIPS AND DIP", 1).packs).toBe(2);
    const added = addToPadText(text, "BEV1001", 4);
    expect(added).toEqual({ text: "CHP1374\t6\nchips and dip\n6001234000017, 2\nBEV1001, 4", packs: 4 });
    expect(parseQuickOrderLines(added.text).lines.at(-1)).toEqual({ code: "BEV1001", quantity: 4 });
    expect(addToPadText("", "BEV1001", 1).text).toBe("BEV1001, 1");
  });
});
