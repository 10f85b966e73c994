// The quick order pad against lines as traders write them, on both databases: quantities
// first or last with unit words, WhatsApp prefixes and emoji, codes, barcodes, a shared cart's
// lines, search words with sizes, vocabulary words and typos, chat that orders nothing, and
// junk. Each line is read by the pad's reader (contracts/order-lines.ts) and checked in one
// preview, as the pad does; each must come out as a person means it: the product, a choice of
// products that all fit, "not found", or skipped with a reason. The share read as meant is
// printed for bench/results.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Product } from "@trade-shop/contracts/catalogue";
import { readOrderText } from "@trade-shop/contracts/order-lines";
import { QuickOrderPreview, type QuickOrderPreviewLine } from "@trade-shop/contracts/quick-order";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let spaza: string;

beforeAll(async () => {
  t = await createTestApp();
  spaza = await t.login("spaza");
});
afterAll(() => t?.close());

type Expected =
  /** The one product, and the packs read. */
  | { sku: string; packs: number }
  /** A choice, every product of it fitting the words (and these SKU codes among them). */
  | { choose: (p: Product) => boolean; among?: string[] }
  | { status: "not_found" | "unknown_code" }
  /** The product, with a quantity the preview calls wrong. */
  | { wrongQuantity: string }
  | { skipped: RegExp };

const fits =
  (...patterns: RegExp[]) =>
  (p: Product) =>
    patterns.every((re) => re.test(p.skuDescription));
const inCategory = (category: string) => (p: Product) => p.skuCategory === category;

const TABLE: [string, Expected][] = [
  // Codes and barcodes, quantity anywhere.
  ["6 BEV1291", { sku: "BEV1291", packs: 6 }],
  ["6 x BEV1272", { sku: "BEV1272", packs: 6 }],
  ["BEV1284 6 packs", { sku: "BEV1284", packs: 6 }],
  ["BEV1304, 24", { sku: "BEV1304", packs: 24 }],
  ["bev1527 x12", { sku: "BEV1527", packs: 12 }],
  ["CHP1374\t10", { sku: "CHP1374", packs: 10 }],
  ["2 cases BEV1533", { sku: "BEV1533", packs: 2 }],
  ["06000010000179 2", { sku: "CHO1238", packs: 2 }],
  ["6000010000186, 3", { sku: "CHO1239", packs: 3 }],
  ["3 ctn SWT1170", { sku: "SWT1170", packs: 3 }],
  // A shared cart's lines, and exact descriptions.
  ["6 x CHP1374 Braai Time Biltong Kettle Cooked Chips 80g", { sku: "CHP1374", packs: 6 }],
  ["12 x BEV1202 Kalahari Quench Guava 100% Fruit Juice 2L", { sku: "BEV1202", packs: 12 }],
  ["Tannie Sarie's Oat & Raisin Cookies 400g - 2", { sku: "BIS1191", packs: 2 }],
  ["Boland Bakery Lemon Cream Biscuits 1kg, 4", { sku: "BIS1220", packs: 4 }],
  // Words, with sizes, read through the search.
  ["12 x kalahari original cola 2l", { sku: "BEV1272", packs: 12 }],
  ["mzansi fizz original cola 2l, 6", { sku: "BEV1284", packs: 6 }],
  ["kalahari quench vanilla cola 330ml can x 24", { sku: "BEV1304", packs: 24 }],
  ["3 x spekboom aniseed boiled sweets 200g", { sku: "SWT1170", packs: 3 }],
  ["highveld harvest chutney crinkle cut 150g 4", { sku: "CHP1193", packs: 4 }],
  ["baobab 85% dark chocolate, 2", { sku: "CHO1239", packs: 2 }],
  ["thula baby newborn nappies 60, 1", { sku: "HYG1040", packs: 1 }],
  ["ndlovu chilli dark chocolate 80g x 5", { sku: "CHO1267", packs: 5 }],
  ["umoya zero sugar cola 300ml can, 24", { sku: "BEV1330", packs: 24 }],
  ["kalahari guava juice 2l, 6", { sku: "BEV1202", packs: 6 }],
  ["veld snacks peri-peri chips 30g x 10", { sku: "CHP1357", packs: 10 }],
  ["gogo's shea butter body lotion 400ml", { sku: "HYG1209", packs: 1 }],
  ["sunbelt salt & vinegar chips 30g, 12", { sku: "CHP1341", packs: 12 }],
  ["baobab nut co unsalted peanuts 400g", { sku: "CHP1121", packs: 1 }],
  ["mielie munch chutney maize curls 60g x 8", { sku: "CHP1020", packs: 8 }],
  ["6 packs kalahari pineapple soft drink 2l", { sku: "BEV1352", packs: 6 }],
  ["2 x blouberg natural spring water 1.5l", { sku: "BEV1527", packs: 2 }],
  ["ndlovu chilli dark choclate 80g", { sku: "CHO1267", packs: 1 }],
  // A chat pasted as it is.
  ["[28/11/2026, 06:12] Thabo: 6 x kalahari original cola 2l 🙏", { sku: "BEV1272", packs: 6 }],
  ["28/11/2026, 06:14 - Thabo: blouberg natural still water 1.5l x 12", { sku: "BEV1527", packs: 12 }],
  // Three still waters of 1.5 L: which one is the trader's to say.
  [
    "blouberg still water 1.5l, 2",
    { choose: fits(/still water 1\.5L/i), among: ["BEV1520", "BEV1524", "BEV1527"] },
  ],
  ["🥤 4 x mzansi fizz original energy drink 500ml can", { sku: "BEV1072", packs: 4 }],
  ["- 2 x thula baby shampoo 500ml", { sku: "HYG1023", packs: 2 }],
  // Words that fit several: a choice, every product of it fitting.
  ["6 x coke 2l", { choose: fits(/cola/i, /\b2L\b/) }],
  ["coke 2l, 6", { choose: fits(/cola/i, /\b2L\b/) }],
  ["lite cola 2l, 4", { choose: fits(/lite cola/i), among: ["BEV1291", "BEV1269", "BEV1280"] }],
  ["crisps, 2", { choose: inCategory("Chips") }],
  ["sweets x 10", { choose: inCategory("Sweets") }],
  ["nappies, 2", { choose: fits(/nappies/i) }],
  ["cherry cola 2l", { choose: fits(/cherry cola/i), among: ["BEV1288", "BEV1266"] }],
  ["milk chocolate 80g, 3", { choose: fits(/milk chocolate/i, /\b80g\b/) }],
  ["choclate", { choose: inCategory("Chocolates") }],
  ["rooibos tea x 2", { choose: fits(/rooibos/i) }],
  ["peanuts 100g", { choose: fits(/peanuts/i) }],
  ["cold drink 2l x 6", { choose: inCategory("Beverages") }],
  // Nothing there.
  ["xyzzy widget, 2", { status: "not_found" }],
  ["ZZZ99999, 2", { status: "unknown_code" }],
  ["QQQ1234 6", { status: "unknown_code" }],
  // Quantities that are wrong stay so.
  ["BEV1291, -3", { wrongQuantity: "BEV1291" }],
  ["BEV1272, 0", { wrongQuantity: "BEV1272" }],
  ["BEV1284, 2.5", { wrongQuantity: "BEV1284" }],
  ["BEV1304, six", { wrongQuantity: "BEV1304" }],
  // Chat that orders nothing.
  ["Good morning 😊", { skipped: /greeting/ }],
  ["[28/11/2026, 06:10] Thabo: Hi", { skipped: /greeting/ }],
  ["Thanks!", { skipped: /greeting/ }],
  ["Ngiyabonga", { skipped: /greeting/ }],
  ["Please send the usual", { skipped: /greeting/ }],
  ["[28/11/2026, 06:13] Thabo: <Media omitted>", { skipped: /picture/ }],
  ["This message was deleted", { skipped: /deleted/ }],
  ["[28/11/2026, 06:00] Messages and calls are end-to-end encrypted.", { skipped: /notice/ }],
  ["Order for Saturday:", { skipped: /heading/ }],
  ["🙏🙏", { skipped: /emoji/ }],
];

/** What went wrong with a line, or null when it came out as meant. */
function misread(expected: Expected, line: QuickOrderPreviewLine | undefined, skipReason: string | null) {
  if ("skipped" in expected)
    return skipReason !== null && expected.skipped.test(skipReason)
      ? null
      : `not skipped as ${expected.skipped}: ${line?.status ?? skipReason}`;
  if (!line) return `skipped: ${skipReason}`;
  const product = line.product?.skuCode ?? null;
  if ("sku" in expected) {
    if (product !== expected.sku) return `read as ${product ?? line.status} (${line.message ?? ""})`;
    return line.code && line.quantity >= expected.packs ? null : `packs ${line.quantity}`;
  }
  if ("wrongQuantity" in expected)
    return line.status === "invalid_quantity" && product === expected.wrongQuantity
      ? null
      : `${line.status} ${product}`;
  if ("status" in expected) return line.status === expected.status ? null : `${line.status} ${product}`;
  if (line.status !== "choose") return `${line.status} ${product ?? ""}, not a choice`;
  const unfit = line.choices.filter((p) => !expected.choose(p)).map((p) => p.skuDescription);
  if (unfit.length > 0) return `choices that do not fit: ${unfit.join("; ")}`;
  const missing = (expected.among ?? []).filter((sku) => !line.choices.some((p) => p.skuCode === sku));
  return missing.length > 0 ? `choices lack ${missing.join(", ")}` : null;
}

it("reads at least 60 lines as traders write them as a person means each", async () => {
  expect(TABLE.length).toBeGreaterThanOrEqual(60);
  const read = readOrderText(TABLE.map(([text]) => text).join("\n"));
  const res = await t.request({
    method: "POST",
    url: "/api/Cart/QuickOrderPreview",
    token: spaza,
    body: { lines: read.lines.map(({ code, quantity }) => ({ code, quantity })) },
  });
  expect(res.statusCode).toBe(200);
  const preview = QuickOrderPreview.parse(res.json());
  const problems = TABLE.flatMap(([text, expected], row) => {
    const entry = read.entries.find((e) => e.row === row);
    const at = read.lines.findIndex((l) => l.row === row);
    const line = at >= 0 ? preview.lines[at] : undefined;
    // Lines of one product merge: the packs read are the reader's, the product the preview's.
    const packs = at >= 0 ? read.lines[at]!.quantity : null;
    const checked =
      line && "sku" in expected && line.status === "duplicate" ? { ...line, quantity: packs ?? 0 } : line;
    const wrong =
      misread(expected, checked, entry?.kind === "skipped" ? entry.reason : null) ??
      ("sku" in expected && packs !== expected.packs ? `packs read ${packs}` : null);
    return wrong ? [`${JSON.stringify(text)}: ${wrong}`] : [];
  });
  const share = (TABLE.length - problems.length) / TABLE.length;
  console.info(
    `quick order lines read as meant: ${TABLE.length - problems.length} of ${TABLE.length} (${(share * 100).toFixed(1)}%)`,
  );
  expect(problems).toEqual([]);
});
