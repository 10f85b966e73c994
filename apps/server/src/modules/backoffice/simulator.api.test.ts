import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { placeHandOffTestOrder } from "../../../test/orders";
import { createBackOfficeSimulator, type BackOfficeSimulator } from "./simulator";

describe("back-office simulator (BACKOFFICE_MODE=simulator)", () => {
  let t: TestApp;
  let trader: string;
  let simulator: BackOfficeSimulator;
  beforeAll(async () => {
    // A step of 0 ms: every tick moves every accepted order one step.
    t = await createTestApp({ env: { BACKOFFICE_SIMULATOR_STEP_MS: "0" } });
    trader = await t.login("trader");
    simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const orderRow = (id: number) =>
    db()
      .selectFrom("orders")
      .select(["currentPastelStatus", "pastelStatusReason", "lastPastelStatusUpdate"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const history = async (id: number) =>
    (
      await db()
        .selectFrom("orderStatusHistory")
        .select(["status", "reason"])
        .where("orderId", "=", id)
        .orderBy("id")
        .execute()
    ).map((h) => h.status);
  const getOrder = async (id: number) =>
    (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${id}`, token: trader })).json();
  const setCreditLimit = (accountId: string, cents: number) =>
    db()
      .updateTable("customers")
      .set({ creditLimitCents: cents })
      .where("accountId", "=", accountId)
      .execute();

  it("accepts a handed-over order and walks it to Delivered, with sales order and invoice numbers", async () => {
    const placed = await placeHandOffTestOrder(t, "trader", trader, [2, 1], 30);
    expect(placed.currentPastelStatus).toBe("Pending");
    // The hand-off, and the alert of the buyer's order Submitted (decision 153).
    expect(await t.outbox.drain()).toEqual({ done: 2, retried: 0, parked: 0 });

    const submitted = await getOrder(placed.id);
    expect(submitted.currentPastelStatus).toBe("Submitted");
    const salesOrder: string = submitted.orderLines[0].pastelSalesOrderNumber;
    expect(salesOrder).toMatch(/^SO\d{6}$/);
    expect(
      submitted.orderLines.every(
        (l: { pastelSalesOrderNumber: string }) => l.pastelSalesOrderNumber === salesOrder,
      ),
    ).toBe(true);
    expect(submitted.orderLines[0].pastelInvoiceNumber).toBeNull();

    const seen: string[] = [];
    let last = new Date(submitted.lastPastelStatusUpdate).getTime();
    for (let step = 0; step < 4; step++) {
      expect(await simulator.tick()).toBe(1);
      const row = await orderRow(placed.id);
      seen.push(row.currentPastelStatus);
      expect(row.lastPastelStatusUpdate.getTime()).toBeGreaterThanOrEqual(last);
      last = row.lastPastelStatusUpdate.getTime();
    }
    expect(seen).toEqual(["Picking", "Invoiced", "Dispatched", "Delivered"]);
    expect(await simulator.tick()).toBe(0);

    const delivered = await getOrder(placed.id);
    expect(delivered.currentPastelStatus).toBe("Delivered");
    expect(delivered.statusReason).toBeNull();
    expect(delivered.orderLines[0].pastelSalesOrderNumber).toBe(salesOrder);
    expect(delivered.orderLines[0].pastelInvoiceNumber).toMatch(/^INV\d{6}$/);
    expect(await history(placed.id)).toEqual([
      "Pending",
      "Submitted",
      "Picking",
      "Invoiced",
      "Dispatched",
      "Delivered",
    ]);
  });

  it("never makes a second sales order when the hand-off runs again", async () => {
    const placed = await placeHandOffTestOrder(t, "trader", trader, [1], 32);
    await t.outbox.drain();
    const first = (await getOrder(placed.id)).orderLines[0].pastelSalesOrderNumber;
    // As if the worker had died after handing over but before marking the message done.
    await db()
      .updateTable("outbox")
      .set({ status: "pending", availableAt: sql`now()` })
      .where("idempotencyKey", "=", `order:${placed.id}`)
      .execute();
    expect(await t.outbox.drain()).toEqual({ done: 1, retried: 0, parked: 0 });
    await Promise.all([1, 2].map(() => simulator.handOver(placed.id, `order:${placed.id}`)));
    const book = await db()
      .selectFrom("backofficeSalesOrders")
      .selectAll()
      .where("orderId", "=", placed.id)
      .execute();
    expect(book).toHaveLength(1);
    expect(book[0]!.salesOrderNumber).toBe(first);
    expect(await history(placed.id)).toEqual(["Pending", "Submitted"]);
    await simulator.tick();
  });

  it("puts an order On Hold while the account is over its credit limit, and releases it once it is back within", async () => {
    const placed = await placeHandOffTestOrder(t, "trader", trader, [1], 34);
    const customer = await db()
      .selectFrom("customers")
      .select(["creditLimitCents", "dcBalanceCents"])
      .where("accountId", "=", "CUS0001")
      .executeTakeFirstOrThrow();
    // The balance alone is now R100.00 over the limit.
    await setCreditLimit("CUS0001", customer.dcBalanceCents - 10_000);
    await t.outbox.drain();
    const held = await orderRow(placed.id);
    expect(held.currentPastelStatus).toBe("On Hold");
    expect(held.pastelStatusReason).toMatch(/^Over credit limit by R[\d ]+\.\d\d: awaiting payment$/);
    expect((await getOrder(placed.id)).orderLines[0].pastelSalesOrderNumber).toMatch(/^SO\d+$/);

    await simulator.tick();
    expect((await orderRow(placed.id)).currentPastelStatus).toBe("On Hold");
    expect(await history(placed.id)).toEqual(["Pending", "On Hold"]);

    await setCreditLimit("CUS0001", customer.creditLimitCents);
    await simulator.tick();
    const released = await orderRow(placed.id);
    expect(released.currentPastelStatus).toBe("Picking");
    expect(released.pastelStatusReason).toBeNull();
    expect(await history(placed.id)).toEqual(["Pending", "On Hold", "Picking"]);
    while ((await simulator.tick()) > 0);
  });

  it("holds an accepted order before picking when the account went over its limit meanwhile", async () => {
    const placed = await placeHandOffTestOrder(t, "trader", trader, [1], 36);
    await t.outbox.drain();
    expect((await orderRow(placed.id)).currentPastelStatus).toBe("Submitted");
    const { creditLimitCents, dcBalanceCents } = await db()
      .selectFrom("customers")
      .select(["creditLimitCents", "dcBalanceCents"])
      .where("accountId", "=", "CUS0001")
      .executeTakeFirstOrThrow();
    await setCreditLimit("CUS0001", dcBalanceCents);
    await simulator.tick();
    expect((await orderRow(placed.id)).currentPastelStatus).toBe("On Hold");
    await setCreditLimit("CUS0001", creditLimitCents);
    while ((await simulator.tick()) > 0);
    expect((await orderRow(placed.id)).currentPastelStatus).toBe("Delivered");
  });

  it("moves each due order once when several processes tick at the same time", async () => {
    const placed = [];
    for (const skip of [40, 41, 42, 43])
      placed.push(await placeHandOffTestOrder(t, "trader", trader, [1], skip));
    await t.outbox.drain();
    const ids = placed.map((o) => o.id);
    // Processes with a real clock: after one step an order is not due again for a minute.
    const processes = [1, 2, 3].map(() => createBackOfficeSimulator(db(), { stepMs: 60_000 }));
    await db()
      .updateTable("backofficeSalesOrders")
      .set({ nextStepAt: sql`now() - interval '1 second'` })
      .where("orderId", "in", ids)
      .execute();
    const moved = await Promise.all(processes.map((p) => p.tick()));
    expect(moved.reduce((a, b) => a + b, 0)).toBe(ids.length);
    for (const id of ids) expect(await history(id)).toEqual(["Pending", "Submitted", "Picking"]);
    expect(await Promise.all(processes.map((p) => p.tick()))).toEqual([0, 0, 0]);
  });

  it("leaves orders it never accepted alone (the demo's history)", async () => {
    const before = await db()
      .selectFrom("orders")
      .select(["id", "currentPastelStatus"])
      .where("id", "<", 50)
      .orderBy("id")
      .execute();
    while ((await simulator.tick()) > 0);
    const after = await db()
      .selectFrom("orders")
      .select(["id", "currentPastelStatus"])
      .where("id", "<", 50)
      .orderBy("id")
      .execute();
    expect(after).toEqual(before);
  });
});
