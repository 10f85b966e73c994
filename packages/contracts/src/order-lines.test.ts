import { describe, expect, it } from "vitest";
import { orderLinesText, readOrderLine, readOrderText } from "./order-lines";

const line = (code: string, quantity: number) => ({ kind: "line", code, quantity });

describe("readOrderLine", () => {
  it.each([
    // Quantity first.
    ["6 x coke 2l", line("coke 2l", 6)],
    ["6x coke 2l", line("coke 2l", 6)],
    ["6 X Coke 2L", line("Coke 2L", 6)],
    ["x6 coke 2l", line("coke 2l", 6)],
    ["6 × coke 2l", line("coke 2l", 6)],
    ["6 BEV1291", line("BEV1291", 6)],
    ["6 x BEV1291", line("BEV1291", 6)],
    ["6 packs coke 2l", line("coke 2l", 6)],
    ["2 cases castle lite", line("castle lite", 2)],
    ["3 ctn simba", line("simba", 3)],
    ["6 of coke 2l", line("coke 2l", 6)],
    ["6 x 2l coke", line("2l coke", 6)],
    // Quantity last.
    ["coke 2l, 6", line("coke 2l", 6)],
    ["coke 2l,6", line("coke 2l", 6)],
    ["lite cola 2l, 4", line("lite cola 2l", 4)],
    ["crisps, 2", line("crisps", 2)],
    ["coke 2l x 6", line("coke 2l", 6)],
    ["coke 2l x6", line("coke 2l", 6)],
    ["coke 2l - 6", line("coke 2l", 6)],
    ["coke 2l 6", line("coke 2l", 6)],
    ["coke 2l = 6", line("coke 2l", 6)],
    ["BEV1291 6 packs", line("BEV1291", 6)],
    ["BEV1291 6", line("BEV1291", 6)],
    ["BEV1291\t6", line("BEV1291", 6)],
    ["BEV1291;6", line("BEV1291", 6)],
    ["6000012000375 2", line("6000012000375", 2)],
    // A barcode is a code, never a quantity, whichever side the packs are on.
    ["6000012000375,2", line("6000012000375", 2)],
    ["6000012000375\t2", line("6000012000375", 2)],
    ["2 x 6000012000375", line("6000012000375", 2)],
    ["2, 6000012000375", line("6000012000375", 2)],
    ["6000012000375 x 3", line("6000012000375", 3)],
    ["6000012000375", line("6000012000375", 1)],
    ["60001200", line("60001200", 1)],
    ["Simba Chips 125g x 6", line("Simba Chips 125g", 6)],
    ["coke 2l 6 cases", line("coke 2l", 6)],
    // Quantity in a column first.
    ["6\tBEV1291", line("BEV1291", 6)],
    ["6, coke 2l", line("coke 2l", 6)],
    // No quantity: one pack; sizes stay words.
    ["coke 2l", line("coke 2l", 1)],
    ["BEV1291", line("BEV1291", 1)],
    ["2 litre coke", line("2 litre coke", 1)],
    ["2l coke", line("2l coke", 1)],
    ["500 ml sprite", line("500 ml sprite", 1)],
    ["6x2l coke", line("6x2l coke", 1)],
    ["Simba Chips 125 g", line("Simba Chips 125 g", 1)],
    // Bad quantities are read as written, for the preview to call wrong.
    ["BEV1291, -3", line("BEV1291", -3)],
    ["BEV1291 -3", line("BEV1291", -3)],
    ["BEV1291, 0", line("BEV1291", 0)],
    ["BEV1291, 2.5", line("BEV1291", 2.5)],
    ["BEV1291, six", line("BEV1291", 0)],
    // A chat pasted as it is.
    ["[28/11/2026, 06:12] Thabo: 6 x coke 2l", line("coke 2l", 6)],
    ["[28/11/26, 6:12:05 AM] Thabo Nkosi: coke 2l, 6", line("coke 2l", 6)],
    ["28/11/2026, 06:12 - Thabo: 6 x BEV1291", line("BEV1291", 6)],
    ["\u200e[28/11/2026, 06:12] Thabo: 🥤 6 x coke 2l 🙏", line("coke 2l", 6)],
    ["6️⃣ coke 2l", line("coke 2l", 6)],
    ["- 6 x coke 2l", line("coke 2l", 6)],
    ["• crisps, 2", line("crisps", 2)],
  ])("reads %j", (text, expected) => {
    expect(readOrderLine(text)).toMatchObject(expected);
  });

  it.each([
    ["Good morning 😊", /greeting/],
    ["[28/11/2026, 06:10] Thabo: Hi", /greeting/],
    ["Thanks!", /greeting/],
    ["Ngiyabonga", /greeting/],
    ["Please send the usual", /greeting/],
    ["[28/11/2026, 06:13] Thabo: <Media omitted>", /picture/],
    ["[28/11/2026, 06:13] Thabo: image omitted", /picture/],
    ["This message was deleted", /deleted/],
    ["[28/11/2026, 06:00] Messages and calls are end-to-end encrypted.", /notice/],
    ["🙏🙏", /emoji/],
    ["Order for Saturday:", /heading/],
    ["code,quantity", /header/],
    ["SKU\tQty", /header/],
    ["12", /number/],
    ["1234567", /number/],
  ])("skips %j, saying why", (text, reason) => {
    const read = readOrderLine(text);
    expect(read?.kind).toBe("skipped");
    expect(read && read.kind === "skipped" ? read.reason : "").toMatch(reason);
  });

  it("ignores blank lines", () => {
    expect(readOrderLine("   ")).toBeNull();
  });
});

describe("readOrderText", () => {
  it("keeps each line's row, and skipped lines beside the order lines", () => {
    const read = readOrderText("Hi\n\n6 x coke 2l\nthanks\nCHP1374, 2");
    expect(read.entries.map((e) => [e.kind, e.row])).toEqual([
      ["skipped", 0],
      ["line", 2],
      ["skipped", 3],
      ["line", 4],
    ]);
    expect(read.lines.map((l) => [l.code, l.quantity])).toEqual([
      ["coke 2l", 6],
      ["CHP1374", 2],
    ]);
  });

  it("takes at most 500 order lines and says there were more", () => {
    const read = readOrderText(Array.from({ length: 501 }, () => "CHP1374, 1").join("\n"));
    expect(read.lines).toHaveLength(500);
    expect(read.tooMany).toBe(true);
  });

  it("reads a shared cart back as the same lines", () => {
    const shared = orderLinesText([
      { quantity: 6, skuCode: "CHP1374", description: "Simba Chips Salted 125g" },
      { quantity: 12, skuCode: "BEV1291", description: "Kalahari Quench Cola 2L" },
    ]);
    expect(shared).toBe("6 x CHP1374 Simba Chips Salted 125g\n12 x BEV1291 Kalahari Quench Cola 2L");
    expect(readOrderText(shared).lines.map((l) => [l.code, l.quantity])).toEqual([
      ["CHP1374 Simba Chips Salted 125g", 6],
      ["BEV1291 Kalahari Quench Cola 2L", 12],
    ]);
  });
});
