import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BackOfficeHandOff } from "@trade-shop/contracts/backoffice";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { placeHandOffTestOrder } from "../../../test/orders";
import { checkSignature, signBody } from "./signature";

const SECRET = randomBytes(32).toString("hex");

/** A stand-in back office on 127.0.0.1: one sales order per Idempotency-Key, answers as told. */
class FakeBackOffice {
  server: Server | undefined;
  answer: { status: number; body: string } = { status: 200, body: "" };
  requests: { key: string; body: string; signed: boolean }[] = [];
  salesOrders = new Map<string, string>();
  constructor(readonly port: number) {}

  static async onFreePort() {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return new FakeBackOffice(port);
  }

  get url() {
    return `http://127.0.0.1:${this.port}/sales-orders`;
  }

  async start() {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const key = String(req.headers["idempotency-key"]);
        const signed =
          checkSignature(
            SECRET,
            {
              timestamp: req.headers["x-tradeshop-timestamp"] as string,
              signature: req.headers["x-tradeshop-signature"] as string,
              body,
            },
            { windowSeconds: 300, nowSeconds: Math.floor(Date.now() / 1000) },
          ) === undefined;
        this.requests.push({ key, body, signed });
        if (this.answer.status >= 300) {
          res.writeHead(this.answer.status).end(this.answer.body);
          return;
        }
        if (!this.salesOrders.has(key)) this.salesOrders.set(key, `SO${900_000 + this.salesOrders.size + 1}`);
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(this.answer.body || JSON.stringify({ salesOrderNumber: this.salesOrders.get(key) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
  }

  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("HTTP back office (BACKOFFICE_MODE=http)", () => {
  let t: TestApp;
  let backOffice: FakeBackOffice;
  let trader: string;
  let staff: string;
  beforeAll(async () => {
    backOffice = await FakeBackOffice.onFreePort();
    t = await createTestApp({
      env: {
        BACKOFFICE_MODE: "http",
        BACKOFFICE_URL: backOffice.url,
        BACKOFFICE_SECRET: SECRET,
        BACKOFFICE_TIMEOUT_MS: "2000",
        OUTBOX_MAX_ATTEMPTS: "3",
        OUTBOX_RETRY_BASE_MS: "60000",
        PUBLIC_URL: "https://shop.example",
      },
    });
    trader = await t.login("trader");
    staff = await t.login("staff");
  });
  afterEach(() => backOffice.stop());
  afterAll(() => t.close());

  const db = () => t.database.db;
  const hand = (orderId: number) =>
    db()
      .selectFrom("outbox")
      .selectAll()
      .where("idempotencyKey", "=", `order:${orderId}`)
      .executeTakeFirstOrThrow();
  const makeDue = (orderId: number) =>
    db()
      .updateTable("outbox")
      .set({ availableAt: sql`now()` })
      .where("idempotencyKey", "=", `order:${orderId}`)
      .execute();
  const getOrder = async (id: number) =>
    (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${id}`, token: trader })).json();
  // Staff hold both tenants; the demo's trader buys in gauteng.
  const handOffs = (query = "", token = staff) =>
    t.request({ method: "GET", url: `/api/BackOffice/HandOffs${query}`, token, tenantId: "gauteng" });
  const retry = (id: number, token = staff, tenantId = "gauteng") =>
    t.request({ method: "POST", url: `/api/BackOffice/HandOffs/${id}/Retry`, token, tenantId, body: {} });

  it("POST /api/Order while the back office is down: the order arrives exactly once after it recovers", async () => {
    const placed = await placeHandOffTestOrder(t, "trader", trader, [2], 50);

    // Down: nothing listens on the port. A refused connection is the back office's "not now":
    // tried again within seconds (decision 157), the attempt not counted, so it is never parked.
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    const down = await hand(placed.id);
    expect(down).toMatchObject({ status: "pending", attempts: 0 });
    expect(down.lastError).toMatch(/^Back office unreachable at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    expect(down.availableAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);

    // Up but failing: a 503 is "not now" too.
    await backOffice.start();
    backOffice.answer = { status: 503, body: "maintenance" };
    await makeDue(placed.id);
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    expect((await hand(placed.id)).lastError).toBe("Back office answered 503: maintenance");
    const listed = (await handOffs("?state=retrying")).json();
    expect(listed.find((h: { orderId: number }) => h.orderId === placed.id)).toMatchObject({
      state: "retrying",
      attempts: 0,
      lastError: "Back office answered 503: maintenance",
      orderNumber: placed.orderId,
      accountId: "CUS0001",
    });
    expect((await getOrder(placed.id)).currentPastelStatus).toBe("Pending");

    // Recovered.
    backOffice.answer = { status: 200, body: "" };
    await makeDue(placed.id);
    // The hand-off, and the alert of the buyer's order Submitted (decision 153).
    expect(await t.outbox.drain()).toEqual({ done: 2, retried: 0, parked: 0 });
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 0, parked: 0 });

    const key = `order:${placed.id}`;
    expect(backOffice.requests.map((r) => [r.key, r.signed])).toEqual([
      [key, true],
      [key, true],
    ]);
    expect(backOffice.salesOrders.size).toBe(1);
    const sent = BackOfficeHandOff.parse(JSON.parse(backOffice.requests[1]!.body));
    expect(sent.idempotencyKey).toBe(key);
    expect(sent.callbackUrl).toBe("https://shop.example/api/BackOffice/StatusCallback");
    expect(sent.order.orderId).toBe(placed.orderId);
    expect(sent.order.orderLines).toHaveLength(1);
    // The day promised to the customer goes with the order (decision 149).
    expect(sent.order.expectedDeliveryDate).toBe(placed.expectedDeliveryDate);
    expect(sent.order.expectedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const submitted = await getOrder(placed.id);
    expect(submitted.currentPastelStatus).toBe("Submitted");
    expect(submitted.orderLines[0].pastelSalesOrderNumber).toBe(backOffice.salesOrders.get(key));
    expect((await hand(placed.id)).status).toBe("done");
  });

  describe("POST /api/BackOffice/StatusCallback", () => {
    const callback = (
      body: object,
      options: { secret?: string; timestamp?: number; raw?: string; headers?: Record<string, string> } = {},
    ) => {
      const raw = options.raw ?? JSON.stringify(body);
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      return t.app.inject({
        method: "POST",
        url: "/api/BackOffice/StatusCallback",
        headers: {
          "content-type": "application/json",
          "x-tradeshop-timestamp": String(timestamp),
          "x-tradeshop-signature": signBody(options.secret ?? SECRET, timestamp, raw),
          ...options.headers,
        },
        payload: raw,
      });
    };
    const balanceOf = async () =>
      (
        await db()
          .selectFrom("customers")
          .select("dcBalanceCents")
          .where("accountId", "=", "CUS0001")
          .executeTakeFirstOrThrow()
      ).dcBalanceCents;
    const credit = async () =>
      (await t.request({ method: "POST", url: "/api/Users/GetCreditDetails", token: trader })).json();

    it("applies signed status changes, raises the balance once when invoiced, and ignores a replayed event", async () => {
      await backOffice.start();
      const placed = await placeHandOffTestOrder(t, "trader", trader, [1], 52);
      await t.outbox.drain();
      const event = (status: string, extra: object = {}) => ({
        eventId: randomUUID(),
        orderId: placed.orderId,
        status,
        ...extra,
      });

      const picking = await callback(event("Picking"));
      expect(picking.statusCode).toBe(200);
      expect(picking.json()).toMatchObject({
        success: true,
        message: `Order ${placed.orderId} is now Picking.`,
      });
      const holdWithoutReason = await callback(event("On Hold"));
      expect(holdWithoutReason.statusCode).toBe(400);
      expect(holdWithoutReason.json().errors).toEqual({ reason: ["Required with status On Hold."] });
      expect((await callback(event("Invoiced"))).json().errors).toEqual({
        invoiceNumber: ["Required when the order is invoiced."],
      });

      const balance = await balanceOf();
      const remaining = (await credit()).remainingCredit;
      const invoiced = event("Invoiced", { invoiceNumber: "INV-77001" });
      expect((await callback(invoiced)).statusCode).toBe(200);
      expect((await callback(invoiced)).json()).toMatchObject({ success: true, title: "Already applied" });
      expect((await callback({ ...invoiced, eventId: randomUUID() })).json().message).toMatch(
        /was already Invoiced/,
      );
      expect(await balanceOf()).toBe(balance + Math.round(placed.totalPriceIncl * 100));
      expect((await credit()).remainingCredit).toBe(remaining);

      const order = await getOrder(placed.id);
      expect(order.currentPastelStatus).toBe("Invoiced");
      expect(order.orderLines[0].pastelInvoiceNumber).toBe("INV-77001");

      // A late report of an earlier step changes nothing; stepping out of the flow after invoicing is refused.
      const late = await callback(event("Picking"));
      expect(late.statusCode).toBe(200);
      expect(late.json().message).toMatch(/already past Picking \(Invoiced\)/);
      const rejected = await callback(event("Rejected", { reason: "Changed our mind" }));
      expect(rejected.statusCode).toBe(409);
      expect(rejected.json().code).toBe("status_not_allowed");
      expect(rejected.json().title).toBe(`Order ${placed.orderId} cannot go from Invoiced to Rejected.`);
      expect((await getOrder(placed.id)).currentPastelStatus).toBe("Invoiced");
      expect(await balanceOf()).toBe(balance + Math.round(placed.totalPriceIncl * 100));
    });

    it("refuses a callback that is unsigned, badly signed, too old or tampered with, and changes nothing", async () => {
      await backOffice.start();
      const placed = await placeHandOffTestOrder(t, "trader", trader, [1], 54);
      await t.outbox.drain();
      const body = { eventId: randomUUID(), orderId: placed.orderId, status: "Picking" };
      const raw = JSON.stringify(body);
      const now = Math.floor(Date.now() / 1000);

      const wrongKey = await callback(body, { secret: randomBytes(32).toString("hex") });
      expect(wrongKey.statusCode).toBe(401);
      expect(wrongKey.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(wrongKey.json().code).toBe("unauthenticated");
      expect(wrongKey.json().title).toBe("The request's signature does not match.");
      const old = await callback(body, { timestamp: now - 600 });
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe("unauthenticated");
      expect(old.json().title).toBe("The request's timestamp is outside the allowed window.");
      const tampered = await t.app.inject({
        method: "POST",
        url: "/api/BackOffice/StatusCallback",
        headers: {
          "content-type": "application/json",
          "x-tradeshop-timestamp": String(now),
          "x-tradeshop-signature": signBody(SECRET, now, raw),
        },
        payload: raw.replace("Picking", "Delivered"),
      });
      expect(tampered.statusCode).toBe(401);
      const unsigned = await t.app.inject({
        method: "POST",
        url: "/api/BackOffice/StatusCallback",
        headers: { "content-type": "application/json" },
        payload: raw,
      });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().code).toBe("unauthenticated");
      expect(unsigned.json().title).toBe("The request is not signed.");
      const empty = await t.app.inject({ method: "POST", url: "/api/BackOffice/StatusCallback" });
      expect(empty.statusCode).toBe(401);

      expect((await getOrder(placed.id)).currentPastelStatus).toBe("Submitted");
      // The same event, properly signed, still applies: refused attempts did not spend its id.
      expect((await callback(body)).statusCode).toBe(200);
      expect((await getOrder(placed.id)).currentPastelStatus).toBe("Picking");
    });

    it("answers 400 for a signed body of the wrong shape, 404 for an unknown order", async () => {
      const bad = await callback({ eventId: "e-1", orderId: "TS1", status: "Pending" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.status).toBeDefined();
      const notJson = await callback({}, { raw: "{not json" });
      expect(notJson.statusCode).toBe(400);
      const unknown = await callback({ eventId: randomUUID(), orderId: "TS999999999", status: "Picking" });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("the staff hand-off queue", () => {
    it("parks a hand-off the back office keeps refusing, shows it to staff, re-queues it on retry, and tries a waiting one now", async () => {
      await backOffice.start();
      backOffice.answer = { status: 422, body: '{"error":"unknown customer account"}' };
      const placed = await placeHandOffTestOrder(t, "trader", trader, [1], 56);
      for (let attempt = 1; attempt <= 3; attempt++) {
        await makeDue(placed.id);
        await t.outbox.drain();
      }
      expect(await hand(placed.id)).toMatchObject({ status: "parked", attempts: 3 });

      const parked = await handOffs("?state=parked");
      expect(parked.statusCode).toBe(200);
      const entry = parked.json().find((h: { orderId: number }) => h.orderId === placed.id);
      expect(entry).toMatchObject({
        state: "parked",
        attempts: 3,
        lastError: 'Back office answered 422: {"error":"unknown customer account"}',
        nextAttemptAt: null,
        processedAt: null,
        currentPastelStatus: "Pending",
        orderNumber: placed.orderId,
        accountName: placed.accountName,
      });
      expect((await handOffs()).json().map((h: { id: number }) => h.id)).toContain(entry.id);
      expect((await handOffs("?state=done")).json().map((h: { id: number }) => h.id)).not.toContain(entry.id);

      // Customers may not see the queue; another tenant's staff do not see this one.
      expect((await handOffs("", trader)).statusCode).toBe(403);
      expect((await handOffs("")).statusCode).toBe(200);
      const coastal = await t.request({
        method: "GET",
        url: "/api/BackOffice/HandOffs",
        token: staff,
        tenantId: "coastal",
      });
      expect(coastal.json().map((h: { id: number }) => h.id)).not.toContain(entry.id);
      expect((await retry(entry.id, staff, "coastal")).statusCode).toBe(404);
      expect((await retry(entry.id, trader)).statusCode).toBe(403);

      backOffice.answer = { status: 200, body: "" };
      const retried = await retry(entry.id);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ id: entry.id, state: "retrying", attempts: 0 });
      expect(new Date(retried.json().nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      // A waiting one is tried now: due at once, its attempts as they were.
      await db()
        .updateTable("outbox")
        .set({ availableAt: sql`now() + interval '10 minutes'`, lastError: "Back office answered 503" })
        .where("id", "=", entry.id)
        .execute();
      const again = await retry(entry.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: entry.id, state: "retrying", attempts: 0 });
      expect(new Date(again.json().nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      // One in a worker's hands is being tried already: left as it is.
      await db()
        .updateTable("outbox")
        .set({ availableAt: sql`now() + interval '5 seconds'`, claimedBy: "another-worker:1:1" })
        .where("id", "=", entry.id)
        .execute();
      const inHand = await retry(entry.id);
      expect(inHand.statusCode).toBe(200);
      expect(new Date(inHand.json().nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 2000);
      expect(await hand(placed.id)).toMatchObject({ claimedBy: "another-worker:1:1" });
      await db()
        .updateTable("outbox")
        .set({ availableAt: sql`now()`, claimedBy: null })
        .where("id", "=", entry.id)
        .execute();

      // The hand-off, and the alert of the buyer's order Submitted (decision 153).
      expect(await t.outbox.drain()).toEqual({ done: 2, retried: 0, parked: 0 });
      expect((await getOrder(placed.id)).currentPastelStatus).toBe("Submitted");
      const done = await retry(entry.id);
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe("hand_off_not_parked");
      expect(done.json().title).toBe(`Order ${placed.orderId} has already been handed over.`);
      expect(
        (await handOffs("?state=done")).json().find((h: { id: number }) => h.id === entry.id),
      ).toMatchObject({ state: "done" });
      expect((await retry(99_999_999)).statusCode).toBe(404);
    });
  });
});
