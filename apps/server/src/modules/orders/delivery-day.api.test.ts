// The delivery day through the API, on both databases (docs/rules.md "Delivery day"): what
// GET /api/Order/DeliveryPromise says and what a placed order records and hands to the back
// office, across the cut-off, a weekend, a public holiday and a day the PUBLIC_HOLIDAYS setting
// declares; and Dispatched and Delivered, with who signed, as the back office reports them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DeliveryPromise, Order } from "@trade-shop/contracts/orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, findSku } from "../../../test/fixtures";
import { commandFrom, fillCart } from "../../../test/orders";
import { signBody } from "../backoffice";

const SECRET = "delivery-day-test-secret-0123456789abcdef";
/** An instant given in South African time. */
const sast = (local: string) => new Date(`${local}+02:00`);

describe("the delivery day of an order", () => {
  let t: TestApp;
  let trader: string;
  let customerId: number;
  let warehouse: string;
  let now = sast("2026-12-01T10:00:00");
  let skip = 40;

  beforeAll(async () => {
    // 23 December 2026 declared a holiday by the setting (it is an ordinary Wednesday).
    t = await createTestApp({
      env: { BACKOFFICE_SECRET: SECRET, PUBLIC_HOLIDAYS: "2026-12-23" },
      clock: () => now,
    });
    trader = await t.login("trader");
    const customer = await customerOf(t.database.db, "trader");
    customerId = customer.id;
    warehouse = customer.stockingWarehouseCode;
  });
  afterAll(() => t.close());

  /** The account delivered on Wednesdays, ordered on Tuesdays; the warehouse's cut-off 14:00. */
  beforeEach(async () => {
    await rounds("Wednesday", "Tuesday");
    await t.database.db
      .updateTable("warehouses")
      .set({ orderCutoffMinutes: 14 * 60 })
      .where("code", "=", warehouse)
      .execute();
  });

  const rounds = (delivery: string, order: string) =>
    t.database.db
      .updateTable("customers")
      .set({ nominatedDeliveryDate: delivery, nominatedOrderDate: order, deliveryMethod: "Delivery" })
      .where("id", "=", customerId)
      .execute();

  async function promise(query = "") {
    const res = await t.request({ method: "GET", url: `/api/Order/DeliveryPromise${query}`, token: trader });
    expect(res.statusCode).toBe(200);
    return DeliveryPromise.parse(res.json());
  }

  async function place(homeDelivery = true) {
    const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: skip++ });
    const cart = await fillCart(t, trader, [[sku.skuCode, 1]]);
    const res = await t.request({
      method: "POST",
      url: "/api/Order",
      token: trader,
      body: commandFrom(cart, { homeDelivery }),
    });
    expect(res.statusCode).toBe(200);
    return Order.parse(res.json());
  }

  it("promises Wednesday until Tuesday's cut-off, and the next Wednesday from the cut-off on", async () => {
    now = sast("2026-12-01T13:59:59");
    expect(await promise()).toEqual({
      method: "Delivery",
      day: "2026-12-02",
      orderBy: "2026-12-01T12:00:00.000Z",
    });
    const before = await place();
    expect(before.expectedDeliveryDate).toBe("2026-12-02");

    now = sast("2026-12-01T14:00:00");
    expect(await promise()).toMatchObject({ day: "2026-12-09", orderBy: "2026-12-08T12:00:00.000Z" });
    const after = await place();
    expect(after.expectedDeliveryDate).toBe("2026-12-09");

    // As read back (the hand-off sends the order as read: http-adapter.api.test.ts).
    const read = await t.request({
      method: "GET",
      url: `/api/Order/GetOrderById/${after.id}`,
      token: trader,
    });
    expect(Order.parse(read.json()).expectedDeliveryDate).toBe("2026-12-09");
  });

  it("follows the warehouse's own cut-off", async () => {
    await t.database.db
      .updateTable("warehouses")
      .set({ orderCutoffMinutes: 11 * 60 + 30 })
      .where("code", "=", warehouse)
      .execute();
    now = sast("2026-12-01T11:45:00");
    expect(await promise()).toMatchObject({ day: "2026-12-09", orderBy: "2026-12-08T09:30:00.000Z" });
  });

  it("orders a Monday delivery by Friday's cut-off, across the weekend", async () => {
    await rounds("Monday", "Friday");
    now = sast("2026-12-04T15:00:00");
    expect(await promise()).toMatchObject({ day: "2026-12-14", orderBy: "2026-12-11T12:00:00.000Z" });
    now = sast("2026-12-05T09:00:00");
    expect((await place()).expectedDeliveryDate).toBe("2026-12-14");
  });

  it("delivers the day after a public holiday, the Act's or one the setting declares", async () => {
    // Wednesday 16 December 2026: Day of Reconciliation.
    now = sast("2026-12-14T09:00:00");
    expect((await promise()).day).toBe("2026-12-17");
    expect((await place()).expectedDeliveryDate).toBe("2026-12-17");
    // Wednesday 23 December 2026: declared by PUBLIC_HOLIDAYS.
    now = sast("2026-12-21T09:00:00");
    expect((await promise()).day).toBe("2026-12-24");
  });

  it("has a collection ready on the next working day, whichever way the account usually takes it", async () => {
    now = sast("2026-12-03T10:00:00");
    expect(await promise("?homeDelivery=false")).toMatchObject({ method: "Collect", day: "2026-12-04" });
    expect((await place(false)).expectedDeliveryDate).toBe("2026-12-04");
    await t.database.db
      .updateTable("customers")
      .set({ deliveryMethod: "Collect" })
      .where("id", "=", customerId)
      .execute();
    expect(await promise()).toMatchObject({ method: "Collect", day: "2026-12-04" });
    expect(await promise("?homeDelivery=true")).toMatchObject({ method: "Delivery", day: "2026-12-09" });
  });

  it("answers a bad homeDelivery with 400, and a visitor with 401", async () => {
    const bad = await t.request({
      method: "GET",
      url: "/api/Order/DeliveryPromise?homeDelivery=yes",
      token: trader,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/Order/DeliveryPromise" })).statusCode).toBe(401);
  });

  it("shows when the back office dispatched and delivered the order, and who signed for it", async () => {
    now = sast("2026-12-01T10:00:00");
    const placed = await place();
    const report = async (body: object) => {
      const json = JSON.stringify({ eventId: randomUUID(), orderId: placed.orderId, ...body });
      const timestamp = Math.floor(Date.now() / 1000);
      const res = await t.request({
        method: "POST",
        url: "/api/BackOffice/StatusCallback",
        body: JSON.parse(json),
        headers: {
          "x-tradeshop-timestamp": String(timestamp),
          "x-tradeshop-signature": signBody(SECRET, timestamp, json),
        },
      });
      expect(res.statusCode).toBe(200);
    };
    await report({ status: "Submitted", salesOrderNumber: "SO-DD-1" });
    await report({ status: "Invoiced", invoiceNumber: "INV-DD-1" });
    await report({ status: "Dispatched" });
    await report({ status: "Delivered", signedBy: "Thabo Nkosi" });
    const read = Order.parse(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${placed.id}`, token: trader })).json(),
    );
    expect(read.dispatchedAt).not.toBeNull();
    expect(read.deliveredAt).not.toBeNull();
    expect(Date.parse(read.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(read.dispatchedAt!));
    expect(read.deliveredSignedBy).toBe("Thabo Nkosi");
    // The history's entry says the same.
    const history = (await t.request({ method: "GET", url: "/api/Order", token: trader })).json() as Order[];
    expect(history.find((o) => o.id === placed.id)).toMatchObject({ deliveredSignedBy: "Thabo Nkosi" });
  });
});
