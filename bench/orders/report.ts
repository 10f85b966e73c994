// The report: bench/results/orders-<date>[-<BENCH_LABEL>].md.
import os from "node:os";
import { BACKOFFICE_TOPIC } from "../../apps/server/src/modules/backoffice";
import {
  SHORT,
  LABEL,
  PROCESSES,
  LEVEL_SECONDS,
  FLOOR_SECONDS,
  PACED_RATE,
  PACED_SECONDS,
  DRAIN_WAIT_MS,
  SAMPLE_MS,
  HOT_SKUS,
  LINES_PER_ORDER,
  BUDGET,
} from "./settings";
import type { Shop } from "./shop";
import type { Profile } from "./statements";
import type { Phase, Floor } from "./phases";
import type { LoadRun } from "./server";

const pct = (share: number) => (Number.isFinite(share) ? `${(share * 100).toFixed(0)}%` : "–");
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");
const ratio = (v: number, floor: number) =>
  Number.isFinite(v) && floor > 0 ? `${(v / floor).toFixed(floor > v ? 3 : 1)}x` : "–";

function verdict(value: number, budget: number, busy: boolean) {
  if (!Number.isFinite(value)) return "not measured";
  if (value < budget) return `met (${f1(value)} ms < ${budget} ms)`;
  return `**missed** by ${f1(value - budget)} ms (${f1(value)} ms against ${budget} ms)${busy ? "; the machine was busy" : ""}`;
}

export function report(options: {
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
