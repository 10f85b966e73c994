// GET /metrics in Prometheus' text format (prom-client), one registry per app: request
// durations by route and status, the database pools, the outbox (pending, parked, the age of
// the oldest pending message and of the oldest one holding its account's later ones, delivery
// times), orders placed, failed logins, open real-time
// streams and the process itself. Loopback callers may read it; others need METRICS_TOKEN.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { api } from "@trade-shop/contracts/api";
import type { Database } from "../db/database";
import type { OutboxJob, OutboxOutcome } from "../core/outbox";
import { DomainError } from "../core/domain-error";

export interface ShopMetrics {
  registry: Registry;
  /** The metrics as Prometheus text, read afresh. */
  scrape(): Promise<string>;
  /** Counts an answered request in the duration histogram (and orders placed, failed log-ins). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  /** Counts a refused log-in by its problem code. */
  loginFailed(code: string): void;
  /** Counts a handled outbox message and, when done, how long after queueing it was delivered. */
  outboxOutcome(job: OutboxJob, outcome: OutboxOutcome): void;
  /** Reports the real-time streams this process has open. */
  streamsOpen(count: () => number): void;
}

/** Seconds: from a fast lookup to a slow order under load. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];
/** The outbox figures are read at scrape time; a database that does not answer soon is skipped. */
const OUTBOX_QUERY_TIMEOUT_MS = 2000;

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createMetrics(options: { database: Database; processMetrics: boolean }): ShopMetrics {
  const { database } = options;
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: "tradeshop_orders_placed_total",
    help: "Orders placed (answered 200 by POST /api/Order, repeats of one cart reference included)",
    registers: [registry],
  });
  const loginsFailed = new Counter({
    name: "tradeshop_logins_failed_total",
    help: "Log-ins refused, by problem code (bad_credentials, account_locked, ...)",
    labelNames: ["code"] as const,
    registers: [registry],
  });
  const outboxHandled = new Counter({
    name: "tradeshop_outbox_handled_total",
    help: "Outbox messages this process handled, by topic and outcome (done, retried, parked)",
    labelNames: ["topic", "outcome"] as const,
    registers: [registry],
  });
  const delivery = new Histogram({
    name: "tradeshop_outbox_delivery_seconds",
    help: "From queueing to done, for messages this process delivered (the hand-off lag), by topic",
    labelNames: ["topic"] as const,
    buckets: LAG_BUCKETS,
    registers: [registry],
  });

  const pools: [string, pg.Pool][] =
    database.workerPool === database.pool
      ? [["shared", database.pool]]
      : [
          ["web", database.pool],
          ["worker", database.workerPool],
        ];
  new Gauge({
    name: "tradeshop_db_pool_connections",
    help: "Database pool connections by pool (web, worker) and state (in_use, idle, waiting clients)",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of pools) {
        this.set({ pool: name, state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
        this.set({ pool: name, state: "waiting" }, pool.waitingCount);
      }
    },
  });

  // One query per scrape for the outbox figures; each gauge reads the same answer, and scrape()
  // forgets it before the next. "Blocked": the oldest pending message that has later messages of
  // its ordering key waiting behind it (an account's hand-offs behind a stuck one), through
  // outbox_ordering_idx.
  type OutboxFigures = { pending: number; parked: number; lag: number; blocked: number };
  let outboxFigures: Promise<OutboxFigures | undefined> | undefined;
  function readOutbox() {
    outboxFigures ??= Promise.race([
      sql<OutboxFigures>`
        SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
               count(*) FILTER (WHERE status = 'parked')::int AS parked,
               coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending')), 0)::float8 AS lag,
               coalesce((
                 SELECT extract(epoch FROM now() - min(head.created_at))
                   FROM outbox head
                  WHERE head.status = 'pending' AND head.ordering_key IS NOT NULL
                    AND EXISTS (SELECT 1 FROM outbox later
                                 WHERE later.status = 'pending' AND later.ordering_key = head.ordering_key
                                   AND later.id > head.id)), 0)::float8 AS blocked
        FROM outbox WHERE status <> 'done'`
        .execute(database.workerDb)
        .then((r) => r.rows[0]),
      new Promise<undefined>((resolve) =>
        setTimeout(() => resolve(undefined), OUTBOX_QUERY_TIMEOUT_MS).unref(),
      ),
    ]).catch(() => undefined);
    return outboxFigures;
  }
  const outboxGauge = (name: string, help: string, pick: (f: OutboxFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const figures = await readOutbox();
        // The database did not answer: NaN, "not known", rather than a wrong figure (a reset
        // gauge says 0, which would read as "nothing waits" while the database is away). Every
        // comparison with NaN is false, so no alert fires on it, nor clears on it.
        this.set(figures ? pick(figures) : Number.NaN);
      },
    });
  outboxGauge(
    "tradeshop_outbox_pending",
    "Outbox messages waiting to be handled (e-mail, SMS, order hand-offs)",
    (f) => f.pending,
  );
  outboxGauge(
    "tradeshop_outbox_parked",
    "Outbox messages parked after their last attempt: they need a person",
    (f) => f.parked,
  );
  outboxGauge(
    "tradeshop_outbox_lag_seconds",
    "Age of the oldest pending outbox message (0 when none waits)",
    (f) => f.lag,
  );
  outboxGauge(
    "tradeshop_outbox_blocked_seconds",
    "Age of the oldest pending outbox message that holds later messages of its ordering key (an account's hand-offs) behind it (0 when none)",
    (f) => f.blocked,
  );

  let streams: () => number = () => 0;
  new Gauge({
    name: "tradeshop_realtime_streams_open",
    help: "Real-time (Server-Sent Events) streams open on this process",
    registers: [registry],
    collect() {
      this.set(streams());
    },
  });

  const placePath = api.orders.create.path;
  const streamPath = api.realtime.stream.path;
  return {
    registry,
    scrape() {
      outboxFigures = undefined;
      return registry.metrics();
    },
    observeRequest(request, reply) {
      const route = request.routeOptions.url;
      // A stream's duration is how long someone kept the page open, not a response time.
      if (route === streamPath) return;
      const status = reply.statusCode;
      duration.observe(
        { route: route ?? "unmatched", method: request.method, status: String(status) },
        reply.elapsedTime / 1000,
      );
      if (route === placePath && request.method === "POST" && status === 200) ordersPlaced.inc();
    },
    loginFailed(code) {
      loginsFailed.inc({ code });
    },
    outboxOutcome(job, outcome) {
      outboxHandled.inc({ topic: job.topic, outcome });
      if (outcome === "done")
        delivery.observe(
          { topic: job.topic },
          Math.max(0, (Date.now() - new Date(job.createdAt).getTime()) / 1000),
        );
    },
    streamsOpen(count) {
      streams = count;
    },
  };
}

/** The request hooks that feed the metrics, and GET /metrics itself. */
export function registerMetricsRoute(app: FastifyInstance, metrics: ShopMetrics, token: string | undefined) {
  const loginPaths = new Set<string>([api.users.authenticate.path, api.users.authenticateUsingEmail.path]);
  app.addHook("onResponse", async (request, reply) => metrics.observeRequest(request, reply));
  // A refused log-in is counted by its problem code, read from the answer on its way out.
  app.addHook("onSend", async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (reply.statusCode >= 400 && route && loginPaths.has(route) && typeof payload === "string") {
      metrics.loginFailed(/"code":"([a-z_]+)"/.exec(payload)?.[1] ?? "unknown");
    }
    return payload;
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    const allowed = token !== undefined && bearer !== undefined && sameSecret(bearer, token);
    if (!allowed && !loopback.has(request.ip)) {
      throw new DomainError("forbidden", "Metrics are served to this machine, or with the metrics token.");
    }
    reply.header("cache-control", "no-store").type(metrics.registry.contentType);
    return metrics.scrape();
  });
}
