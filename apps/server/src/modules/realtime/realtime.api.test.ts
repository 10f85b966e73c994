import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ProblemDetails, toCents } from "@trade-shop/contracts/common";
import { RealtimeEvents, type RealtimeEventName } from "@trade-shop/contracts/realtime";
import { buildApp } from "../../app";
import { SESSION_ENDED } from "../identity";
import { loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/database";
import { testDbKind } from "../../../test/databases";
import { customerOf, extraLogin, findSku } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { createBackOfficeSimulator } from "../backoffice";
import { placeTestOrder } from "../../../test/orders";
import { createTokenService } from "../../core/tokens";

// No slack on the client's reckoning of its reads' age (decision 139): the tests say it exactly.
const ENV = { BACKOFFICE_SIMULATOR_STEP_MS: "0", REALTIME_HEARTBEAT_MS: "300", REALTIME_READ_SLACK_MS: "0" };
/** The issue's promise: a change reaches a connected browser within a second. */
const WITHIN_MS = 1000;

interface StreamEvent {
  event: RealtimeEventName;
  data: Record<string, unknown>;
}

/** A Server-Sent Events client the way a browser's EventSource reads the stream. */
class StreamClient {
  events: StreamEvent[] = [];
  heartbeats = 0;
  ended = false;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(baseUrl: string, ticket: string, readAgeMs?: number) {
    const client = new StreamClient();
    const age = readAgeMs === undefined ? "" : `&readAgeMs=${readAgeMs}`;
    const res = await fetch(`${baseUrl}/api/Realtime/Stream?ticket=${encodeURIComponent(ticket)}${age}`, {
      signal: client.abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    void client.read(res.body!);
    await client.next("ready");
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.notify();
  }

  private take(block: string) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    // Heartbeats are counted, not kept, so the tests read the events that carry news.
    if (event === "heartbeat") this.heartbeats += 1;
    else if (event && data) {
      const name = event as RealtimeEventName;
      const parsed = RealtimeEvents[name].parse(JSON.parse(data)) as Record<string, unknown>;
      this.events.push({ event: name, data: parsed });
    }
    this.notify();
  }

  private notify() {
    const waiting = this.waiters;
    this.waiters = [];
    waiting.forEach((wake) => wake());
  }

  /** The first event named so (and matching) that arrives from now on, or already has since `from`. */
  async next(
    name: RealtimeEventName,
    match: (data: Record<string, unknown>) => boolean = () => true,
    options: { from?: number; timeoutMs?: number } = {},
  ) {
    const from = options.from ?? 0;
    const found = () => this.events.slice(from).find((e) => e.event === name && match(e.data));
    await this.until(() => found() !== undefined, `a ${name} event`, options.timeoutMs ?? WITHIN_MS);
    return found()!.data;
  }

  /** Resolves as soon as `done()` holds, checked whenever the stream brings something; fails at the deadline. */
  async until(done: () => boolean, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.ended) throw new Error(`stream ended before ${what}; got ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${what} within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.event))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Where the next event will land, for `next(…, { from })`. */
  get mark() {
    return this.events.length;
  }

  close() {
    this.abort.abort();
  }
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe("/api/Realtime", () => {
  let t: TestApp;
  let baseUrl: string;
  let trader: string;
  const streams: StreamClient[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    baseUrl = await listen(t.app);
    trader = await t.login("trader");
  });
  afterAll(async () => {
    // Closing the app ends the streams still open (it would wait for them otherwise).
    await t.close();
    await vi.waitFor(() => expect(streams.filter((s) => !s.ended)).toEqual([]), { timeout: 1000 });
  });

  const ticketFor = async (token: string, tenantId?: string) => {
    const res = await t.request({
      method: "POST",
      url: "/api/Realtime/Ticket",
      token,
      ...(tenantId ? { tenantId } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json().ticket as string;
  };
  /**
   * `readAge` as a function is worked out once the ticket is in hand, just before the stream is
   * asked for, as the web app does: a busy machine's slow ticket must not age the reads.
   */
  const connect = async (token: string, url = baseUrl, readAge?: number | (() => number)) => {
    const ticket = await ticketFor(token);
    const readAgeMs = typeof readAge === "function" ? readAge() : readAge;
    const client = await StreamClient.open(url, ticket, readAgeMs);
    streams.push(client);
    return client;
  };
  const credit = async (token: string) =>
    (await t.request({ method: "POST", url: "/api/Users/GetCreditDetails", token })).json();
  const addToCart = async (token: string, skip: number) => {
    const customer = await customerOf(t.database.db, "trader");
    const sku = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: customer.tenantId,
      skip,
    });
    const res = await t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token,
      body: { skuCode: sku.skuCode, quantity: 1 },
    });
    expect(res.statusCode).toBe(200);
    return sku.skuCode;
  };

  it("POST /api/Realtime/Ticket needs a login and the request-forgery header; a ticket opens one stream, once", async () => {
    expect((await t.request({ method: "POST", url: "/api/Realtime/Ticket" })).statusCode).toBe(401);
    const forged = await t.request({
      method: "POST",
      url: "/api/Realtime/Ticket",
      token: trader,
      headers: { "x-xsrf-token": "forged" },
    });
    expect(forged.statusCode).toBe(403);
    const res = await t.request({ method: "POST", url: "/api/Realtime/Ticket", token: trader });
    expect(res.json()).toEqual({ ticket: expect.stringMatching(/^[\w-]{43}$/), expiresIn: 60 });

    const unknown = await fetch(`${baseUrl}/api/Realtime/Stream?ticket=${"x".repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(ProblemDetails.parse(await unknown.json())).toMatchObject({
      code: "unauthenticated",
      type: "/problems/unauthenticated",
      title: "This stream ticket is unknown, used or expired. Ask for a new one.",
    });
    expect((await fetch(`${baseUrl}/api/Realtime/Stream`)).status).toBe(400);

    const ticket = res.json().ticket as string;
    const client = await StreamClient.open(baseUrl, ticket);
    streams.push(client);
    expect((await fetch(`${baseUrl}/api/Realtime/Stream?ticket=${ticket}`)).status).toBe(401);
    await t.database.db
      .updateTable("realtimeTickets")
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .execute();
    const late = await t.request({ method: "POST", url: "/api/Realtime/Ticket", token: trader });
    await t.database.db
      .updateTable("realtimeTickets")
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .execute();
    expect((await fetch(`${baseUrl}/api/Realtime/Stream?ticket=${late.json().ticket}`)).status).toBe(401);
    client.close();
  });

  it("starts with the account as it is, then sends heartbeats", async () => {
    const client = await connect(trader);
    const ready = client.events[0]!;
    expect(ready.event).toBe("ready");
    const details = await credit(trader);
    const customer = (
      await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token: trader })
    ).json();
    expect(ready.data).toEqual({ account: { ...details, dcBalance: customer.dcBalance }, heartbeatMs: 300 });
    // One comes every 300 ms; the wait ends with the first, the deadline leaves room for a busy machine.
    await client.until(() => client.heartbeats >= 1, "a heartbeat", 2000);
    // Left open: afterAll checks that closing the app ends it.
  });

  it("tells the user's other tabs and devices about cart and wishlist changes, and nobody else", async () => {
    const tab = await connect(trader);
    const otherDevice = await connect(trader);
    const spazaToken = await t.login("spaza");
    const spaza = await connect(spazaToken);
    const sku = await addToCart(trader, 80);
    await tab.next("cart");
    await otherDevice.next("cart");
    const wish = await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: trader,
      body: { skuCode: sku, quantity: 2 },
    });
    expect(wish.statusCode).toBe(200);
    await otherDevice.next("wishlist");
    const mark = otherDevice.mark;
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
    await otherDevice.next("cart", undefined, { from: mark });
    // Changes reach the streams in the order they were made: once spaza's own change has arrived,
    // any of the trader's that went astray would have arrived before it.
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: spazaToken, body: {} });
    await spaza.next("cart");
    expect(spaza.events.map((e) => e.event)).toEqual(["ready", "cart"]);
    [tab, otherDevice, spaza].forEach((c) => c.close());
  });

  it("tells a new stream which of the client's reads changed since it made them, and only its own (decision 139)", async () => {
    const spazaToken = await t.login("spaza");
    const opened: StreamClient[] = [];
    const open = async (token: string, readAge?: number | (() => number)) => {
      const client = await connect(token, baseUrl, readAge);
      opened.push(client);
      return client;
    };
    const watcher = await open(spazaToken);
    const traderWatcher = await open(trader);
    const kindsOf = (client: StreamClient) => client.events[0]!.data.reload as string[] | undefined;

    // Reads made just now, nothing changed since: nothing to reload. Without the age, everything.
    let readAt = Date.now();
    expect(kindsOf(await open(spazaToken, () => Date.now() - readAt))).toEqual([]);
    expect(kindsOf(await open(spazaToken))).toBeUndefined();

    // The wishlist changed after the reads (and another login's cart): the wishlist only. The
    // change comes a moment after the reads, as it would in a shop: no clock tells apart two
    // things in one millisecond.
    readAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sku = await addToCart(trader, 84);
    await traderWatcher.next("cart");
    const wish = await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: spazaToken,
      body: { skuCode: sku, quantity: 1 },
    });
    expect(wish.statusCode).toBe(200);
    await watcher.next("wishlist");
    expect(kindsOf(await open(spazaToken, () => Date.now() - readAt))).toEqual(["wishlist"]);
    // Reads made after that change: nothing.
    readAt = Date.now();
    expect(kindsOf(await open(spazaToken, () => Date.now() - readAt))).toEqual([]);

    // An order placed: its orders, its account, and the placing login's emptied cart.
    readAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const placed = await placeTestOrder(t, "spaza", spazaToken, [1], 86);
    await watcher.next("order", (d) => d.id === placed.id);
    await watcher.next("cart");
    expect(kindsOf(await open(spazaToken, () => Date.now() - readAt))?.sort()).toEqual([
      "account",
      "cart",
      "orders",
    ]);
    expect(kindsOf(await open(trader, () => Date.now() - readAt))).toEqual([]);

    // Reads older than the stream has heard every change for: everything is reloaded.
    const started = await open(spazaToken, 60_000);
    expect(kindsOf(started)).toBeUndefined();
    const tooOld = await fetch(
      `${baseUrl}/api/Realtime/Stream?ticket=${await ticketFor(spazaToken)}&readAgeMs=60001`,
    );
    expect(tooOld.status).toBe(400);
    opened.forEach((c) => c.close());
  });

  it("pushes an order's status changes, and the balance and credit as the order is placed and invoiced", async () => {
    const client = await connect(trader);
    const before = await credit(trader);
    const placed = await placeTestOrder(t, "trader", trader, [2], 82);
    const total = toCents(placed.totalPriceIncl);

    const pending = await client.next("order", (d) => d.id === placed.id);
    expect(pending).toEqual({
      id: placed.id,
      orderId: placed.orderId,
      currentPastelStatus: "Pending",
      statusReason: null,
      lastPastelStatusUpdate: placed.lastPastelStatusUpdate,
    });
    await client.next("cart");
    const afterPlacing = await client.next(
      "account",
      (d) => toCents(d.remainingCredit as number) === toCents(before.remainingCredit) - total,
    );
    const balanceBefore = toCents(afterPlacing.dcBalance as number);

    await t.outbox.drain();
    await client.next("order", (d) => d.id === placed.id && d.currentPastelStatus === "Submitted");
    const simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
    await simulator.tick();
    await client.next("order", (d) => d.id === placed.id && d.currentPastelStatus === "Picking");
    const mark = client.mark;
    await simulator.tick();
    const invoiced = await client.next(
      "order",
      (d) => d.id === placed.id && d.currentPastelStatus === "Invoiced",
      { from: mark },
    );
    const row = await t.database.db
      .selectFrom("orders")
      .select("lastPastelStatusUpdate")
      .where("id", "=", placed.id)
      .executeTakeFirstOrThrow();
    expect(invoiced.lastPastelStatusUpdate).toBe(row.lastPastelStatusUpdate.toISOString());
    const account = await client.next(
      "account",
      (d) => toCents(d.dcBalance as number) === balanceBefore + total,
      { from: mark },
    );
    expect(toCents(account.remainingCredit as number)).toBe(toCents(before.remainingCredit) - total);
    // One account event per real change: the invoice changed the balance, not what remains.
    expect(client.events.slice(mark).filter((e) => e.event === "account")).toHaveLength(1);
    client.close();
  });

  it("ends the stream with `expired` when the login is disabled or runs out", async () => {
    const username = "trader";
    const { id } = await t.database.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    const client = await connect(await t.login(username));
    await t.database.db.updateTable("users").set({ isActive: false }).where("id", "=", id).execute();
    try {
      expect(await client.next("expired", undefined, { timeoutMs: 2000 })).toEqual({
        reason: "This login can no longer receive updates.",
      });
      await vi.waitFor(() => expect(client.ended).toBe(true), { timeout: 1000 });
    } finally {
      await t.database.db.updateTable("users").set({ isActive: true }).where("id", "=", id).execute();
    }

    // A new password (its token version moves on) ends the stream too, within a heartbeat. (A
    // login of its own: the other tests' tokens of trader must stay good.)
    const renewed = await connect(await extraLogin(t, username, "stream.renewed"));
    await t.database.db
      .updateTable("users")
      .set((eb) => ({ tokenVersion: eb("tokenVersion", "+", 1) }))
      .where("username", "=", "stream.renewed")
      .execute();
    expect(await renewed.next("expired", undefined, { timeoutMs: 2000 })).toEqual({ reason: SESSION_ENDED });
    await vi.waitFor(() => expect(renewed.ended).toBe(true), { timeout: 1000 });

    // A login that lasts three seconds: the stream ends with it. (exp is in whole seconds, so a
    // one-second token could be over before its ticket is asked for on a busy machine.)
    const brief = createTokenService(t.secret, 3 / 3600);
    const { token } = await brief.issue({
      id,
      username,
      firstname: "T",
      lastname: "R",
      roles: ["Customer"],
      tenants: ["gauteng"],
    });
    const shortLived = await connect(token);
    expect(await shortLived.next("expired", undefined, { timeoutMs: 4500 })).toEqual({
      reason: "Your session has expired. Please log in again.",
    });
  });

  describe("with a second server process on the same PostgreSQL", () => {
    // PGlite is one embedded database inside one process: a second process cannot open it.
    const shared = testDbKind() === "postgres";
    let second: { app: FastifyInstance; database: Database; url: string } | undefined;
    beforeAll(async () => {
      if (!shared) return;
      const database = await openDatabase({
        databaseUrl: String(t.database.pool.options.connectionString),
        dataDir: "",
        poolSize: 3,
      });
      const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...ENV });
      const app = await buildApp({
        config,
        database,
        tokens: createTokenService(t.secret, config.TOKEN_LIFETIME_HOURS),
      });
      second = { app, database, url: await listen(app) };
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
    });

    it.runIf(shared)(
      "a status change made through one process reaches a stream on the other within a second",
      async () => {
        const placed = await placeTestOrder(t, "trader", trader, [1], 84);
        await t.outbox.drain();
        // The ticket comes from the first process, the stream from the second: tickets live in the database.
        const client = await StreamClient.open(second!.url, await ticketFor(trader));
        streams.push(client);
        const simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
        const started = Date.now();
        await simulator.tick();
        await client.next("order", (d) => d.id === placed.id && d.currentPastelStatus === "Picking");
        expect(Date.now() - started).toBeLessThan(WITHIN_MS);
        await addToCart(trader, 86);
        await client.next("cart");
        client.close();
      },
    );

    it.runIf(shared)(
      "a process whose change feed lost its connection cannot vouch for reads from before it heard again (decision 139)",
      async () => {
        const open = async (readAgeMs: number) => {
          const client = await StreamClient.open(second!.url, await ticketFor(trader), readAgeMs);
          client.close();
          return client.events[0]!.data.reload as string[] | undefined;
        };
        let readAt = Date.now();
        expect(await open(Date.now() - readAt)).toEqual([]);
        const listeners = await sql<{ n: number }>`
        SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN %' AND pid <> pg_backend_pid()`.execute(
          t.database.db,
        );
        expect(listeners.rows[0]!.n).toBeGreaterThanOrEqual(2);
        // Lost, then listening again: reads from before then may have missed a change.
        await vi.waitFor(async () => expect(await open(Date.now() - readAt)).toBeUndefined(), {
          timeout: 3000,
        });
        // Once it listens again, reads made after that are vouched for.
        await vi.waitFor(
          async () => {
            readAt = Date.now();
            expect(await open(Date.now() - readAt)).toEqual([]);
          },
          { timeout: 5000, interval: 100 },
        );
      },
    );
  });
});
