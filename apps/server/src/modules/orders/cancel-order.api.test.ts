// Cancelling an order, on both databases (docs/rules.md "Cancelling an order"): at once while the
// back office never had it, stock and credit back exactly once and the hand-off withdrawn; asked
// of the back office once it has it, which cancels or says why not; refused once invoiced; and
// one outcome, with stock exact, when the cancel races the hand-off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreditDetails } from "@trade-shop/contracts/accounts";
import { Order } from "@trade-shop/contracts/orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, stockOf } from "../../../test/fixtures";
import { placeHandOffTestOrder } from "../../../test/orders";
import { expectProblem } from "../../../test/route-table";
import { createBackOfficeSimulator, type BackOfficeSimulator } from "../backoffice";

describe("cancelling an order", () => {
  let t: TestApp;
  let trader: string;
  let warehouse: string;
  let simulator: BackOfficeSimulator;
  let skip = 70;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SIMULATOR_STEP_MS: "0" } });
    trader = await t.login("trader");
    warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
    simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
  });
  afterAll(() => t.close());

  const cancel = (id: number, body: object = {}) =>
    t.request({ method: "POST", url: `/api/Order/${id}/Cancel`, token: trader, body });
  const orderOf = async (id: number) =>
    Order.parse(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${id}`, token: trader })).json(),
    );
  const remainingCredit = async () =>
    CreditDetails.parse(
      (await t.request({ method: "POST", url: "/api/Users/GetCreditDetails", token: trader })).json(),
    ).remainingCredit;
  const stockOfLines = (order: Order) =>
    Promise.all(order.orderLines.map((l) => stockOf(t.database.db, warehouse, l.productId)));
  const handOffQueued = async (id: number) =>
    (await t.database.db
      .selectFrom("outbox")
      .select("id")
      .where("idempotencyKey", "=", `order:${id}`)
      .executeTakeFirst()) !== undefined;
  const salesOrderMade = async (id: number) =>
    (await t.database.db
      .selectFrom("backofficeSalesOrders")
      .select("orderId")
      .where("orderId", "=", id)
      .executeTakeFirst()) !== undefined;

  /** Places an order; with the stock and credit there were before it. */
  async function placed() {
    const creditBefore = await remainingCredit();
    const order = await placeHandOffTestOrder(t, "trader", trader, [2, 1], skip);
    skip += 2;
    const stockBefore = (await stockOfLines(order)).map((n, i) => n + order.orderLines[i]!.quantity);
    return { order, stockBefore, creditBefore };
  }

  it("cancels at once an order the back office never had: stock and credit back once, hand-off withdrawn", async () => {
    const { order, stockBefore, creditBefore } = await placed();
    expect(order.cancel).toBe("now");
    expect(await remainingCredit()).toBeLessThan(creditBefore);

    const res = await cancel(order.id, { reason: "Ordered twice" });
    expect(res.statusCode).toBe(200);
    const cancelled = Order.parse(res.json());
    expect(cancelled.currentPastelStatus).toBe("Cancelled");
    expect(cancelled.statusReason).toMatch(/^Cancelled by .+: Ordered twice$/);
    expect(cancelled.cancel).toBeNull();
    expect(await stockOfLines(order)).toEqual(stockBefore);
    expect(await remainingCredit()).toBe(creditBefore);
    expect(await handOffQueued(order.id)).toBe(false);
    // Nothing goes to the back office.
    expect((await t.outbox.drain()).done).toBe(0);
    expect(await salesOrderMade(order.id)).toBe(false);

    // A repeat changes nothing: no second release of stock.
    expect((await cancel(order.id)).statusCode).toBe(200);
    expect(await stockOfLines(order)).toEqual(stockBefore);
    expect((await orderOf(order.id)).currentPastelStatus).toBe("Cancelled");
  });

  it("asks the back office once it has the order, once however often asked, and it cancels what is not picked", async () => {
    const { order, stockBefore, creditBefore } = await placed();
    await t.outbox.drain();
    const submitted = await orderOf(order.id);
    expect(submitted.currentPastelStatus).toBe("Submitted");
    expect(submitted.cancel).toBe("request");

    const asked = Order.parse((await cancel(order.id)).json());
    expect(asked.currentPastelStatus).toBe("Submitted");
    expect(asked.cancelRequestedAt).not.toBeNull();
    expect(asked.cancel).toBeNull();
    expect((await cancel(order.id)).statusCode).toBe(200);
    const requests = await t.database.db
      .selectFrom("outbox")
      .select("id")
      .where("topic", "=", "backoffice.cancel")
      .where("payload", "@>", JSON.stringify({ orderId: order.id }))
      .execute();
    expect(requests).toHaveLength(1);

    await t.outbox.drain();
    const cancelled = await orderOf(order.id);
    expect(cancelled.currentPastelStatus).toBe("Cancelled");
    expect(await stockOfLines(order)).toEqual(stockBefore);
    expect(await remainingCredit()).toBe(creditBefore);
  });

  it("says why when the back office has started picking, and the order goes on", async () => {
    const { order, stockBefore } = await placed();
    await t.outbox.drain();
    await simulator.tick(); // Submitted -> Picking
    expect((await orderOf(order.id)).currentPastelStatus).toBe("Picking");
    expect((await cancel(order.id)).statusCode).toBe(200);
    await t.outbox.drain();
    const refused = await orderOf(order.id);
    expect(refused.currentPastelStatus).toBe("Picking");
    expect(refused.cancelRequestedAt).toBeNull();
    expect(refused.cancelRefusedReason).toMatch(/picking already: it can no longer be stopped/);
    // Its stock stays taken: it is being picked.
    expect(await stockOfLines(order)).toEqual(stockBefore.map((n, i) => n - order.orderLines[i]!.quantity));
  });

  it("refuses an invoiced order with 409 order_not_cancellable, and another account's with 404", async () => {
    const { order } = await placed();
    await t.outbox.drain();
    await simulator.tick(); // Picking
    await simulator.tick(); // Invoiced
    expect((await orderOf(order.id)).currentPastelStatus).toBe("Invoiced");
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(409);
    expect(expectProblem(res).code).toBe("order_not_cancellable");
    const spaza = await t.login("spaza");
    const other = await t.request({
      method: "POST",
      url: `/api/Order/${order.id}/Cancel`,
      token: spaza,
      body: {},
    });
    expect(other.statusCode).toBe(404);
  });

  it("has one outcome when the cancel races the hand-off, with stock exact", async () => {
    for (let round = 0; round < 4; round++) {
      const { order, stockBefore } = await placed();
      const [, res] = await Promise.all([t.outbox.drain(), cancel(order.id)]);
      expect(res.statusCode).toBe(200);
      // Whichever came first, the back office ends up agreeing.
      await t.outbox.drain();
      await t.outbox.drain();
      const final = await orderOf(order.id);
      expect(final.currentPastelStatus).toBe("Cancelled");
      expect(await stockOfLines(order)).toEqual(stockBefore);
      const cancelledHere = !(await salesOrderMade(order.id));
      // Cancelled before the hand-off: the back office never heard of it; after: it was asked.
      if (cancelledHere) expect(await handOffQueued(order.id)).toBe(false);
      else expect(final.cancelRequestedAt).not.toBeNull();
    }
  });
});
