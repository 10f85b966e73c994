// Changing an order's lines, on both databases (docs/rules.md "Changing an order"): re-priced and
// checked as a placed cart is, stock moved by the difference exactly once, refused once the back
// office may have it, on an older reading of the order, or past stock and credit; a buyer's change
// over their limit waits for the owner; and one outcome, stock exact, when it races the hand-off.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "@trade-shop/contracts/common";
import { CreditDetails } from "@trade-shop/contracts/accounts";
import { Order } from "@trade-shop/contracts/orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, extraLogin, findSku, stockOf } from "../../../test/fixtures";
import { placeHandOffTestOrder } from "../../../test/orders";
import { expectProblem } from "../../../test/route-table";
import { orderForBackOffice } from "./queries";

type Lines = readonly (readonly [sku: string, quantity: number])[];

describe("changing an order's lines", () => {
  let t: TestApp;
  let trader: string;
  let warehouse: string;
  let skip = 120;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SIMULATOR_STEP_MS: "0" } });
    trader = await t.login("trader");
    warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const put = (id: number, body: object, token = trader) =>
    t.request({ method: "PUT", url: `/api/Order/${id}/Lines`, token, body });
  const orderOf = async (id: number) =>
    Order.parse(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${id}`, token: trader })).json(),
    );
  const remainingCredit = async () =>
    toCents(
      CreditDetails.parse(
        (await t.request({ method: "POST", url: "/api/Users/GetCreditDetails", token: trader })).json(),
      ).remainingCredit,
    );
  const stocks = (skus: readonly string[]) => Promise.all(skus.map((sku) => stockOf(db(), warehouse, sku)));
  const handOffQueued = async (id: number) =>
    (await db()
      .selectFrom("outbox")
      .select("id")
      .where("idempotencyKey", "=", `order:${id}`)
      .executeTakeFirst()) !== undefined;

  const body = (order: Order, lines: Lines, totals = { totalPriceIncl: 0, totalPriceExcl: 0 }) => ({
    orderLines: lines.map(([productId, quantity]) => ({ productId, quantity })),
    ...totals,
    linesChangedAt: order.linesChangedAt,
  });

  /** The totals the lines come to now, as the server answers a change with other totals. */
  async function totalsOf(order: Order, lines: Lines, token = trader) {
    const res = await put(order.id, body(order, lines), token);
    const problem = expectProblem(res);
    expect(problem.code, res.body).toBe("prices_changed");
    return (problem as unknown as { repriced: { totalPriceIncl: number; totalPriceExcl: number } }).repriced;
  }

  /** Changes the order to `lines` as the web app does: shown the totals, then saved with them. */
  async function change(order: Order, lines: Lines, token = trader) {
    return put(order.id, body(order, lines, await totalsOf(order, lines, token)), token);
  }

  async function placed(quantities = [3, 2]) {
    const order = await placeHandOffTestOrder(t, "trader", trader, quantities, skip);
    skip += quantities.length;
    return order;
  }

  async function anotherSku(minStock: number) {
    return findSku(db(), { warehouseCode: warehouse, tenantId: "gauteng", skip: skip++, minStock });
  }

  it("re-prices the changed lines, moves stock by the difference once, and the back office gets them", async () => {
    const order = await placed([3, 2]);
    expect(order.changeable).toBe(true);
    const [a, b] = order.orderLines.map((l) => l.productId) as [string, string];
    const added = await anotherSku(4);
    const [aBefore, bBefore, cBefore] = await stocks([a, b, added.skuCode]);
    const creditBefore = await remainingCredit();

    const res = await change(order, [
      [a, 5],
      [added.skuCode, 4],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const changed = Order.parse(res.json());
    expect(changed.orderLines.map((l) => [l.productId, l.quantity])).toEqual([
      [a, 5],
      [added.skuCode, 4],
    ]);
    expect(changed.linesChangedAt).not.toBeNull();
    expect(changed.linesChangedBy).toBeTruthy();
    expect(changed.currentPastelStatus).toBe("Pending");
    // a: 2 more taken; b: its 2 back; the new line: 4 taken.
    expect(await stocks([a, b, added.skuCode])).toEqual([aBefore! - 2, bBefore! + 2, cBefore! - 4]);
    expect(creditBefore - (await remainingCredit())).toBe(
      toCents(changed.totalPriceIncl) - toCents(order.totalPriceIncl),
    );
    const lineSum = changed.orderLines.reduce((sum, l) => sum + toCents(l.totalPriceIncl), 0);
    expect(toCents(changed.totalPriceIncl)).toBe(lineSum);

    // A repeat (a double tap) changes nothing.
    const again = await put(
      order.id,
      body(
        order,
        [
          [a, 5],
          [added.skuCode, 4],
        ],
        { totalPriceIncl: 1, totalPriceExcl: 1 },
      ),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await stocks([a, b, added.skuCode])).toEqual([aBefore! - 2, bBefore! + 2, cBefore! - 4]);

    // The hand-off is still queued and reads the order as changed.
    expect(await handOffQueued(order.id)).toBe(true);
    const sent = await orderForBackOffice(db(), order.id);
    expect(sent?.orderLines.map((l) => l.quantity)).toEqual([5, 4]);
  });

  it("refuses a change made on an older reading of the order, and changes nothing", async () => {
    const order = await placed([2]);
    const [a] = order.orderLines.map((l) => l.productId) as [string];
    expect((await change(order, [[a, 3]])).statusCode).toBe(200);
    const [aAfter] = await stocks([a]);
    // Another screen, opened before that change, asks for 1.
    const stale = await put(order.id, body(order, [[a, 1]], { totalPriceIncl: 1, totalPriceExcl: 1 }));
    expect(expectProblem(stale).code).toBe("order_changed");
    expect((await orderOf(order.id)).orderLines[0]!.quantity).toBe(3);
    expect(await stocks([a])).toEqual([aAfter]);
  });

  it("refuses more than the warehouse holds, saying how many the line can have", async () => {
    const order = await placed([2]);
    const [a] = order.orderLines.map((l) => l.productId) as [string];
    const [onHand] = await stocks([a]);
    const res = await change(order, [[a, 2 + onHand! + 1]]);
    const problem = expectProblem(res) as unknown as { code: string; shortages: { available: number }[] };
    expect(problem.code).toBe("stock_short");
    expect(problem.shortages[0]!.available).toBe(2 + onHand!);
    expect(await stocks([a])).toEqual([onHand]);
    expect((await orderOf(order.id)).orderLines[0]!.quantity).toBe(2);
  });

  it("refuses a dearer order past the credit left, and always lets it get smaller", async () => {
    const order = await placed([4]);
    const [a] = order.orderLines.map((l) => l.productId) as [string];
    const account = (await customerOf(db(), "trader")).id;
    const { rows } = await sql<{ balance: number }>`
      SELECT dc_balance_cents AS balance FROM customers WHERE id = ${account}`.execute(db());
    // No credit left at all.
    await sql`UPDATE customers SET dc_balance_cents = dc_balance_cents + ${await remainingCredit()}
               WHERE id = ${account}`.execute(db());
    try {
      const dearer = await change(order, [[a, 5]]);
      expect(expectProblem(dearer).code).toBe("credit_exceeded");
      const smaller = await change(order, [[a, 1]]);
      expect(smaller.statusCode, smaller.body).toBe(200);
    } finally {
      await sql`UPDATE customers SET dc_balance_cents = ${rows[0]!.balance} WHERE id = ${account}`.execute(
        db(),
      );
    }
  });

  it("refuses once the back office may have it", async () => {
    const order = await placed([1]);
    await t.outbox.drain();
    const submitted = await orderOf(order.id);
    expect(submitted.currentPastelStatus).toBe("Submitted");
    expect(submitted.changeable).toBe(false);
    const [a] = order.orderLines.map((l) => l.productId) as [string];
    const res = await put(order.id, body(order, [[a, 2]], { totalPriceIncl: 1, totalPriceExcl: 1 }));
    expect(expectProblem(res).code).toBe("order_not_changeable");
  });

  it("sends a buyer's change over their limit to the owner: the hand-off is withdrawn", async () => {
    const buyer = await extraLogin(t, "trader", "change.limit", { orderLimitCents: 100_000 });
    const sku = await anotherSku(6);
    const order = await placeHandOffTestOrder(t, "change.limit", buyer, [1], skip - 1);
    expect(order.currentPastelStatus).toBe("Pending");
    expect(toCents(order.totalPriceIncl)).toBeLessThan(100_000);
    const a = order.orderLines[0]!.productId;
    const price = toCents(order.orderLines[0]!.totalPriceIncl);
    const packs = Math.min(Math.floor(100_000 / price) + 1, sku.onHand);
    if (packs * price <= 100_000) throw new Error(`SKU ${a} is too cheap to pass the limit with its stock`);
    const res = await change(order, [[a, packs]], buyer);
    expect(res.statusCode, res.body).toBe(200);
    const waiting = Order.parse(res.json());
    expect(waiting.currentPastelStatus).toBe("Awaiting approval");
    expect(waiting.approvalDueAt).not.toBeNull();
    expect(await handOffQueued(order.id)).toBe(false);
    const asked = await db()
      .selectFrom("outbox")
      .select("id")
      .where("idempotencyKey", "like", `approval-request:${order.id}:changed:%`)
      .execute();
    expect(asked).toHaveLength(1);
  });

  it("has one outcome when the change races the hand-off, with stock exact", async () => {
    for (let round = 0; round < 4; round++) {
      const order = await placed([2]);
      const [a] = order.orderLines.map((l) => l.productId) as [string];
      const [before] = await stocks([a]);
      const totals = await totalsOf(order, [[a, 3]]);
      const [, res] = await Promise.all([t.outbox.drain(), put(order.id, body(order, [[a, 3]], totals))]);
      const final = await orderOf(order.id);
      if (res.statusCode === 200) {
        // Changed before the hand-off was claimed: the back office got the changed lines.
        expect(final.orderLines[0]!.quantity).toBe(3);
        expect(await stocks([a])).toEqual([before! - 1]);
      } else {
        expect(expectProblem(res).code).toBe("order_not_changeable");
        expect(final.orderLines[0]!.quantity).toBe(2);
        expect(await stocks([a])).toEqual([before]);
      }
      await t.outbox.drain();
      expect((await orderOf(order.id)).currentPastelStatus).toBe("Submitted");
    }
  });
});
