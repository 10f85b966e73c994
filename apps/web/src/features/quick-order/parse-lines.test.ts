import { describe, expect, it } from "vitest";
import { parseQuickOrderLines } from "./parse-lines";

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
