// How many statements one POST /api/Order costs, counted on the connections the request uses:
// every statement is a round trip to the database, so the count is the placement's floor under
// load (bench/results/orders-2026-11-29.md). It is pinned so it cannot grow back unnoticed.
import type { LightMyRequestResponse } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "@trade-shop/contracts/cart";
import type { Order } from "@trade-shop/contracts/orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, findSku, stockOf } from "../../../test/fixtures";
import { commandFrom, fillCart } from "../../../test/orders";

/** Records the text of every statement sent on the app's web pool while `work` runs. */
async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const wrapped = new WeakSet<pg.PoolClient>();
  let recording = false;
  const wrap = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (recording) {
        const first = args[0] as string | { text: string };
        seen.push(typeof first === "string" ? first : first.text);
      }
      return query(...args);
    };
  };
  t.database.pool.on("acquire", wrap);
  recording = true;
  try {
    await work();
  } finally {
    recording = false;
    t.database.pool.off("acquire", wrap);
  }
  return seen;
}

describe("POST /api/Order: statements per order", () => {
  let t: TestApp;
  let trader: string;
  let warehouse: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
  });
  afterAll(() => t.close());

  it("places a plain order of three lines in 10 statements, BEGIN and COMMIT included", async () => {
    const skus = await Promise.all(
      [20, 21, 22].map((skip) =>
        findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip }),
      ),
    );
    const cart = await fillCart(
      t,
      trader,
      skus.map((s) => [s.skuCode, 1] as const),
    );
    let placed: LightMyRequestResponse | undefined;
    const statements = await statementsOf(t, async () => {
      placed = await t.request({ method: "POST", url: "/api/Order", token: trader, body: commandFrom(cart) });
    });
    expect(placed?.statusCode).toBe(200);
    const order = placed!.json<Order>();
    // What each one is (place-order.ts): the login and the customer account of the request, then
    // the transaction: cart, account and placer locked; the cart's lines priced; credit; the
    // order, its status, its lines and the renewed cart; the hand-off and the confirmation; stock.
    const shapes = statements.map((s) => s.replace(/\s+/g, " ").trim().slice(0, 60));
    expect(shapes, shapes.join("\n")).toHaveLength(10);
    expect(shapes[2]).toBe("begin");
    expect(shapes[9]).toBe("commit");
    // The order is whole: its lines, the cart emptied, both messages queued, the stock taken.
    expect(order.orderLines.map((l) => l.productId)).toEqual(skus.map((s) => s.skuCode));
    const after: Cart = (
      await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader })
    ).json();
    expect(after.cartItems).toEqual([]);
    expect(after.orderReference).not.toBe(cart.orderReference);
    const queued = await t.database.db
      .selectFrom("outbox")
      .select("idempotencyKey")
      .where("idempotencyKey", "in", [`order:${order.id}`, `order-confirmation:${order.id}`])
      .execute();
    expect(queued).toHaveLength(2);
    for (const sku of skus) expect(await stockOf(t.database.db, warehouse, sku.skuCode)).toBe(sku.onHand - 1);
  });
});
