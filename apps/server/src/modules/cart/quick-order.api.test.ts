// The quick order pad's API on both databases: a preview of 500 mixed lines gives
// every status and changes nothing; adding many lines puts every good one on the cart in one
// go (a short one with what there is) and reports every other with its reason, never half
// silently; another customer's cart is never touched.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cart } from "@trade-shop/contracts/cart";
import { toCents } from "@trade-shop/contracts/common";
import { CartAfterAddItems, QuickOrderPreview } from "@trade-shop/contracts/quick-order";
import { customerOf, findSku, setStock } from "../../../test/fixtures";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let spaza: string;
let trader: string;
let warehouse: string;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  spaza = await t.login("spaza");
  trader = await t.login("trader");
  ({ stockingWarehouseCode: warehouse, tenantId } = await customerOf(t.database.db, "spaza"));
});
afterAll(() => t?.close());

const preview = (token: string, lines: { code: string; quantity: number }[]) =>
  t.request({ method: "POST", url: "/api/Cart/QuickOrderPreview", token, body: { lines } });
const addItems = (
  token: string,
  items: { skuCode: string; quantity: number; dealReference?: string | null }[],
  expectedTotalIncl?: number,
) =>
  t.request({ method: "POST", url: "/api/Cart/AddItemsToCart", token, body: { items, expectedTotalIncl } });
/** The preview's lines as the pad sends them to Add: the packs each showed it adds, with its deal. */
const itemsOf = (body: QuickOrderPreview) =>
  body.lines
    .filter((l) => l.product !== null && l.addQuantity > 0)
    .map((l) => ({
      skuCode: l.product!.skuCode,
      quantity: l.addQuantity,
      dealReference: l.dealApplies ? l.product!.dealReference : null,
    }));
const cartOf = async (token: string) =>
  Cart.parse((await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token })).json());
async function clear(token: string) {
  const res = await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token });
  expect(res.statusCode).toBe(200);
}

/** Active non-liquor SKUs in stock (at least `minStock`) in spaza's warehouse, with barcode and description. */
async function skus(count: number, minStock = 20) {
  const { rows } = await sql<{ skuCode: string; gtin: string; description: string; onHand: number }>`
    SELECT p.sku_code, p.gtin, p.description, s.on_hand FROM products p
      JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = ${warehouse}
     WHERE p.active AND NOT p.is_liquor AND s.on_hand >= ${minStock}
       AND (SELECT count(*) FROM products d WHERE lower(d.description) = lower(p.description)) = 1
     ORDER BY p.sku_code LIMIT ${count}`.execute(t.database.db);
  expect(rows.length).toBe(count);
  return rows;
}

describe("POST /api/Cart/QuickOrderPreview", () => {
  it("reads 500 mixed lines with every status, merges duplicates, totals the good ones, and changes nothing", async () => {
    await clear(spaza);
    const [bySku, byBarcode, byDescription, short, dup, ...rest] = await skus(497);
    const liquor = await findSku(t.database.db, { warehouseCode: warehouse, tenantId, liquor: true });
    await setStock(t.database.db, warehouse, short!.skuCode, 3);
    const lines = [
      { code: bySku!.skuCode.toLowerCase(), quantity: 2 }, // 1 ok, any case
      { code: byBarcode!.gtin.slice(1), quantity: 1 }, // 2 ok, EAN-13
      { code: byDescription!.description.toUpperCase(), quantity: 1 }, // 3 ok, exact description
      { code: "ZZZ99999", quantity: 1 }, // 4 unknown_code: a code, so not searched
      { code: liquor.skuCode, quantity: 1 }, // 5 not_allowed (spaza has no licence)
      { code: short!.skuCode, quantity: 5 }, // 6 short_stock, 3 available
      { code: bySku!.skuCode, quantity: 3 }, // 7 duplicate of line 1 (2 + 3 = 5 stays ok)
      { code: dup!.skuCode, quantity: 1.5 }, // 8 invalid_quantity
      ...rest.map((r) => ({ code: r.skuCode, quantity: 1 })), // 9..500 ok
    ];
    expect(lines).toHaveLength(500);
    const res = await preview(spaza, lines);
    expect(res.statusCode).toBe(200);
    const body = QuickOrderPreview.parse(res.json());
    expect(body.lines).toHaveLength(500);
    const at = (n: number) => body.lines[n - 1]!;
    expect(at(1)).toMatchObject({
      status: "ok",
      matchedBy: "sku",
      quantity: 5,
      addQuantity: 5,
      product: { skuCode: bySku!.skuCode },
    });
    expect(at(2)).toMatchObject({
      status: "ok",
      matchedBy: "barcode",
      product: { skuCode: byBarcode!.skuCode },
    });
    expect(at(3)).toMatchObject({
      status: "ok",
      matchedBy: "description",
      product: { skuCode: byDescription!.skuCode },
    });
    expect(at(4)).toMatchObject({
      status: "unknown_code",
      product: null,
      message: "No product has the code ZZZ99999.",
    });
    expect(at(5)).toMatchObject({ status: "not_allowed", product: { skuCode: liquor.skuCode } });
    // Short: what there is, and its value, is what Add puts on the cart.
    expect(at(6)).toMatchObject({ status: "short_stock", available: 3, quantity: 5, addQuantity: 3 });
    expect(toCents(at(6).lineTotalIncl!)).toBeGreaterThan(0);
    expect(at(7)).toMatchObject({ status: "duplicate", mergedInto: 1, addQuantity: 0, lineTotalIncl: null });
    expect(at(8)).toMatchObject({ status: "invalid_quantity", addQuantity: 0, lineTotalIncl: null });
    expect(body.lines.slice(8).every((l) => l.status === "ok")).toBe(true);
    // The total is every line's value of what it adds, to the cent: the ok lines and the short one.
    const addedCents = body.lines.reduce(
      (sum, l) => sum + (l.lineTotalIncl ? toCents(l.lineTotalIncl) : 0),
      0,
    );
    expect(toCents(body.totalIncl)).toBe(addedCents);
    expect(addedCents).toBeGreaterThan(toCents(at(6).lineTotalIncl!));
    expect((await cartOf(spaza)).cartItems).toEqual([]);
  });

  it("prices a line at the deal when its quantity reaches the deal's minimum", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const sku = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: customer.tenantId,
      deal: true,
      minStock: 200,
    });
    const below = Math.max(1, sku.dealMinQuantity! - 1);
    const res = QuickOrderPreview.parse(
      (await preview(trader, [{ code: sku.skuCode, quantity: sku.dealMinQuantity! }])).json(),
    );
    expect(res.lines[0]).toMatchObject({ status: "ok", dealApplies: true });
    if (below < sku.dealMinQuantity!) {
      const under = QuickOrderPreview.parse(
        (await preview(trader, [{ code: sku.skuCode, quantity: below }])).json(),
      );
      expect(under.lines[0]!.dealApplies).toBe(false);
    }
  });

  it("refuses more than 500 lines or none as a whole (400)", async () => {
    expect(expectProblem(await preview(spaza, []))).toMatchObject({ code: "validation" });
    const many = Array.from({ length: 501 }, () => ({ code: "X", quantity: 1 }));
    expect(expectProblem(await preview(spaza, many))).toMatchObject({ code: "validation" });
  });
});

describe("what the pad shows is what Add puts on the cart", () => {
  it("adds a short line as shown, and the cart's total is the preview's, to the cent", async () => {
    await clear(spaza);
    const [plenty, short] = await skus(2, 20);
    await setStock(t.database.db, warehouse, short!.skuCode, 7);
    const body = QuickOrderPreview.parse(
      (
        await preview(spaza, [
          { code: plenty!.skuCode, quantity: 4 },
          { code: short!.skuCode, quantity: 5000 },
        ])
      ).json(),
    );
    expect(body.lines[1]).toMatchObject({ status: "short_stock", quantity: 5000, addQuantity: 7 });
    expect(toCents(body.lines[1]!.lineTotalIncl!)).toBeGreaterThan(0);
    const res = await addItems(spaza, itemsOf(body), body.totalIncl);
    expect(res.statusCode).toBe(200);
    const cart = await cartOf(spaza);
    expect(Object.fromEntries(cart.cartItems.map((l) => [l.productId, l.quantity]))).toEqual({
      [plenty!.skuCode]: 4,
      [short!.skuCode]: 7,
    });
    expect(toCents(cart.totalPriceIncl)).toBe(toCents(body.totalIncl));
  });

  it("adds nothing (409 prices_changed) when the lines would now cost more than was shown", async () => {
    await clear(spaza);
    const customer = await customerOf(t.database.db, "spaza");
    const [line] = await skus(1, 20);
    const body = QuickOrderPreview.parse(
      (await preview(spaza, [{ code: line!.skuCode, quantity: 3 }])).json(),
    );
    const raise = (cents: number) =>
      Promise.all([
        t.database.db
          .updateTable("priceListPrices")
          .set((eb) => ({ listPriceCents: eb("listPriceCents", "+", cents) }))
          .where("priceListId", "=", customer.pricelistId)
          .where("skuCode", "=", line!.skuCode)
          .execute(),
        t.database.db
          .updateTable("products")
          .set((eb) => ({ listPriceCents: eb("listPriceCents", "+", cents) }))
          .where("skuCode", "=", line!.skuCode)
          .execute(),
      ]);
    await raise(100);
    try {
      const res = await addItems(spaza, itemsOf(body), body.totalIncl);
      expect(res.statusCode).toBe(409);
      expect(expectProblem(res)).toMatchObject({ code: "prices_changed" });
      expect((await cartOf(spaza)).cartItems).toEqual([]);
      // Checked again at the new price, it adds.
      const again = QuickOrderPreview.parse(
        (await preview(spaza, [{ code: line!.skuCode, quantity: 3 }])).json(),
      );
      expect(toCents(again.totalIncl)).toBeGreaterThan(toCents(body.totalIncl));
      expect((await addItems(spaza, itemsOf(again), again.totalIncl)).statusCode).toBe(200);
      expect(toCents((await cartOf(spaza)).totalPriceIncl)).toBe(toCents(again.totalIncl));
    } finally {
      await raise(-100);
    }
  });

  it("keeps a wrong quantity on its own line, never merged into another of the product", async () => {
    await clear(spaza);
    const [line] = await skus(1, 20);
    const body = QuickOrderPreview.parse(
      (
        await preview(spaza, [
          { code: line!.skuCode, quantity: -3 },
          { code: line!.skuCode, quantity: 4 },
          { code: line!.skuCode, quantity: 2.5 },
          { code: line!.skuCode, quantity: 2 },
        ])
      ).json(),
    );
    expect(body.lines.map((l) => [l.status, l.quantity, l.addQuantity, l.mergedInto])).toEqual([
      ["invalid_quantity", -3, 0, null],
      ["ok", 6, 6, null],
      ["invalid_quantity", 2.5, 0, null],
      ["duplicate", 2, 0, 2],
    ]);
  });

  it("reads a SKU code followed by words, as a shared cart writes its lines", async () => {
    const [line] = await skus(1, 20);
    const body = QuickOrderPreview.parse(
      (await preview(spaza, [{ code: `${line!.skuCode} ${line!.description}`, quantity: 6 }])).json(),
    );
    expect(body.lines[0]).toMatchObject({
      status: "ok",
      matchedBy: "sku",
      product: { skuCode: line!.skuCode },
    });
  });

  it("says how the cart would stand against the credit left", async () => {
    const customer = await customerOf(t.database.db, "spaza");
    const [line] = await skus(1, 20);
    const body = QuickOrderPreview.parse(
      (await preview(spaza, [{ code: line!.skuCode, quantity: 1 }])).json(),
    );
    expect(toCents(body.cartTotalIncl)).toBe(toCents((await cartOf(spaza)).totalPriceIncl));
    expect(toCents(body.creditLeft)).toBeLessThanOrEqual(customer.creditLimitCents);
  });
});

describe("POST /api/Cart/AddItemsToCart", () => {
  it("adds every good line, a short one with what there is, and reports the rest with reasons", async () => {
    await clear(spaza);
    await clear(trader);
    const traderBefore = await cartOf(trader);
    const [a, b, short] = await skus(3);
    const liquor = await findSku(t.database.db, { warehouseCode: warehouse, tenantId, liquor: true });
    await setStock(t.database.db, warehouse, short!.skuCode, 4);
    const res = await addItems(spaza, [
      { skuCode: a!.skuCode, quantity: 2 },
      { skuCode: b!.skuCode, quantity: 1 },
      { skuCode: a!.skuCode, quantity: 1 }, // merged with the first: 3 of a
      { skuCode: short!.skuCode, quantity: 6 },
      { skuCode: liquor.skuCode, quantity: 1 },
      { skuCode: "NO-SUCH-CODE", quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = CartAfterAddItems.parse(res.json());
    expect(body.addedCount).toBe(2);
    expect(body.notAdded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ skuCode: short!.skuCode, requested: 6, added: 4, reason: "short_stock" }),
        expect.objectContaining({ skuCode: liquor.skuCode, added: 0, reason: "not_allowed" }),
        expect.objectContaining({ skuCode: "NO-SUCH-CODE", added: 0, reason: "unknown_code" }),
      ]),
    );
    expect(body.notAdded).toHaveLength(3);
    const quantities = Object.fromEntries(
      (await cartOf(spaza)).cartItems.map((l) => [l.productId, l.quantity]),
    );
    expect(quantities).toEqual({ [a!.skuCode]: 3, [b!.skuCode]: 1, [short!.skuCode]: 4 });
    // The answer is the cart as stored, and the trader's cart is untouched.
    expect(body.cartItems.map((l) => [l.productId, l.quantity]).sort()).toEqual(
      Object.entries(quantities).sort(),
    );
    expect((await cartOf(trader)).cartItems).toEqual(traderBefore.cartItems);

    // Asked again, the short line has nothing left to add and says so; the others add on top.
    const again = CartAfterAddItems.parse(
      (await addItems(spaza, [{ skuCode: short!.skuCode, quantity: 1 }])).json(),
    );
    expect(again.notAdded).toEqual([
      expect.objectContaining({ skuCode: short!.skuCode, added: 0, reason: "short_stock" }),
    ]);
    expect(again.cartItems.find((l) => l.productId === short!.skuCode)?.quantity).toBe(4);
  });

  it("keeps a line within 9 999 packs with what the cart holds", async () => {
    await clear(spaza);
    const [big] = await skus(1, 1);
    await setStock(t.database.db, warehouse, big!.skuCode, 20_000);
    await addItems(spaza, [{ skuCode: big!.skuCode, quantity: 9_000 }]);
    const over = CartAfterAddItems.parse(
      (await addItems(spaza, [{ skuCode: big!.skuCode, quantity: 1_000 }])).json(),
    );
    expect(over.notAdded).toEqual([expect.objectContaining({ reason: "invalid_quantity", added: 0 })]);
    expect(over.cartItems.find((l) => l.productId === big!.skuCode)?.quantity).toBe(9_000);
  });
});
