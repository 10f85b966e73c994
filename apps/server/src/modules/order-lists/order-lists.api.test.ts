// Order lists on both databases: made, renamed, filled, read priced and deleted by
// the customer account that owns them; another account gets 404 for each and its own lists
// stay apart; a name is one per account; a list becomes a cart with the quick order's reasons.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cart } from "@trade-shop/contracts/cart";
import { OrderList, type OrderListSummary } from "@trade-shop/contracts/order-lists";
import { CartAfterAddItems } from "@trade-shop/contracts/quick-order";
import { customerOf, findSku, setStock } from "../../../test/fixtures";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let trader: string;
let spaza: string;
beforeAll(async () => {
  t = await createTestApp();
  trader = await t.login("trader");
  spaza = await t.login("spaza");
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (token: string, method: Method, url: string, body?: unknown) =>
  t.request({ method, url, token, body });

describe("/api/OrderLists", () => {
  it("makes, fills, renames, reads priced and deletes a list of the customer's own", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const [a, b] = await Promise.all(
      [0, 1].map((skip) =>
        findSku(t.database.db, {
          warehouseCode: customer.stockingWarehouseCode,
          tenantId: customer.tenantId,
          skip,
        }),
      ),
    );
    const created = await call(trader, "POST", "/api/OrderLists", {
      name: "Weekly stock-up",
      lines: [
        { skuCode: a!.skuCode, quantity: 2 },
        { skuCode: b!.skuCode.toLowerCase(), quantity: 1 },
        { skuCode: a!.skuCode, quantity: 3 }, // the same SKU again: one line of 5
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = OrderList.parse(created.json());
    expect(list.lines.map((l) => [l.skuCode, l.quantity])).toEqual([
      [a!.skuCode, 5],
      [b!.skuCode, 1],
    ]);
    // Priced for the trader, as the product by its SKU code (without the supplier's long data).
    const product = (
      await call(trader, "POST", "/api/Product/GetProductBySkuCode", { skuCode: a!.skuCode })
    ).json();
    expect(list.lines[0]!.product).toEqual({ ...product, extendedData: null });

    expect(
      expectProblem(await call(trader, "POST", "/api/OrderLists", { name: "weekly STOCK-UP" })),
    ).toMatchObject({
      code: "list_name_taken",
    });
    const renamed = OrderList.parse(
      (await call(trader, "PUT", `/api/OrderLists/${list.id}`, { name: "Month end" })).json(),
    );
    expect(renamed.name).toBe("Month end");
    const set = OrderList.parse(
      (
        await call(trader, "PUT", `/api/OrderLists/${list.id}/Lines`, {
          lines: [{ skuCode: b!.skuCode, quantity: 4 }],
        })
      ).json(),
    );
    expect(set.lines.map((l) => [l.skuCode, l.quantity])).toEqual([[b!.skuCode, 4]]);
    expect(
      expectProblem(
        await call(trader, "PUT", `/api/OrderLists/${list.id}/Lines`, {
          lines: [{ skuCode: "NO-SUCH-SKU", quantity: 1 }],
        }),
      ),
    ).toMatchObject({ code: "not_found" });

    const mine = (await call(trader, "GET", "/api/OrderLists")).json() as OrderListSummary[];
    expect(mine.find((l) => l.id === list.id)).toMatchObject({ name: "Month end", lineCount: 1 });

    const removed = await call(trader, "DELETE", `/api/OrderLists/${list.id}`);
    expect(removed.statusCode).toBe(200);
    expect(expectProblem(await call(trader, "GET", `/api/OrderLists/${list.id}`))).toMatchObject({
      code: "not_found",
    });
  });

  it("takes lines added from elsewhere: packs of a SKU on it add up, a new one goes last, two adds at once both count", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const where = { warehouseCode: customer.stockingWarehouseCode, tenantId: customer.tenantId };
    const [a, b, c] = await Promise.all([2, 3, 4].map((skip) => findSku(t.database.db, { ...where, skip })));
    const list = OrderList.parse(
      (
        await call(trader, "POST", "/api/OrderLists", {
          name: "Added to",
          lines: [
            { skuCode: a!.skuCode, quantity: 2 },
            { skuCode: b!.skuCode, quantity: 1 },
          ],
        })
      ).json(),
    );
    const url = `/api/OrderLists/${list.id}/Lines`;
    const answers = await Promise.all([
      call(trader, "POST", url, { lines: [{ skuCode: b!.skuCode, quantity: 3 }] }),
      call(trader, "POST", url, {
        lines: [
          { skuCode: c!.skuCode.toLowerCase(), quantity: 1 },
          { skuCode: b!.skuCode, quantity: 2 },
        ],
      }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const after = OrderList.parse((await call(trader, "GET", `/api/OrderLists/${list.id}`)).json());
    expect(after.lines.map((l) => [l.skuCode, l.quantity])).toEqual([
      [a!.skuCode, 2],
      [b!.skuCode, 6],
      [c!.skuCode, 1],
    ]);
    // Nothing to add, or an unknown product: refused, and the list is as it was.
    expect(expectProblem(await call(trader, "POST", url, { lines: [] }))).toMatchObject({
      code: "validation",
    });
    expect(
      expectProblem(await call(trader, "POST", url, { lines: [{ skuCode: "NO-SUCH-SKU", quantity: 1 }] })),
    ).toMatchObject({ code: "not_found" });
    const unchanged = OrderList.parse((await call(trader, "GET", `/api/OrderLists/${list.id}`)).json());
    expect(unchanged.lines).toEqual(after.lines);

    // A product on the list taken off sale since does not stop a new line going on.
    const db = t.database.db;
    await sql`UPDATE products SET active = false WHERE sku_code = ${a!.skuCode}`.execute(db);
    try {
      const added = await call(trader, "POST", url, { lines: [{ skuCode: c!.skuCode, quantity: 1 }] });
      expect(added.statusCode, added.body).toBe(200);
      expect(OrderList.parse(added.json()).lines.map((l) => [l.skuCode, l.quantity])).toEqual([
        [a!.skuCode, 2],
        [b!.skuCode, 6],
        [c!.skuCode, 2],
      ]);
    } finally {
      await sql`UPDATE products SET active = true WHERE sku_code = ${a!.skuCode}`.execute(db);
    }
  });

  it("keeps every account's lists to itself: another account gets 404 and changes nothing", async () => {
    const list = OrderList.parse(
      (await call(trader, "POST", "/api/OrderLists", { name: "Trader only" })).json(),
    );
    for (const [method, url, body] of [
      ["GET", `/api/OrderLists/${list.id}`, undefined],
      ["PUT", `/api/OrderLists/${list.id}`, { name: "Taken over" }],
      ["PUT", `/api/OrderLists/${list.id}/Lines`, { lines: [] }],
      ["POST", `/api/OrderLists/${list.id}/Lines`, { lines: [{ skuCode: "ANY", quantity: 1 }] }],
      ["POST", `/api/OrderLists/${list.id}/AddToCart`, undefined],
      ["DELETE", `/api/OrderLists/${list.id}`, undefined],
    ] as const) {
      expect(expectProblem(await call(spaza, method, url, body), `${method} ${url}`)).toMatchObject({
        code: "not_found",
      });
    }
    const spazaLists = (await call(spaza, "GET", "/api/OrderLists")).json() as OrderListSummary[];
    expect(spazaLists.some((l) => l.id === list.id)).toBe(false);
    // The same name is free on another account.
    expect((await call(spaza, "POST", "/api/OrderLists", { name: "Trader only" })).statusCode).toBe(200);
    const still = OrderList.parse((await call(trader, "GET", `/api/OrderLists/${list.id}`)).json());
    expect(still.name).toBe("Trader only");
  });

  it("becomes a cart: good lines added, a short one with what there is, liquor refused for an unlicensed account", async () => {
    const spazaCustomer = await customerOf(t.database.db, "spaza");
    const where = { warehouseCode: spazaCustomer.stockingWarehouseCode, tenantId: spazaCustomer.tenantId };
    const good = await findSku(t.database.db, { ...where, skip: 5 });
    const short = await findSku(t.database.db, { ...where, skip: 6 });
    const liquor = await findSku(t.database.db, { ...where, liquor: true });
    await setStock(t.database.db, spazaCustomer.stockingWarehouseCode, short.skuCode, 2);
    await call(spaza, "POST", "/api/Cart/ClearUserCart");
    const list = OrderList.parse(
      (
        await call(spaza, "POST", "/api/OrderLists", {
          name: "Mixed",
          lines: [
            { skuCode: good.skuCode, quantity: 3 },
            { skuCode: short.skuCode, quantity: 5 },
            { skuCode: liquor.skuCode, quantity: 1 },
          ],
        })
      ).json(),
    );
    const res = await call(spaza, "POST", `/api/OrderLists/${list.id}/AddToCart`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CartAfterAddItems.parse(res.json());
    expect(answer.addedCount).toBe(1);
    expect(answer.notAdded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ skuCode: short.skuCode, added: 2, reason: "short_stock" }),
        expect.objectContaining({ skuCode: liquor.skuCode, added: 0, reason: "not_allowed" }),
      ]),
    );
    const cart = Cart.parse((await call(spaza, "GET", "/api/Cart/GetUserCart")).json());
    expect(Object.fromEntries(cart.cartItems.map((l) => [l.productId, l.quantity]))).toEqual({
      [good.skuCode]: 3,
      [short.skuCode]: 2,
    });
    // The list itself is unchanged by becoming a cart.
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM order_list_items WHERE list_id = ${list.id}`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(3);
  });
});
