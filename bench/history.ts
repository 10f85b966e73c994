// What a customer's history, statement and dashboards cost when the shop has a million orders and
// one account a quarter of them (bench/README.md "History"): a temporary PostgreSQL database with
// the demo grown by bulk SQL, the app built in-process, each request timed with the event loop's
// delay measured while it runs. Every loop is bounded in count and time; 127.0.0.1 only.
import { randomBytes } from "node:crypto";
import { writeFileSync, readFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase, type Database } from "../apps/server/src/db/database";
import { migrate } from "../apps/server/src/db/migrate";
import { createTokenService } from "../apps/server/src/core/tokens";
import { loadDemoData } from "../apps/server/src/demo-data/load";
import { DEMO_PASSWORD } from "../apps/server/src/demo-data/generate";
import { root } from "./orders/settings";
import { databaseUrl, withAdmin } from "./orders/shop";
import { jsonHeaders } from "./orders/client";

/** Orders in the whole shop, and the share of them on the one big account. */
const ORDERS = Math.min(2_000_000, Math.max(10_000, Number(process.env.BENCH_ORDERS ?? 1_000_000)));
const BIG_ACCOUNT_ORDERS = Math.round(ORDERS / 4);
/** The history spans this many years back from now. */
const YEARS = 4;
const WARMUPS = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** No scenario's timed rounds run longer than this. */
const SCENARIO_MS = 60_000;
const BUDGET_MS = 50;
const LABEL = process.env.BENCH_LABEL ?? "";
/** Where this run's figures go as JSON, for a later run to set beside its own (the "before"). */
const OUT_JSON = process.env.BENCH_OUT_JSON;
/** A run's JSON (BENCH_OUT_JSON) of the code before the change, to tabulate beside this one. */
const BEFORE_JSON = process.env.BENCH_BEFORE_JSON;
const OUT =
  process.env.BENCH_OUT ??
  path.join(
    root,
    "bench/results",
    `history-${new Date().toISOString().slice(0, 10)}${LABEL ? `-${LABEL}` : ""}.md`,
  );

interface Figures {
  name: string;
  url: string;
  rounds: number;
  p50: number;
  p95: number;
  max: number;
  /** The event loop's delay while this scenario's requests ran (ms): p99 and max. */
  loopP99: number;
  loopMax: number;
  bytes: number;
  /** Of the same rounds: GET /api/health/live. */
  floorP95: number;
}

interface Run {
  commit: string;
  date: string;
  growSeconds: number;
  counts: Record<string, number>;
  load: number[][];
  figures: Figures[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Grows the demo to ORDERS orders, BIG_ACCOUNT_ORDERS of them on the demo trader's account and the
 * rest spread over the other accounts, over YEARS years: two lines each, an invoice for each
 * order the back office invoiced, a payment for most (half allocated to their invoice), a
 * credit note for some. All by INSERT … SELECT generate_series, in the shape the shop writes.
 */
async function grow(db: Database["db"]): Promise<void> {
  const { rows: big } = await sql<{ id: number }>`
    SELECT c.id FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.username = 'trader'`.execute(
    db,
  );
  const bigId = big[0]!.id;
  await sql`CREATE TEMP TABLE bench_accounts AS
    SELECT row_number() OVER (ORDER BY c.id) - 1 AS k, c.id, c.tenant_id, c.name, c.stocking_warehouse_code,
           (SELECT u.id FROM users u WHERE u.customer_id = c.id ORDER BY u.id LIMIT 1) AS user_id
      FROM customers c WHERE c.id <> ${bigId}
    UNION ALL
    SELECT -1, c.id, c.tenant_id, c.name, c.stocking_warehouse_code,
           (SELECT u.id FROM users u WHERE u.customer_id = c.id ORDER BY u.id LIMIT 1)
      FROM customers c WHERE c.id = ${bigId}`.execute(db);
  await sql`CREATE TEMP TABLE bench_products AS
    SELECT row_number() OVER (ORDER BY p.sku_code) - 1 AS k, p.sku_code, p.description
      FROM products p WHERE p.active`.execute(db);
  await sql`CREATE UNIQUE INDEX ON bench_accounts (k)`.execute(db);
  await sql`CREATE UNIQUE INDEX ON bench_products (k)`.execute(db);
  await sql`ANALYZE bench_accounts`.execute(db);
  await sql`ANALYZE bench_products`.execute(db);
  const { rows: sizes } = await sql<{ accounts: number; products: number }>`
    SELECT (SELECT count(*)::int FROM bench_accounts WHERE k >= 0) AS accounts,
           (SELECT count(*)::int FROM bench_products) AS products`.execute(db);
  const { accounts, products } = sizes[0]!;
  const span = YEARS * 365 * 86_400;
  // Orders: number n → account, date (newest first by n on each account), status by age.
  await sql`
    INSERT INTO orders (id, tenant_id, order_id, customer_id, user_id, order_reference, supplied_id, account_name,
                        total_excl_cents, total_incl_cents, current_pastel_status, last_pastel_status_update,
                        created_by, created_date)
    SELECT g.id, a.tenant_id, 'TS' || (100000 + g.id), a.id, a.user_id, gen_random_uuid(),
           CASE WHEN g.n % 3 = 0 THEN 'PO-' || g.n END, a.name, g.excl, (g.excl * 115) / 100,
           CASE WHEN g.age < 3 * 86400 THEN (ARRAY['Pending','Submitted','Picking','Invoiced'])[1 + g.n % 4]
                WHEN g.n % 37 = 0 THEN 'Rejected' WHEN g.n % 41 = 0 THEN 'Cancelled'
                WHEN g.age < 10 * 86400 THEN 'Dispatched' ELSE 'Delivered' END,
           now() - g.age * interval '1 second', 'bench', now() - g.age * interval '1 second'
      FROM (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, n,
                   CASE WHEN n <= ${BIG_ACCOUNT_ORDERS} THEN -1 ELSE n % ${accounts} END AS k,
                   CASE WHEN n <= ${BIG_ACCOUNT_ORDERS} THEN (n::bigint * ${span}) / ${BIG_ACCOUNT_ORDERS}
                        ELSE ((n - ${BIG_ACCOUNT_ORDERS})::bigint * ${span}) / ${ORDERS - BIG_ACCOUNT_ORDERS} END AS age,
                   1000 + (n::bigint * 7919) % 500000 AS excl
              FROM generate_series(1, ${ORDERS}) n) g
      JOIN bench_accounts a ON a.k = g.k`.execute(db);
  // Without fresh statistics the next statements plan for an empty table.
  await sql`ANALYZE orders`.execute(db);
  await sql`
    INSERT INTO order_lines (order_id, line_number, sku_code, product_description, quantity, vat_rate,
                             list_price_excl_cents, unit_price_excl_cents, total_excl_cents, total_incl_cents,
                             warehouse_code)
    SELECT o.id, l.line, p.sku_code, p.description, 1 + (o.id + l.line) % 12, 15, 1000, 1000,
           1000 * (1 + (o.id + l.line) % 12), 1150 * (1 + (o.id + l.line) % 12), w.code
      FROM orders o
      CROSS JOIN generate_series(1, 2) l(line)
      JOIN bench_products p ON p.k = (o.id::bigint * 7 + l.line * 104729) % ${products}
      CROSS JOIN LATERAL (SELECT code FROM warehouses ORDER BY code LIMIT 1) w
     WHERE o.created_by = 'bench'`.execute(db);
  // The ledger: an invoice a day after each order the back office invoiced, due 30 days later…
  await sql`
    INSERT INTO account_documents (customer_id, kind, reference, document_date, due_date, amount_cents, order_id, description)
    SELECT o.customer_id, 'invoice', 'BI' || o.id, o.created_date + interval '1 day',
           ((o.created_date + interval '31 days') AT TIME ZONE 'Africa/Johannesburg')::date, o.total_incl_cents, o.id,
           'Invoice for ' || o.order_id
      FROM orders o
     WHERE o.created_by = 'bench' AND o.current_pastel_status IN ('Invoiced', 'Dispatched', 'Delivered')
       AND o.created_date + interval '1 day' < now()`.execute(db);
  await sql`ANALYZE account_documents`.execute(db);
  // …paid 25 days after the invoice (half allocated to it), except the last two months' and
  // one in nineteen; a credit note for one in twenty-three.
  await sql`
    INSERT INTO account_documents (customer_id, kind, reference, document_date, amount_cents, allocated_to, description)
    SELECT d.customer_id, 'payment', 'BP' || d.id, d.document_date + interval '25 days', d.amount_cents,
           CASE WHEN d.id % 2 = 0 THEN d.reference END, 'Payment'
      FROM account_documents d
     WHERE d.kind = 'invoice' AND d.reference LIKE 'BI%' AND d.id % 19 <> 0
       AND d.document_date < now() - interval '60 days'`.execute(db);
  await sql`
    INSERT INTO account_documents (customer_id, kind, reference, document_date, amount_cents, allocated_to, description)
    SELECT d.customer_id, 'credit_note', 'BC' || d.id, d.document_date + interval '3 days', d.amount_cents / 10,
           d.reference, 'Credit note'
      FROM account_documents d
     WHERE d.kind = 'invoice' AND d.reference LIKE 'BI%' AND d.id % 23 = 0
       AND d.document_date < now() - interval '3 days'`.execute(db);
  await sql`
    UPDATE customers c SET dc_balance_cents = coalesce((
      SELECT sum(CASE WHEN d.kind = 'invoice' THEN d.amount_cents ELSE -d.amount_cents END)
        FROM account_documents d WHERE d.customer_id = c.id), 0)`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
}

async function counts(db: Database["db"]): Promise<Record<string, number>> {
  const { rows } = await sql<{
    orders: string;
    lines: string;
    documents: string;
    big: string;
    bigDocs: string;
  }>`
    SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_lines) AS lines,
           (SELECT count(*) FROM account_documents) AS documents,
           (SELECT count(*) FROM orders o JOIN users u ON u.customer_id = o.customer_id WHERE u.username = 'trader') AS big,
           (SELECT count(*) FROM account_documents d JOIN users u ON u.customer_id = d.customer_id
             WHERE u.username = 'trader') AS big_docs`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

/** The requests a customer of the big account makes, with what they need from the database. */
async function scenarios(db: Database["db"]): Promise<{ name: string; url: string }[]> {
  const { rows } = await sql<{
    orderId: string;
    suppliedId: string;
    page41: number;
    sku: string;
    month: string;
    statementAfter: number;
  }>`
    WITH big AS (SELECT c.id FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.username = 'trader')
    SELECT (SELECT o.order_id FROM orders o, big WHERE o.customer_id = big.id ORDER BY o.id LIMIT 1 OFFSET ${Math.floor(BIG_ACCOUNT_ORDERS * 0.48)}) AS order_id,
           (SELECT o.supplied_id FROM orders o, big WHERE o.customer_id = big.id AND o.supplied_id IS NOT NULL
             ORDER BY o.id LIMIT 1 OFFSET ${Math.floor(BIG_ACCOUNT_ORDERS * 0.2)}) AS supplied_id,
           (SELECT o.id FROM orders o, big WHERE o.customer_id = big.id
             ORDER BY o.created_date DESC, o.id DESC LIMIT 1 OFFSET 1999) AS page41,
           (SELECT l.sku_code FROM order_lines l JOIN orders o ON o.id = l.order_id, big
             WHERE o.customer_id = big.id ORDER BY o.id LIMIT 1 OFFSET ${Math.floor(BIG_ACCOUNT_ORDERS * 0.3)}) AS sku,
           to_char(now() AT TIME ZONE 'Africa/Johannesburg' - interval '5 months', 'YYYY-MM') AS month,
           (SELECT d.id FROM account_documents d, big WHERE d.customer_id = big.id AND d.document_date < now()
               AND d.document_date >= date_trunc('month', now() AT TIME ZONE 'Africa/Johannesburg') AT TIME ZONE 'Africa/Johannesburg'
             ORDER BY d.document_date, d.id LIMIT 1 OFFSET 1999) AS statement_after`.execute(db);
  const r = rows[0]!;
  const thisMonth = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 7);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: "history, page 1", url: "/api/Order" },
    { name: "history, page 41 (after=)", url: `/api/Order?after=${r.page41}` },
    { name: "search by order number", url: `/api/Order?search=${r.orderId}` },
    { name: "search by reference", url: `/api/Order?search=${r.suppliedId}` },
    { name: "search by product (SKU)", url: `/api/Order?search=${encodeURIComponent(r.sku)}` },
    { name: "search finding nothing", url: "/api/Order?search=nothing-like-this" },
    {
      name: "status and dates",
      url: `/api/Order?status=Invoiced&from=${day(400)}&to=${day(2)}`,
    },
    { name: "statement, this month", url: `/api/Account/GetStatement?month=${thisMonth}` },
    {
      name: "statement, this month, page 11 (after=)",
      url: `/api/Account/GetStatement?month=${thisMonth}&after=${r.statementAfter}`,
    },
    { name: "statement, 5 months ago", url: `/api/Account/GetStatement?month=${r.month}` },
    // A download, not a page: its time grows with the month; what it must not do is hold the loop.
    { name: "statement PDF, this month", url: `/api/Account/Statement?month=${thisMonth}` },
    { name: "dashboard: spend per month", url: "/api/Reports/SpendPerMonth" },
    { name: "dashboard: top products", url: "/api/Reports/TopProducts" },
    { name: "dashboard: orders by status", url: "/api/Reports/OrdersByStatus" },
  ];
}

async function measure(url: string, db: Database["db"]): Promise<Figures[]> {
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 4, workerPoolSize: 1 });
  const config = loadConfig({
    NODE_ENV: "test",
    // BENCH_LOG_LEVEL=error shows why a request failed.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
    WEB_DIST: "/nonexistent",
    AUTH_RATE_LIMIT_FACTOR: "0",
    DATABASE_URL: url,
  });
  const tokens = createTokenService(randomBytes(32).toString("hex"), config.TOKEN_LIFETIME_HOURS);
  const app = await buildApp({ config, database, tokens });
  try {
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/Users/Authenticate",
      headers: jsonHeaders,
      payload: JSON.stringify({ username: "trader", password: DEMO_PASSWORD }),
    });
    if (login.statusCode !== 200) throw new Error(`log-in: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { token: string }).token;
    const get = async (path: string) => {
      const start = performance.now();
      const res = await app.inject({
        method: "GET",
        url: path,
        headers: { ...jsonHeaders, authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, bytes: res.rawPayload.length };
    };
    const out: Figures[] = [];
    const all = await scenarios(db);
    // The first reports fill the month-sum tables. On PostgreSQL autovacuum analyses a table
    // within a minute of its first 50 rows; the bench does it at once rather than wait, so the
    // planner knows their size as it would on a server that has run for a minute.
    for (const scenario of all) await get(scenario.url);
    await sql`ANALYZE report_months, report_month_versions, report_month_statuses, report_month_products`.execute(
      db,
    );
    for (const scenario of all) {
      for (let i = 0; i < WARMUPS; i++) await get(scenario.url);
      const times: number[] = [];
      const floor: number[] = [];
      let bytes = 0;
      const loop = monitorEventLoopDelay({ resolution: 1 });
      const began = performance.now();
      loop.enable();
      for (let i = 0; i < ROUNDS && performance.now() - began < SCENARIO_MS; i++) {
        floor.push((await get("/api/health/live")).ms);
        const answer = await get(scenario.url);
        times.push(answer.ms);
        bytes = answer.bytes;
      }
      loop.disable();
      const figures: Figures = {
        name: scenario.name,
        url: scenario.url,
        rounds: times.length,
        p50: round1(percentile(times, 50)),
        p95: round1(percentile(times, 95)),
        max: round1(Math.max(...times)),
        loopP99: round1(loop.percentile(99) / 1e6),
        loopMax: round1(loop.max / 1e6),
        bytes,
        floorP95: round1(percentile(floor, 95)),
      };
      console.info(JSON.stringify(figures));
      out.push(figures);
    }
    return out;
  } finally {
    await app.close();
    await database.close();
  }
}

function commitOf(): string {
  const head = path.join(root, ".git");
  try {
    // A worktree's .git is a file naming its git directory.
    const gitDir = existsSync(path.join(head, "HEAD"))
      ? head
      : readFileSync(head, "utf8").replace("gitdir:", "").trim();
    const ref = readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    return ref.startsWith("ref:") ? `${ref.slice(5)} (working tree)` : ref.slice(0, 12);
  } catch {
    return "unknown";
  }
}

function report(run: Run, before: Run | undefined): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    `# History, statements and dashboards at ${run.counts.orders?.toLocaleString("en-ZA")} orders (${run.date.slice(0, 10)})`,
    "",
    `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; Node.js ${process.version}; ` +
      `PostgreSQL on 127.0.0.1. **The machine was shared with other work during the run** (other sessions' ` +
      `tests and benches): load average before/after ${run.load.map((l) => l.map((n) => n.toFixed(1)).join(" ")).join(" → ")}` +
      (before
        ? `; the before run: ${before.load.map((l) => l.map((n) => n.toFixed(1)).join(" ")).join(" → ")}`
        : "") +
      ". Figures of one run vary with that load; compare ratios to the floor (`GET /api/health/live`, timed in the same rounds).",
    "",
    `Command: \`npx tsx bench/history.ts\` (bench/README.md). After: ${run.commit}, run ${run.date}.` +
      (before
        ? ` Before: ${before.commit}, run ${before.date}, same script on a git worktree of that commit.`
        : ""),
    "",
    `Data: ${Object.entries(run.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString("en-ZA")}`)
      .join(
        ", ",
      )} (big = the demo trader's account; bigDocs its ledger documents). Grown in ${run.growSeconds} s` +
      ".",
    "",
    `One client, in-process (\`app.inject\`, the whole request: auth, SQL, JSON), ${WARMUPS} warm-ups then up to ${ROUNDS} rounds ` +
      `or ${SCENARIO_MS / 1000} s per row. Event-loop delay: \`monitorEventLoopDelay\` (1 ms resolution) over the row's rounds. ` +
      `Budget: p95 and event-loop delay under ${BUDGET_MS} ms.`,
    "",
  ];
  const header = before
    ? "| request | before p95 ms | before loop max ms | after p50 ms | after p95 ms | after max ms | after loop p99 / max ms | after p95 ÷ floor p95 | bytes | budget |"
    : "| request | p50 ms | p95 ms | max ms | loop p99 / max ms | p95 ÷ floor p95 | bytes | budget |";
  lines.push(header, header.replace(/[^|]+/g, " --- "));
  for (const f of run.figures) {
    const b = before?.figures.find((x) => x.name === f.name);
    // A download (the PDF) is held to the event loop only: its time grows with the month.
    const timed = !f.name.includes("PDF");
    const met = (!timed || f.p95 < BUDGET_MS) && f.loopMax < BUDGET_MS;
    const budget = met
      ? timed
        ? "met"
        : "met (event loop)"
      : `missed (${[timed && f.p95 >= BUDGET_MS ? `p95 +${round1(f.p95 - BUDGET_MS)} ms` : "", f.loopMax >= BUDGET_MS ? `loop +${round1(f.loopMax - BUDGET_MS)} ms` : ""].filter(Boolean).join(", ")})`;
    const ratio = (f.p95 / Math.max(0.1, f.floorP95)).toFixed(1);
    lines.push(
      before
        ? `| ${f.name} | ${b ? b.p95 : "–"} | ${b ? b.loopMax : "–"} | ${f.p50} | ${f.p95} | ${f.max} | ${f.loopP99} / ${f.loopMax} | ${ratio} | ${f.bytes} | ${budget} |`
        : `| ${f.name} | ${f.p50} | ${f.p95} | ${f.max} | ${f.loopP99} / ${f.loopMax} | ${ratio} | ${f.bytes} | ${budget} |`,
    );
  }
  lines.push(
    "",
    `Floor (GET /api/health/live) p95 per row: ${run.figures.map((f) => f.floorP95).join(", ")} ms.`,
    "",
  );
  return lines.join("\n");
}

/** Writes the results file from runs already made (BENCH_REPORT_FROM: a BENCH_OUT_JSON of the "after" run). */
function reportFrom(file: string) {
  const run = JSON.parse(readFileSync(file, "utf8")) as Run;
  const before = BEFORE_JSON ? (JSON.parse(readFileSync(BEFORE_JSON, "utf8")) as Run) : undefined;
  writeFileSync(OUT, report(run, before));
  console.info(`wrote ${OUT}`);
}

async function main() {
  if (process.env.BENCH_REPORT_FROM) return reportFrom(process.env.BENCH_REPORT_FROM);
  const name = `bench_history_${process.pid}`;
  const url = databaseUrl(name);
  const load = [os.loadavg()];
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 2 });
    let run: Run;
    try {
      const { db } = database;
      await migrate(db);
      await loadDemoData(db);
      console.info(`growing to ${ORDERS} orders…`);
      const began = performance.now();
      await grow(db);
      const growSeconds = Math.round((performance.now() - began) / 1000);
      const counted = await counts(db);
      console.info(JSON.stringify({ growSeconds, ...counted }));
      const figures = await measure(url, db);
      load.push(os.loadavg());
      run = {
        commit: commitOf(),
        date: new Date().toISOString(),
        growSeconds,
        counts: counted,
        load,
        figures,
      };
    } finally {
      await database.close();
    }
    if (OUT_JSON) writeFileSync(OUT_JSON, JSON.stringify(run, null, 2));
    const before =
      BEFORE_JSON && existsSync(BEFORE_JSON)
        ? (JSON.parse(readFileSync(BEFORE_JSON, "utf8")) as Run)
        : undefined;
    writeFileSync(OUT, report(run, before));
    console.info(`wrote ${OUT}`);
  } finally {
    // BENCH_KEEP_DATABASE=1 leaves it for EXPLAIN (drop it by hand afterwards).
    if (process.env.BENCH_KEEP_DATABASE === "1") console.info(`kept database ${name}`);
    else await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

await main();
