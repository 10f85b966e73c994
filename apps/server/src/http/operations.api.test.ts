// What an operator and a load balancer rely on: liveness and readiness, request ids, /metrics,
// and a database outage answered with 503s in bounded time instead of 500s, hangs or a crash.
import { randomBytes } from "node:crypto";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withAdmin, testDbKind } from "../../test/databases";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { isDatabaseUnavailable, openDatabase, type Database } from "../db/database";
import { createTokenService } from "../core/tokens";
import { enqueue } from "../core/outbox";
import { createOutboxWorker } from "../modules/outbox";

describe("health, request ids and metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-for-tests-0123456789" } });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.lifecycle.draining = false;
    await t.outbox.stop();
  });

  it("answers liveness without asking anything of the database", async () => {
    const res = await t.request({ method: "GET", url: "/api/health/live" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
    expect(res.json().uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("is ready only while the outbox worker runs and the process is not draining", async () => {
    const idle = await t.request({ method: "GET", url: "/api/health/ready" });
    expect(idle.statusCode).toBe(503);
    expect(idle.json()).toMatchObject({
      code: "service_unavailable",
      checks: { database: true, migrations: true, outboxWorker: false, accepting: true },
    });

    t.outbox.start();
    const ready = await t.request({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: "ok",
      checks: { database: true, migrations: true, outboxWorker: true, accepting: true },
    });

    t.lifecycle.draining = true;
    const draining = await t.request({ method: "GET", url: "/api/health/ready" });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().checks).toMatchObject({ accepting: false, outboxWorker: true });
  });

  it("names every answer's request in a header, and quotes it in problem details", async () => {
    const ok = await t.request({ method: "GET", url: "/api/health/live" });
    expect(ok.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    const problem = await t.request({ method: "GET", url: "/api/NoSuchThing" });
    expect(problem.statusCode).toBe(404);
    expect(problem.json().requestId).toBe(problem.headers["x-request-id"]);
    expect(problem.headers["x-request-id"]).not.toBe(ok.headers["x-request-id"]);
  });

  it("keeps a load balancer's request id when it is plain, and replaces one that is not", async () => {
    const given = await t.request({
      method: "GET",
      url: "/api/NoSuchThing",
      headers: { "x-request-id": "lb-7f3a9c21:8080_1700000000" },
    });
    expect(given.headers["x-request-id"]).toBe("lb-7f3a9c21:8080_1700000000");
    expect(given.json().requestId).toBe("lb-7f3a9c21:8080_1700000000");

    const odd = await t.request({
      method: "GET",
      url: "/api/NoSuchThing",
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves Prometheus metrics to loopback callers and to holders of the token, not to others", async () => {
    const local = await t.request({ method: "GET", url: "/metrics" });
    expect(local.statusCode).toBe(200);
    expect(local.headers["content-type"]).toContain("text/plain");
    for (const name of [
      "http_request_duration_seconds_bucket",
      "tradeshop_db_pool_connections",
      "tradeshop_outbox_pending",
      "tradeshop_outbox_parked",
      "tradeshop_outbox_lag_seconds",
      "tradeshop_outbox_blocked_seconds",
      "tradeshop_realtime_streams_open",
      "tradeshop_orders_placed_total",
    ]) {
      expect(local.body).toContain(name);
    }

    const remote = await t.request({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe("forbidden");
    const wrongToken = await t.request({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      token: "metrics-token-for-tests-0123456788",
    });
    expect(wrongToken.statusCode).toBe(403);
    const withToken = await t.request({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      token: "metrics-token-for-tests-0123456789",
    });
    expect(withToken.statusCode).toBe(200);
  });

  it("counts request durations by route and status, failed log-ins by code, and the outbox backlog", async () => {
    const metric = async (pattern: RegExp) => {
      const body = (await t.request({ method: "GET", url: "/metrics" })).body;
      const line = body.split("\n").find((l) => pattern.test(l));
      return line ? Number(line.split(" ").pop()) : 0;
    };
    const failedBefore = await metric(/^tradeshop_logins_failed_total\{code="bad_credentials"\}/);
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "trader", password: "not-the-password" },
    });
    expect(res.statusCode).toBe(401);
    expect(await metric(/^tradeshop_logins_failed_total\{code="bad_credentials"\}/)).toBe(failedBefore + 1);
    expect(
      await metric(
        /^http_request_duration_seconds_count\{route="\/api\/Users\/Authenticate",method="POST",status="401"\}/,
      ),
    ).toBeGreaterThanOrEqual(1);

    const pendingBefore = await metric(/^tradeshop_outbox_pending /);
    await enqueue(t.database.db, {
      topic: "test.metrics",
      idempotencyKey: `test:metrics:${randomBytes(4).toString("hex")}`,
      payload: {},
    });
    expect(await metric(/^tradeshop_outbox_pending /)).toBe(pendingBefore + 1);
    expect(await metric(/^tradeshop_outbox_lag_seconds /)).toBeGreaterThanOrEqual(0);

    // A message queued an hour ago holds a later one of its ordering key: blocked for an hour.
    const orderingKey = `test:metrics:${randomBytes(4).toString("hex")}`;
    for (const n of [1, 2])
      await enqueue(t.database.db, {
        topic: "test.metrics",
        idempotencyKey: `${orderingKey}:${n}`,
        payload: {},
        orderingKey,
      });
    await t.database.db
      .updateTable("outbox")
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where("idempotencyKey", "=", `${orderingKey}:1`)
      .execute();
    const blocked = await metric(/^tradeshop_outbox_blocked_seconds /);
    expect(blocked).toBeGreaterThanOrEqual(3600);
    expect(blocked).toBeLessThan(3700);
    // Alone it holds nothing back.
    await t.database.db.deleteFrom("outbox").where("idempotencyKey", "=", `${orderingKey}:2`).execute();
    expect(await metric(/^tradeshop_outbox_blocked_seconds /)).toBeLessThan(3600);
    await t.database.db.deleteFrom("outbox").where("topic", "=", "test.metrics").execute();
  });
});

describe("/metrics behind a load balancer", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only the balancer on this machine is believed about client addresses.
    t = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(() => t.close());

  it("judges the client the balancer saw, not an address the client wrote into X-Forwarded-For", async () => {
    const posing = await t.request({
      method: "GET",
      url: "/metrics",
      headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.9" },
    });
    expect(posing.statusCode).toBe(403);
    const local = await t.request({
      method: "GET",
      url: "/metrics",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(local.statusCode).toBe(200);
  });
});

/** A TCP server that accepts connections and never says a word: a frozen database host. */
async function blackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The real app on a database that is out of reach, with short bounds on waiting for it. */
async function appOn(databaseUrl: string, timeouts = { connectMs: 400, statementMs: 600 }) {
  const lost: Error[] = [];
  const database = await openDatabase({
    databaseUrl,
    dataDir: "",
    poolSize: 2,
    timeouts,
    onConnectionLost: (e) => lost.push(e),
  });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp({
    config,
    database,
    tokens: createTokenService(randomBytes(32).toString("hex"), 8),
  });
  await app.ready();
  return { app, database, lost };
}

async function timed(app: FastifyInstance, method: "GET" | "POST", url: string, payload?: unknown) {
  const started = performance.now();
  const res = await app.inject({
    method,
    url,
    headers: {
      cookie: "XSRF-TOKEN=k",
      "x-xsrf-token": "k",
      ...(payload ? { "content-type": "application/json" } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
  return { res, ms: performance.now() - started };
}

describe("a database that cannot be reached", () => {
  it.each([
    [
      "refuses connections",
      async () => ({ url: "postgres://postgres@127.0.0.1:1/tradeshop", close: async () => undefined }),
    ],
    [
      "accepts connections and never answers",
      async () => {
        const hole = await blackHole();
        return { url: `postgres://postgres@127.0.0.1:${hole.port}/tradeshop`, close: hole.close };
      },
    ],
  ])(
    "answers 503 database_unavailable with Retry-After, in bounded time, when the database %s",
    async (_what, makeTarget) => {
      const target = await makeTarget();
      const { app, database } = await appOn(target.url);
      try {
        const health = await timed(app, "GET", "/api/health");
        expect(health.res.statusCode).toBe(503);
        expect(health.res.headers["retry-after"]).toBe("5");
        expect(health.res.json()).toMatchObject({
          code: "database_unavailable",
          status: 503,
          database: "unavailable",
        });
        expect(health.ms).toBeLessThan(3000);

        const search = await timed(app, "POST", "/api/Product/ProductSearch", { descriptionFilter: "chips" });
        expect(search.res.statusCode).toBe(503);
        expect(search.res.headers["content-type"]).toContain("application/problem+json");
        expect(search.res.json()).toMatchObject({
          code: "database_unavailable",
          type: "/problems/database_unavailable",
        });
        expect(search.res.json().requestId).toBe(search.res.headers["x-request-id"]);
        expect(search.ms).toBeLessThan(3000);

        const login = await timed(app, "POST", "/api/Users/Authenticate", {
          username: "trader",
          password: "Demo-Trade-2026",
        });
        expect(login.res.statusCode).toBe(503);

        const ready = await timed(app, "GET", "/api/health/ready");
        expect(ready.res.statusCode).toBe(503);
        expect(ready.res.json()).toMatchObject({ code: "database_unavailable", checks: { database: false } });
        expect(ready.ms).toBeLessThan(2000);

        const live = await timed(app, "GET", "/api/health/live");
        expect(live.res.statusCode).toBe(200);

        // The outbox's figures are read from the database: away, they are not known (NaN), not
        // 0, which would say that nothing waits.
        const metrics = await timed(app, "GET", "/metrics");
        expect(metrics.res.statusCode).toBe(200);
        for (const gauge of ["pending", "parked", "lag_seconds", "blocked_seconds"])
          expect(metrics.res.body).toMatch(new RegExp(`^tradeshop_outbox_${gauge} NaN$`, "im"));
      } finally {
        await app.close();
        await database.close();
        await target.close();
      }
    },
  );
});

describe("the outbox worker while the database is away", () => {
  it("backs off between attempts instead of polling at full speed, and stops promptly", async () => {
    let attempts = 0;
    // Accepts each connection and hangs up at once: node-postgres fails fast, and we count tries.
    const server = net.createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/tradeshop`,
      dataDir: "",
      timeouts: { connectMs: 400, statementMs: 600 },
      onConnectionLost: () => undefined,
    });
    const logged: object[] = [];
    const worker = createOutboxWorker(database.workerDb, {
      handlers: { "test.work": async () => undefined },
      pollMs: 50,
      maxAttempts: 3,
      retryBaseMs: 1000,
      log: { warn: () => undefined, error: (obj) => logged.push(obj) },
    });
    try {
      worker.start();
      await new Promise((resolve) => setTimeout(resolve, 1600));
      // At a steady 50 ms poll that is some 30 tries; doubling from 50 ms it is about 5.
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(attempts).toBeLessThanOrEqual(8);
      // Logged once, not on every try.
      expect(logged).toHaveLength(1);
      expect(worker.alive()).toBe(true);
      const stopping = performance.now();
      await worker.stop(100);
      expect(performance.now() - stopping).toBeLessThan(1000);
    } finally {
      await database.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/** A TCP relay to PostgreSQL that can be frozen (passes nothing either way) and thawed. */
async function freezableRelay(port = 5432) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (frozen) pair.forEach((s) => s.pause());
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
      for (const pair of pairs) pair.forEach((s) => s.pause());
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) pair.forEach((s) => s.resume());
    },
    close: () => {
      for (const pair of pairs) pair.forEach((s) => s.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(testDbKind() === "postgres")(
  "PostgreSQL ending or freezing the connections (PostgreSQL only)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    const dbName = () => new URL(String(t.database.pool.options.connectionString)).pathname.slice(1);
    const terminateAll = () =>
      withAdmin((c) =>
        c.query(
          "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [dbName()],
        ),
      );

    it("survives a connection ended in the middle of a query: the query fails as unavailable, the pool replaces it", async () => {
      const crashes: unknown[] = [];
      const onCrash = (error: unknown) => crashes.push(error);
      process.on("uncaughtException", onCrash);
      try {
        // Its failure is caught at once: a rejection left unheard while the test awaits other work would be unhandled.
        const long = sql`SELECT pg_sleep(5)`.execute(t.database.db).then(
          () => undefined,
          (e: unknown) => e,
        );
        // Until the sleep is running on the server.
        for (let i = 0; i < 100; i++) {
          const { rows } = await withAdmin((c) =>
            c.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'SELECT pg_sleep%'", [
              dbName(),
            ]),
          );
          if (rows.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const ended = await terminateAll();
        expect(ended.rows[0].n).toBeGreaterThanOrEqual(1);
        const error = await long;
        expect(isDatabaseUnavailable(error)).toBe(true);
        const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.database.db);
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        process.off("uncaughtException", onCrash);
      }
      expect(crashes).toEqual([]);
    });

    it("answers only 200s and 503s, never a 500, while every connection is being ended under requests, and recovers", async () => {
      const token = await t.login("trader");
      const statuses = new Map<number, number>();
      const until = Date.now() + 2500;
      const kills = (async () => {
        while (Date.now() < until) {
          await terminateAll();
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      })();
      const clients = Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          const res = await t.request({
            method: "POST",
            url: "/api/Product/ProductSearch",
            token,
            tenantId: "gauteng",
            body: { descriptionFilter: "chips" },
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 503) expect(res.json().code).toBe("database_unavailable");
        }
      });
      await Promise.all([kills, ...clients]);
      expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      const after = await t.request({ method: "GET", url: "/api/health" });
      expect(after.statusCode).toBe(200);
    });

    it("answers 503, not 500, while the database refuses new connections, and serves again once it accepts them", async () => {
      const allow = (yes: boolean) =>
        withAdmin((c) => c.query(`ALTER DATABASE ${dbName()} ALLOW_CONNECTIONS ${yes}`));
      await allow(false);
      try {
        await terminateAll();
        for (const [method, url, body] of [
          ["GET", "/api/health", undefined],
          ["POST", "/api/Product/ProductSearch", { descriptionFilter: "chips" }],
          ["POST", "/api/Users/Authenticate", { username: "trader", password: "Demo-Trade-2026" }],
        ] as const) {
          const res = await t.request({ method, url, ...(body ? { body } : {}) });
          expect(res.statusCode, url).toBe(503);
          expect(res.json().code).toBe("database_unavailable");
          expect(res.headers["retry-after"]).toBe("5");
        }
      } finally {
        await allow(true);
      }
      expect((await t.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    });

    it("answers 503 within the statement bound while the server is frozen, and serves again once it thaws", async () => {
      const relay = await freezableRelay();
      const url = new URL(String(t.database.pool.options.connectionString));
      url.port = String(relay.port);
      const { app, database } = await appOn(url.toString(), { connectMs: 500, statementMs: 700 });
      try {
        expect((await timed(app, "GET", "/api/health")).res.statusCode).toBe(200);
        relay.freeze();
        const frozen = await timed(app, "GET", "/api/health");
        expect(frozen.res.statusCode).toBe(503);
        expect(frozen.res.json().code).toBe("database_unavailable");
        // The statement bound plus the client's grace (1 s), and a margin for a loaded machine.
        expect(frozen.ms).toBeLessThan(700 + 1000 + 1500);
        relay.thaw();

        // A transaction whose statement times out is not held up a second time by its ROLLBACK
        // on the same dead connection: one bound, not two.
        const started = performance.now();
        const failure = await database.db
          .transaction()
          .execute(async (trx) => {
            await sql`SELECT 1`.execute(trx);
            relay.freeze();
            await sql`SELECT 2`.execute(trx);
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        const took = performance.now() - started;
        expect(isDatabaseUnavailable(failure)).toBe(true);
        expect(took).toBeLessThan(700 + 1000 + 1000);

        relay.thaw();
        // The connection that timed out was discarded; the next request gets a working one.
        let status = 0;
        for (let i = 0; i < 20 && status !== 200; i++) {
          status = (await timed(app, "GET", "/api/health")).res.statusCode;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
      } finally {
        await app.close();
        await database.close();
        await relay.close();
      }
    });
  },
);

// PGlite runs in the process: there is no connection to lose, so its database is always reachable.
describe.runIf(testDbKind() === "pglite")("the embedded database", () => {
  it("opens without network timeouts and serves background work on the same single connection", async () => {
    const database: Database = await openDatabase({ dataDir: "memory://" });
    try {
      expect(database.workerDb).toBe(database.db);
      expect(await database.withoutTimeouts(async (db) => db === database.db)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
