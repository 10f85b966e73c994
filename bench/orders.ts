// Order benchmark: order placement on real PostgreSQL. Simulated customers, each
// its own login on its own account, fill a cart and place it as the web app does, against the
// built server running as a separate process with the built-in back office; POST /api/Order is
// timed at 10, 40 and 100 customers, then orders arrive at a steady 40 a second to measure the
// back-office hand-off lag and backlog. The server's static-file throughput in the same run is
// the floor. Before that, statements per order are counted in-process. Writes
// bench/results/orders-<date>[-<BENCH_LABEL>].md.
// Run: npx tsx bench/orders.ts   (about 4 minutes; BENCH_SHORT=1 for a smoke run of under 1)
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import type { Cart } from "@trade-shop/contracts/cart";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase, type Database } from "../apps/server/src/db/database";
import { migrate } from "../apps/server/src/db/migrate";
import { DEMO_PASSWORD } from "../apps/server/src/demo-data/generate";
import { loadDemoData } from "../apps/server/src/demo-data/load";
import { createTokenService } from "../apps/server/src/modules/identity/tokens";
import { BACKOFFICE_TOPIC } from "../apps/server/src/modules/orders/approvals";
import { buildCreateOrder } from "../apps/web/src/features/orders/create-order";
import { haproxyConfig, startHaproxy, type RunningHaproxy } from "../scripts/cluster/haproxy.mjs";
import { smallestAsset } from "./static-floor";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SHORT = process.env.BENCH_SHORT === "1";
const LABEL =
  process.env.BENCH_LABEL ??
  [
    SHORT ? "short" : "",
    Number(process.env.BENCH_PROCESSES ?? 1) > 1 ? `${process.env.BENCH_PROCESSES}-processes` : "",
  ]
    .filter(Boolean)
    .join("-");
/** Server processes: 1, or several behind HAProxy (scripts/cluster), for the one-versus-three figures. */
const PROCESSES = Math.min(8, Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1)));
/** The server's web-request pool, passed on as DATABASE_POOL_SIZE (the server's default is 10). */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);

// Every loop is bounded in count and in time.
const LEVELS = SHORT ? [10, 40] : [10, 40, 100];
const LEVEL_SECONDS = SHORT ? 4 : 20;
const FLOOR_SECONDS = SHORT ? 2 : 5;
const PACED_RATE = 40;
const PACED_SECONDS = SHORT ? 5 : 30;
const PROFILE_ORDERS = SHORT ? 10 : 40;
const MAX_ORDERS_PER_CUSTOMER = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
const DRAIN_WAIT_MS = 60_000;
const SAMPLE_MS = 250;
const SERVER_START_MS = 120_000;
const SERVER_STOP_MS = 20_000;
// What each order holds: LINES_PER_ORDER lines from a pool of HOT_SKUS products that every
// customer buys in the one warehouse, so concurrent orders compete for the same stock rows.
const HOT_SKUS = 20;
const LINES_PER_ORDER = 3;
const CUSTOMERS = Math.max(...LEVELS);

/** The issue's budgets. */
const BUDGET = { orderP95Ms: 120, orderP95At: 40, lagP95Ms: 2000, lagRate: PACED_RATE };

interface Timing {
  n: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function timing(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** A small deterministic generator, so every run asks for the same orders. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The command the web app's checkout sends for the cart it showed (collection, no reference). */
const commandFrom = (cart: Cart) =>
  buildCreateOrder(cart, { homeDelivery: false, reference: "" }, new Date());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The temporary database: the demo, plus one login and account per simulated customer.

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Shop {
  warehouseCode: string;
  hotSkus: string[];
  usernames: string[];
}

/**
 * Copies the demo's trader into CUSTOMERS accounts with a login each (same price list and
 * warehouse, a credit limit no order reaches), and gives the hot products more stock than the
 * run can sell, so no order is refused for credit or stock.
 */
async function prepareShop(db: Database["db"]): Promise<Shop> {
  const trader = await db
    .selectFrom("users")
    .innerJoin("customers", "customers.id", "users.customerId")
    .select([
      "users.id as userId",
      "users.passwordHash",
      "customers.id as customerId",
      "customers.stockingWarehouseCode",
    ])
    .where("users.username", "=", "trader")
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO customers (tenant_id, account_id, name, address1, address2, address3, address4, address5, address_pc,
                           contact_email, contact_cellphone, tax_number, pricelist_id, stocking_warehouse_code,
                           is_liquor_customer, rep_code, vendor_number, credit_limit_cents, dc_balance_cents)
    SELECT c.tenant_id, 'BENCH' || lpad(n::text, 4, '0'), 'Bench customer ' || n, c.address1, c.address2, c.address3,
           c.address4, c.address5, c.address_pc, 'bench-' || n || '@bench.test', c.contact_cellphone, c.tax_number,
           c.pricelist_id, c.stocking_warehouse_code, c.is_liquor_customer, c.rep_code, c.vendor_number, 100000000000, 0
      FROM customers c, generate_series(1, ${CUSTOMERS}) n WHERE c.id = ${trader.customerId}`.execute(db);
  await sql`
    INSERT INTO users (username, firstname, lastname, email, password_hash, customer_id)
    SELECT 'bench-customer-' || substr(c.account_id, 6), 'Bench', 'Customer', 'bench-customer-' || substr(c.account_id, 6) || '@bench.test',
           ${trader.passwordHash}, c.id
      FROM customers c WHERE c.account_id LIKE 'BENCH%'`.execute(db);
  await sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.role_id FROM users u, user_roles r WHERE u.username LIKE 'bench-customer-%' AND r.user_id = ${trader.userId}`.execute(
    db,
  );
  await sql`
    INSERT INTO user_tenants (user_id, tenant_id)
    SELECT u.id, t.tenant_id FROM users u, user_tenants t WHERE u.username LIKE 'bench-customer-%' AND t.user_id = ${trader.userId}`.execute(
    db,
  );
  const { rows: hot } = await sql<{ skuCode: string }>`
    SELECT p.sku_code FROM products p JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = ${trader.stockingWarehouseCode}
     WHERE p.active AND NOT p.is_liquor ORDER BY p.sku_code LIMIT ${HOT_SKUS}`.execute(db);
  const hotSkus = hot.map((r) => r.skuCode);
  await sql`UPDATE stock SET on_hand = 100000000
             WHERE warehouse_code = ${trader.stockingWarehouseCode} AND sku_code = ANY(${hotSkus}::text[])`.execute(
    db,
  );
  const { rows: users } = await sql<{ username: string }>`
    SELECT username FROM users WHERE username LIKE 'bench-customer-%' ORDER BY username`.execute(db);
  return { warehouseCode: trader.stockingWarehouseCode, hotSkus, usernames: users.map((u) => u.username) };
}

/** The lines of one order: distinct hot products, 1-3 packs each. */
function orderLines(shop: Shop, random: () => number): [string, number][] {
  const skus = new Set<string>();
  while (skus.size < LINES_PER_ORDER) skus.add(shop.hotSkus[Math.floor(random() * shop.hotSkus.length)]!);
  return [...skus].map((sku) => [sku, 1 + Math.floor(random() * 3)]);
}

// ---------------------------------------------------------------------------------------------
// Statements per order, counted in-process: the app built on a pool whose every query is noted.

interface Profile {
  orders: number;
  perRequest: Timing;
  inTransaction: Timing;
  latency: Timing;
  /** Of the request's time, the part spent waiting for statements to come back. */
  inStatements: Timing;
  /** The statements of one order's POST /api/Order, abbreviated, with their median time over all orders. */
  sample: { text: string; ms: number }[];
}

const XSRF = "bench";
const jsonHeaders = {
  "content-type": "application/json",
  cookie: `XSRF-TOKEN=${XSRF}`,
  "x-xsrf-token": XSRF,
};

async function profileStatements(url: string, shop: Shop): Promise<Profile> {
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 2, workerPoolSize: 1 });
  const seen: { text: string; ms: number }[] = [];
  database.pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string }).text ?? "?");
      const entry = { text: text.replace(/\s+/g, " ").trim(), ms: Number.NaN };
      seen.push(entry);
      const start = performance.now();
      const answer = query(...args);
      if (answer instanceof Promise)
        void answer.finally(() => (entry.ms = performance.now() - start)).catch(() => undefined);
      return answer;
    };
  });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    AUTH_RATE_LIMIT_FACTOR: "0",
    DATABASE_URL: url,
  });
  const tokens = createTokenService(randomBytes(32).toString("hex"), config.TOKEN_LIFETIME_HOURS);
  const app = await buildApp({ config, database, tokens });
  try {
    await app.ready();
    const inject = async (url: string, token: string | undefined, body: unknown) => {
      const res = await app.inject({
        method: "POST",
        url,
        headers: { ...jsonHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: JSON.stringify(body),
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as unknown;
    };
    const username = shop.usernames.at(-1)!;
    const { token } = (await inject("/api/Users/Authenticate", undefined, {
      username,
      password: DEMO_PASSWORD,
    })) as { token: string };
    const random = seededRandom(7);
    const perRequest: number[] = [];
    const inTransaction: number[] = [];
    const latency: number[] = [];
    const inStatements: number[] = [];
    const orders: { text: string; ms: number }[][] = [];
    for (let i = 0; i < PROFILE_ORDERS; i++) {
      let cart: Cart | undefined;
      for (const [skuCode, quantity] of orderLines(shop, random)) {
        cart = (await inject("/api/Cart/AdditemToCart", token, { skuCode, quantity })) as Cart;
      }
      seen.length = 0;
      const start = performance.now();
      await inject("/api/Order", token, commandFrom(cart!));
      latency.push(performance.now() - start);
      const begin = seen.findIndex((s) => /^begin/i.test(s.text));
      const commit = seen.findIndex((s) => /^commit/i.test(s.text));
      perRequest.push(seen.length);
      inTransaction.push(begin >= 0 && commit > begin ? commit - begin + 1 : 0);
      inStatements.push(seen.reduce((sum, s) => sum + s.ms, 0));
      orders.push(seen.map((s) => ({ ...s })));
    }
    const last = orders.at(-1)!;
    const alike = orders.filter((o) => o.length === last.length);
    const sample = last.map((s, i) => ({
      text: s.text.length > 110 ? `${s.text.slice(0, 107)}...` : s.text,
      ms: timing(alike.map((o) => o[i]!.ms)).p50,
    }));
    return {
      orders: PROFILE_ORDERS,
      perRequest: timing(perRequest),
      inTransaction: timing(inTransaction),
      latency: timing(latency),
      inStatements: timing(inStatements),
      sample,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server under load: a plain keep-alive HTTP client, one connection per simulated customer.

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

function createClient(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    request(method: "GET" | "POST", url: string, token?: string, body?: unknown): Promise<Answer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const start = performance.now();
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method,
            path: url,
            agent,
            timeout: REQUEST_TIMEOUT_MS,
            headers: {
              ...jsonHeaders,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const ms = performance.now() - start;
              const text = Buffer.concat(chunks).toString("utf8");
              const isJson = (res.headers["content-type"] ?? "").includes("json");
              resolve({
                status: res.statusCode ?? 0,
                body: isJson && text ? (JSON.parse(text) as unknown) : text,
                ms,
              });
            });
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out`)));
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

type Client = ReturnType<typeof createClient>;

interface Customer {
  username: string;
  token: string;
  random: () => number;
}

interface Outcome {
  ok: boolean;
  /** POST /api/Order alone; undefined when the cart could not be filled. */
  orderMs?: number;
  refusal?: string;
}

/** One round of a customer: fill the cart as the web app does, then place it (timed). */
async function placeOne(client: Client, shop: Shop, customer: Customer): Promise<Outcome> {
  let cart: Cart | undefined;
  for (const [skuCode, quantity] of orderLines(shop, customer.random)) {
    const added = await client.request("POST", "/api/Cart/AdditemToCart", customer.token, {
      skuCode,
      quantity,
    });
    if (added.status !== 200) return { ok: false, refusal: `cart ${added.status}` };
    cart = added.body as Cart;
  }
  const placed = await client.request("POST", "/api/Order", customer.token, commandFrom(cart!));
  if (placed.status === 200) return { ok: true, orderMs: placed.ms };
  // A refused cart is emptied, so the next round starts clean.
  await client.request("POST", "/api/Cart/ClearUserCart", customer.token, {});
  const code = (placed.body as { code?: string } | undefined)?.code;
  return { ok: false, orderMs: placed.ms, refusal: `${placed.status}${code ? ` ${code}` : ""}` };
}

interface Sampled {
  samples: number;
  backlogMax: number;
  backlogEnd: number;
  activeMean: number;
  lockWaitingMean: number;
  lockWaitingMax: number;
  /** Statements seen waiting for a lock, with how many samples saw each. */
  lockWaits: [string, number][];
}

/** Samples the hand-off backlog and lock waits of the server's connections every SAMPLE_MS. */
function startSampler(db: Database["db"]) {
  let running = true;
  const backlog: number[] = [];
  const active: number[] = [];
  const waiting: number[] = [];
  const waits = new Map<string, number>();
  const loop = (async () => {
    while (running) {
      const { rows } = await sql<{ backlog: number; active: number; waiting: string[] }>`
        SELECT (SELECT count(*)::int FROM outbox WHERE topic = ${BACKOFFICE_TOPIC} AND status = 'pending') AS backlog,
               (SELECT count(*)::int FROM pg_stat_activity
                 WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()) AS active,
               (SELECT coalesce(array_agg(wait_event || ': ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 70)), '{}')
                  FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()) AS waiting`.execute(
        db,
      );
      const row = rows[0]!;
      backlog.push(row.backlog);
      active.push(row.active);
      waiting.push(row.waiting.length);
      for (const w of row.waiting) waits.set(w, (waits.get(w) ?? 0) + 1);
      await sleep(SAMPLE_MS);
    }
  })();
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  return async (): Promise<Sampled> => {
    running = false;
    await loop;
    return {
      samples: backlog.length,
      backlogMax: Math.max(0, ...backlog),
      backlogEnd: backlog.at(-1) ?? 0,
      activeMean: mean(active),
      lockWaitingMean: mean(waiting),
      lockWaitingMax: Math.max(0, ...waiting),
      lockWaits: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 5),
    };
  };
}

interface HandOffLag {
  orders: number;
  done: number;
  p50: number;
  p95: number;
  max: number;
  /** From the end of the phase until its last hand-off was done. */
  drainedAfterMs: number;
}

/** Waits (bounded) for the phase's hand-offs, then the lag from each order to its hand-off done. */
async function handOffLag(db: Database["db"], from: Date, to: Date): Promise<HandOffLag> {
  const started = Date.now();
  const window = sql`topic = ${BACKOFFICE_TOPIC} AND created_at >= ${from} AND created_at <= ${to}`;
  while (Date.now() - started < DRAIN_WAIT_MS) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM outbox WHERE ${window} AND status = 'pending'`.execute(db);
    if (rows[0]!.n === 0) break;
    await sleep(SAMPLE_MS);
  }
  const drainedAfterMs = Date.now() - started;
  const { rows } = await sql<{
    orders: number;
    done: number;
    p50: number | null;
    p95: number | null;
    max: number | null;
  }>`
    SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'done')::int AS done,
           percentile_disc(0.5) WITHIN GROUP (ORDER BY lag) FILTER (WHERE status = 'done') AS p50,
           percentile_disc(0.95) WITHIN GROUP (ORDER BY lag) FILTER (WHERE status = 'done') AS p95,
           max(lag) FILTER (WHERE status = 'done') AS max
      FROM (SELECT status, extract(epoch FROM processed_at - created_at)::float8 * 1000 AS lag FROM outbox WHERE ${window}) m`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    orders: row.orders,
    done: row.done,
    p50: row.p50 ?? Number.NaN,
    p95: row.p95 ?? Number.NaN,
    max: row.max ?? Number.NaN,
    drainedAfterMs,
  };
}

const databaseNow = async (db: Database["db"]) =>
  (await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db)).rows[0]!.now;

/** CPU seconds a process has used so far (Linux /proc), or NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The whole machine's busy and total CPU seconds so far (Linux /proc/stat), or NaN elsewhere. */
function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    const values = ticks.slice(0, 8).map(Number);
    const total = values.reduce((s, v) => s + v, 0);
    // idle and iowait are not work.
    return { busy: (total - values[3]! - values[4]!) / 100, total: total / 100 };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** CPU seconds used so far by each PostgreSQL backend serving the benchmark's database (same machine). */
async function backendCpu(db: Database["db"]): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}

function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

interface Phase {
  title: string;
  customers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  post: Timing;
  refusals: Record<string, number>;
  lag: HandOffLag;
  sampled: Sampled;
  /** Shares of one core used by the server process, its PostgreSQL backends, this process, the whole machine. */
  serverCpu: number;
  postgresCpu: number;
  benchCpu: number;
  machineCpu: number;
  missedSlots?: number;
}

/** Runs `drive` with the samplers around it and gathers a phase's figures. */
async function measurePhase(
  title: string,
  customers: number,
  db: Database["db"],
  serverPids: readonly number[],
  drive: (record: (outcome: Outcome) => void) => Promise<{ missedSlots?: number }>,
): Promise<Phase> {
  const post: number[] = [];
  const refusals: Record<string, number> = {};
  let orders = 0;
  const record = (outcome: Outcome) => {
    if (outcome.orderMs !== undefined) post.push(outcome.orderMs);
    if (outcome.ok) orders++;
    else refusals[outcome.refusal ?? "?"] = (refusals[outcome.refusal ?? "?"] ?? 0) + 1;
  };
  const from = await databaseNow(db);
  const stopSampler = startSampler(db);
  const serversCpu = () => serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const serverCpuBefore = serversCpu();
  const backendsBefore = await backendCpu(db);
  const machineBefore = machineCpu();
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  const { missedSlots } = await drive(record);
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (serversCpu() - serverCpuBefore) / seconds;
  const benchUsage = process.cpuUsage(benchCpuBefore);
  const machineAfter = machineCpu();
  const postgresCpu = backendCpuSince(backendsBefore, await backendCpu(db)) / seconds;
  const sampled = await stopSampler();
  const to = await databaseNow(db);
  const lag = await handOffLag(db, from, to);
  const phase: Phase = {
    title,
    customers,
    seconds,
    orders,
    ordersPerSecond: orders / seconds,
    post: timing(post),
    refusals,
    lag,
    sampled,
    serverCpu,
    postgresCpu,
    benchCpu: (benchUsage.user + benchUsage.system) / 1e6 / seconds,
    machineCpu: (machineAfter.busy - machineBefore.busy) / seconds,
    ...(missedSlots !== undefined ? { missedSlots } : {}),
  };
  console.info(
    `  ${title}: ${phase.ordersPerSecond.toFixed(1)} orders/s, POST /api/Order p50 ${phase.post.p50.toFixed(1)} ms, p95 ${phase.post.p95.toFixed(1)} ms, ` +
      `hand-off lag p95 ${lag.p95.toFixed(0)} ms, backlog max ${sampled.backlogMax}, lock waits ${sampled.lockWaitingMean.toFixed(2)} avg`,
  );
  return phase;
}

/** `count` customers, each placing orders one after another until the time is up. */
function closedLoop(client: Client, shop: Shop, customers: readonly Customer[], seconds: number) {
  return async (record: (outcome: Outcome) => void) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      customers.map(async (customer) => {
        for (let i = 0; i < MAX_ORDERS_PER_CUSTOMER && performance.now() < until; i++) {
          record(await placeOne(client, shop, customer));
        }
      }),
    );
    return {};
  };
}

/** Orders started at a steady `rate` a second, each by a customer not busy with one already. */
function paced(client: Client, shop: Shop, customers: readonly Customer[], rate: number, seconds: number) {
  return async (record: (outcome: Outcome) => void) => {
    const free = [...customers];
    const running: Promise<void>[] = [];
    const interval = 1000 / rate;
    const start = performance.now();
    let missedSlots = 0;
    for (let slot = 0; slot < rate * seconds; slot++) {
      const due = start + slot * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const customer = free.pop();
      if (!customer) {
        missedSlots++;
        continue;
      }
      running.push(
        placeOne(client, shop, customer).then((outcome) => {
          record(outcome);
          free.push(customer);
        }),
      );
    }
    await Promise.all(running);
    return { missedSlots };
  };
}

interface Floor {
  connections: number;
  perSecond: number;
  latency: Timing;
  errors: number;
}

/** GETs of one static file at `connections` at once, with the same client as the customers. */
async function staticFloor(port: number, asset: string, connections: number): Promise<Floor> {
  const client = createClient(port, connections);
  try {
    const times: number[] = [];
    let errors = 0;
    const until = performance.now() + FLOOR_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (let i = 0; i < 1_000_000 && performance.now() < until; i++) {
          const res = await client.request("GET", asset);
          if (res.status === 200) times.push(res.ms);
          else errors++;
        }
      }),
    );
    const perSecond = times.length / ((performance.now() - started) / 1000);
    return { connections, perSecond, latency: timing(times), errors };
  } finally {
    client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server process.

async function waitForServer(port: number, child: ChildProcess) {
  const until = Date.now() + SERVER_START_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error("the server did not answer /api/health in time");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_MS);
  await exited;
  clearTimeout(timer);
}

async function logIn(client: Client, username: string): Promise<string> {
  const res = await client.request("POST", "/api/Users/Authenticate", undefined, {
    username,
    password: DEMO_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`log-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

interface LoadRun {
  serverEnv: Record<string, string>;
  asset: { url: string; bytes: number };
  autocannon: { perSecond: number; p50: number; p99: number; non2xx: number };
  floors: Floor[];
  levels: Phase[];
  pacedPhase: Phase;
  deadlocks: number;
}

async function loadRun(url: string, db: Database["db"], shop: Shop): Promise<LoadRun> {
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tradeshop-bench-orders-"));
  // The back office is the built-in simulator: BACKOFFICE_URL unset and NODE_ENV not production.
  const serverEnv = {
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DEMO_DATA: "never",
    // A hundred customers log in from one address within a minute: above the per-address limit.
    AUTH_RATE_LIMIT_FACTOR: "0",
  };
  // With several processes, each listens on a port of its own and HAProxy takes `port`.
  const ports = PROCESSES === 1 ? [port] : Array.from({ length: PROCESSES }, (_, i) => port + 1 + i);
  const children = ports.map((own) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...serverEnv,
      HOST: "127.0.0.1",
      PORT: String(own),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
    };
    if (PROCESSES > 1) env.TRUST_PROXY = "127.0.0.1";
    for (const name of ["BACKOFFICE_URL", "BACKOFFICE_MODE", "REDIS_URL"]) delete env[name];
    return spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  });
  const pids = children.map((c) => c.pid!);
  let balancer: RunningHaproxy | undefined;
  try {
    for (const [i, c] of children.entries()) await waitForServer(ports[i]!, c);
    if (PROCESSES > 1) {
      const servers = ports.map((own, i) => ({ name: `s${i + 1}`, port: own }));
      balancer = await startHaproxy({ config: haproxyConfig({ port, servers, log: false }), port });
    }
    const base = `http://127.0.0.1:${port}`;
    const asset = smallestAsset(root);

    console.info(`floor: GET ${asset.url} (${asset.bytes} bytes)…`);
    const cannon = await autocannon({
      url: base,
      connections: 10,
      duration: FLOOR_SECONDS * 2,
      requests: [{ method: "GET", path: asset.url }],
    });
    const floors: Floor[] = [];
    for (const connections of LEVELS) floors.push(await staticFloor(port, asset.url, connections));

    const setup = createClient(port, 4);
    const tokens: string[] = [];
    for (let i = 0; i < shop.usernames.length; i += 4) {
      tokens.push(...(await Promise.all(shop.usernames.slice(i, i + 4).map((u) => logIn(setup, u)))));
    }
    setup.close();
    const customers: Customer[] = shop.usernames.map((username, i) => ({
      username,
      token: tokens[i]!,
      random: seededRandom(1000 + i),
    }));
    const deadlocksBefore = await deadlockCount(db);

    const levels: Phase[] = [];
    for (const count of LEVELS) {
      const client = createClient(port, count);
      try {
        levels.push(
          await measurePhase(
            `${count} customers`,
            count,
            db,
            pids,
            closedLoop(client, shop, customers.slice(0, count), LEVEL_SECONDS),
          ),
        );
      } finally {
        client.close();
      }
    }
    const client = createClient(port, customers.length);
    let pacedPhase: Phase;
    try {
      pacedPhase = await measurePhase(
        `${PACED_RATE} orders/s`,
        customers.length,
        db,
        pids,
        paced(client, shop, customers, PACED_RATE, PACED_SECONDS),
      );
    } finally {
      client.close();
    }
    return {
      serverEnv,
      asset,
      autocannon: {
        perSecond: cannon.requests.average,
        p50: cannon.latency.p50,
        p99: cannon.latency.p99,
        non2xx: cannon.non2xx,
      },
      floors,
      levels,
      pacedPhase,
      deadlocks: (await deadlockCount(db)) - deadlocksBefore,
    };
  } finally {
    await balancer?.stop();
    await Promise.all(children.map((c) => stopServer(c)));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function deadlockCount(db: Database["db"]): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  return rows[0]!.n;
}

// ---------------------------------------------------------------------------------------------
// The report.

const pct = (share: number) => (Number.isFinite(share) ? `${(share * 100).toFixed(0)}%` : "–");
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");
const ratio = (v: number, floor: number) =>
  Number.isFinite(v) && floor > 0 ? `${(v / floor).toFixed(floor > v ? 3 : 1)}x` : "–";

function verdict(value: number, budget: number, busy: boolean) {
  if (!Number.isFinite(value)) return "not measured";
  if (value < budget) return `met (${f1(value)} ms < ${budget} ms)`;
  return `**missed** by ${f1(value - budget)} ms (${f1(value)} ms against ${budget} ms)${busy ? "; the machine was busy" : ""}`;
}

function report(options: {
  started: number;
  pgVersion: string;
  pgSettings: Record<string, string>;
  loadBefore: number[];
  profile: Profile;
  run: LoadRun;
  shop: Shop;
}): string {
  const { profile, run, pgSettings } = options;
  const cpus = os.cpus();
  const loadAfter = os.loadavg();
  const busy = options.loadBefore[0]! > 0.5;
  const floorAt = (connections: number) => run.floors.find((f) => f.connections === connections)!;
  const at40 = run.levels.find((l) => l.customers === BUDGET.orderP95At);
  const pacedLag = run.pacedPhase.lag;
  const bounded =
    run.pacedPhase.sampled.backlogEnd <= PACED_RATE * 2 &&
    pacedLag.done === pacedLag.orders &&
    pacedLag.drainedAfterMs < 10_000;
  const phaseRow = (p: Phase, floor: Floor) =>
    `| ${p.title} | ${p.orders} | ${f1(p.ordersPerSecond)} (${ratio(p.ordersPerSecond, floor.perSecond)}) | ${f1(p.post.p50)} (${ratio(p.post.p50, floor.latency.p50)}) | ${f1(p.post.p95)} (${ratio(p.post.p95, floor.latency.p95)}) | ${f1(p.post.p99)} (${ratio(p.post.p99, floor.latency.p99)}) | ${f1(p.post.max)} | ${
      Object.entries(p.refusals)
        .map(([k, n]) => `${k}: ${n}`)
        .join(", ") || "none"
    } | ${pct(p.serverCpu)} / ${pct(p.postgresCpu)} / ${pct(p.benchCpu)} / ${pct(p.machineCpu)} |`;
  const lagRow = (p: Phase, floor: Floor) =>
    `| ${p.title} | ${p.lag.done} / ${p.lag.orders} | ${f1(p.lag.p50)} (${ratio(p.lag.p50, floor.latency.p50)}) | ${f1(p.lag.p95)} (${ratio(p.lag.p95, floor.latency.p95)}) | ${f1(p.lag.max)} | ${p.sampled.backlogMax} | ${p.sampled.backlogEnd} | ${(p.lag.drainedAfterMs / 1000).toFixed(1)} |`;
  const lockRow = (p: Phase) =>
    `| ${p.title} | ${p.sampled.samples} | ${p.sampled.activeMean.toFixed(1)} | ${p.sampled.lockWaitingMean.toFixed(2)} | ${p.sampled.lockWaitingMax} | ${p.sampled.lockWaits.map(([q, n]) => `${n}× \`${q.replace(/\|/g, "\\|")}\``).join("<br>") || "none"} |`;
  const floorForPaced = floorAt(BUDGET.orderP95At) ?? run.floors[0]!;
  return [
    `# Order benchmark, ${new Date().toISOString().slice(0, 10)}${LABEL ? ` (${LABEL})` : ""}`,
    "",
    "Produced by `npx tsx bench/orders.ts` (see bench/README.md)." +
      (SHORT ? " **Short mode** (BENCH_SHORT=1): a smoke run, not a measurement." : ""),
    "Real PostgreSQL; the built server (`node apps/server/dist/main.js`) as its own process with the built-in",
    "back-office simulator; the simulated customers in the benchmark's process. Each customer is its own login on",
    `its own account and, round after round, adds ${LINES_PER_ORDER} lines (1-3 packs each, from the same ${HOT_SKUS} products in`,
    `warehouse ${options.shop.warehouseCode}) to its cart with \`POST /api/Cart/AdditemToCart\`, then places the cart it was shown`,
    "with `POST /api/Order`; only that last request is timed. Figures in brackets are ratios to the static-file",
    "floor measured with the same client at the same number of connections.",
    "",
    "## Machine",
    "",
    `- CPU: ${cpus[0]?.model ?? "unknown"}, ${cpus.length} cores; memory ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node.js ${process.version}`,
    `- PostgreSQL: ${options.pgVersion}`,
    `- PostgreSQL settings: ${Object.entries(pgSettings)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ")}`,
    `- Server processes: ${PROCESSES}${PROCESSES > 1 ? " behind HAProxy (scripts/cluster/haproxy.mjs), CPU summed over them" : ""}`,
    `- Server: ${Object.entries(run.serverEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ")} (other settings at their defaults)`,
    `- Date: ${new Date().toISOString()}; run took ${((Date.now() - options.started) / 1000).toFixed(0)} s`,
    `- Load average (1, 5, 15 min) before: ${options.loadBefore.map((l) => l.toFixed(2)).join(", ")}; after: ${loadAfter.map((l) => l.toFixed(2)).join(", ")}` +
      (busy ? " — **not a quiet machine**: other work inflates the figures" : ""),
    "",
    "## Budgets",
    "",
    `- POST /api/Order p95 under ${BUDGET.orderP95Ms} ms at ${BUDGET.orderP95At} customers: ${at40 ? verdict(at40.post.p95, BUDGET.orderP95Ms, busy) : "not measured"}.`,
    `- At ${PACED_RATE} orders/s sustained, hand-off lag p95 under ${BUDGET.lagP95Ms / 1000} s: ${verdict(pacedLag.p95, BUDGET.lagP95Ms, busy)}` +
      `${run.pacedPhase.ordersPerSecond < PACED_RATE * 0.95 ? ` (only ${f1(run.pacedPhase.ordersPerSecond)} orders/s were reached)` : ""}.`,
    `- Backlog bounded at ${PACED_RATE} orders/s: ${bounded ? "met" : "**missed**"} (at most ${run.pacedPhase.sampled.backlogMax} hand-offs waiting, ${run.pacedPhase.sampled.backlogEnd} at the end, all done ${(pacedLag.drainedAfterMs / 1000).toFixed(1)} s after the last order; bounded means no more than ${PACED_RATE * 2} waiting at the end, i.e. 2 s of orders, and all done within 10 s).`,
    "",
    "## Statements per order (in-process, one customer, quiet)",
    "",
    `The app built in the benchmark's process on the same database, its pool noting every query; ${profile.orders} orders of ${LINES_PER_ORDER} lines placed one after another through \`app.inject\`.`,
    "",
    `- Statements (round trips) per POST /api/Order request: ${profile.perRequest.p50} (min ${profile.perRequest.min}, max ${profile.perRequest.max}); of them in the order's transaction, BEGIN and COMMIT included: ${profile.inTransaction.p50}.`,
    `- POST /api/Order in-process, one client: p50 ${f1(profile.latency.p50)} ms, p95 ${f1(profile.latency.p95)} ms; of it waiting for statements: p50 ${f1(profile.inStatements.p50)} ms, p95 ${f1(profile.inStatements.p95)} ms.`,
    "",
    "<details><summary>The statements of one order, with the median time of each over all orders</summary>",
    "",
    ...profile.sample.map((s, i) => `${i + 1}. ${s.ms.toFixed(2)} ms \`${s.text.replace(/`/g, "'")}\``),
    "",
    "</details>",
    "",
    "## Floor: the server's static-file throughput",
    "",
    `\`GET ${run.asset.url}\` (${run.asset.bytes} bytes, the smallest hashed file of the built web app). autocannon, 10 connections, ${FLOOR_SECONDS * 2} s: ${run.autocannon.perSecond.toFixed(0)} req/s, p50 ${run.autocannon.p50} ms, p99 ${run.autocannon.p99} ms, ${run.autocannon.non2xx} non-2xx.`,
    "With the benchmark's own client (the one the customers use), for the ratios below:",
    "",
    "| connections | req/s | p50 ms | p95 ms | p99 ms | errors |",
    "|---:|---:|---:|---:|---:|---:|",
    ...run.floors.map(
      (fl) =>
        `| ${fl.connections} | ${fl.perSecond.toFixed(0)} | ${fl.latency.p50.toFixed(2)} | ${fl.latency.p95.toFixed(2)} | ${fl.latency.p99.toFixed(2)} | ${fl.errors} |`,
    ),
    "",
    "## Orders",
    "",
    `Closed loop: each customer starts its next round as soon as the last ended, ${LEVEL_SECONDS} s per level. Then ${PACED_RATE} orders/s for ${PACED_SECONDS} s (open loop: a round starts every ${1000 / PACED_RATE} ms on a customer that is not busy${run.pacedPhase.missedSlots ? `; ${run.pacedPhase.missedSlots} starts were missed for want of a free customer` : ""}). CPU is in shares of one core (the machine has ${os.cpus().length}): the server process / the PostgreSQL backends serving the benchmark's database (the sampler's included) / the benchmark's process / everything on the machine, other people's work included.`,
    "",
    "| load | orders | orders/s | POST p50 ms | POST p95 ms | POST p99 ms | max ms | refusals | CPU server / PostgreSQL / bench / machine |",
    "|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ...run.levels.map((p) => phaseRow(p, floorAt(p.customers))),
    phaseRow(run.pacedPhase, floorForPaced),
    "",
    "## Back-office hand-off",
    "",
    "Lag: from the order's outbox message being written (in the order's transaction) to the message being done, `processed_at - created_at` of topic",
    `\`${BACKOFFICE_TOPIC}\`. Backlog: its messages waiting (status pending), sampled every ${SAMPLE_MS} ms during the phase. After each phase the benchmark waits (at most ${DRAIN_WAIT_MS / 1000} s) for the phase's hand-offs to be done.`,
    "",
    "| load | done / orders | lag p50 ms | lag p95 ms | lag max ms | backlog max | backlog at end | all done after s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...run.levels.map((p) => lagRow(p, floorAt(p.customers))),
    lagRow(run.pacedPhase, floorForPaced),
    "",
    "## Lock waits",
    "",
    `The temporary database's sessions sampled every ${SAMPLE_MS} ms: how many were running a statement, how many of them waited for a lock, and the statements seen waiting. Deadlocks during the run: ${run.deadlocks}.`,
    "",
    "| load | samples | active (mean) | waiting for a lock (mean) | max | waiting statements |",
    "|---|---:|---:|---:|---:|---|",
    ...run.levels.map(lockRow),
    lockRow(run.pacedPhase),
    "",
  ].join("\n");
}

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const name = `tradeshop_bench_orders_${randomBytes(3).toString("hex")}`;

  console.info("building the server bundle (apps/server/dist)…");
  execFileSync("npm", ["run", "build", "--workspace", "apps/server"], { cwd: root, stdio: "ignore" });
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    console.info("building the web app (apps/web/dist) for the static-file floor…");
    execFileSync("npm", ["run", "build", "--workspace", "apps/web"], { cwd: root, stdio: "ignore" });
  }

  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const url = databaseUrl(name);
    const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 2 });
    try {
      const db = database.db;
      console.info("loading the demo and the benchmark's customers…");
      await migrate(db);
      await loadDemoData(db);
      const shop = await prepareShop(db);
      await sql`VACUUM ANALYZE`.execute(db);
      const { rows } = await sql<{ version: string }>`SELECT version()`.execute(db);
      const pgSettings: Record<string, string> = {};
      for (const setting of ["shared_buffers", "synchronous_commit", "fsync", "max_connections"]) {
        const { rows: value } = await sql<{
          value: string;
        }>`SELECT current_setting(${setting}) AS value`.execute(db);
        pgSettings[setting] = value[0]!.value;
      }
      console.info("counting statements per order…");
      const profile = await profileStatements(url, shop);
      console.info(
        `  ${profile.perRequest.p50} statements per POST /api/Order, ${profile.inTransaction.p50} in its transaction`,
      );
      console.info("load on the built server…");
      const run = await loadRun(url, db, shop);
      const text = report({
        started,
        pgVersion: rows[0]!.version,
        pgSettings,
        loadBefore,
        profile,
        run,
        shop,
      });
      const date = new Date().toISOString().slice(0, 10);
      const file = path.join(here, "results", `orders-${date}${LABEL ? `-${LABEL}` : ""}.md`);
      await writeFile(file, text);
      console.info(`\nwrote ${path.relative(root, file)}`);
    } finally {
      await database.close();
    }
  } finally {
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
