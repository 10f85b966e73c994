// A phase of load and what is measured around it: the hand-off backlog, lock waits and lag
// sampled from the database, the CPU of the server, its PostgreSQL backends, this process and the
// machine; closed-loop and paced customers; the static-file floor.
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import type { Database } from "../../apps/server/src/db/database";
import { BACKOFFICE_TOPIC } from "../../apps/server/src/modules/backoffice";
import { FLOOR_SECONDS, MAX_ORDERS_PER_CUSTOMER, DRAIN_WAIT_MS, SAMPLE_MS } from "./settings";
import { type Timing, timing, sleep } from "./stats";
import type { Shop } from "./shop";
import { createClient, type Client, type Customer, type Outcome, placeOne } from "./client";

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

export interface Phase {
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
export async function measurePhase(
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
export function closedLoop(client: Client, shop: Shop, customers: readonly Customer[], seconds: number) {
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
export function paced(
  client: Client,
  shop: Shop,
  customers: readonly Customer[],
  rate: number,
  seconds: number,
) {
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

export interface Floor {
  connections: number;
  perSecond: number;
  latency: Timing;
  errors: number;
}

/** GETs of one static file at `connections` at once, with the same client as the customers. */
export async function staticFloor(port: number, asset: string, connections: number): Promise<Floor> {
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

export async function deadlockCount(db: Database["db"]): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  return rows[0]!.n;
}
