// Search benchmark: the catalogue search measured in-process with one client,
// warm, on PostgreSQL and PGlite at the demo's size and at 100 000 generated SKUs, each figure
// also given as a multiple of a floor measured in the same run; then the built server as a
// separate process, over HTTP: one client, and load from this process with autocannon, each
// beside the same server's static-file floor (one small hashed asset). Writes
// bench/results/search-<date>[-<BENCH_LABEL>].md, or BENCH_OUT. Run: npx tsx bench/search.ts
// (about 5-6 minutes; BENCH_SKIP_PGLITE=1 leaves out the embedded database; BENCH_UNCACHED=1 times
// the in-process searches without the kept answers, so the figures are the search's own work).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { build } from "esbuild";
import { sql } from "kysely";
import pg from "pg";
import { ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import { openDatabase, type Database } from "../apps/server/src/db/database";
import { loadDemoData } from "../apps/server/src/demo-data/load";
import { migrate } from "../apps/server/src/db/migrate";
import {
  customerContextFor,
  type CustomerContext,
} from "../apps/server/src/modules/accounts/customer-context";
import { productBySkuCode } from "../apps/server/src/modules/catalogue/products";
import { createSearchServices, searchProducts } from "../apps/server/src/modules/catalogue/search";
import { suggest } from "../apps/server/src/modules/catalogue/suggest";
import { growCatalogue } from "./grow-catalogue";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LARGE = 100_000;
// Every loop is bounded in count and in time.
const WARMUP = 10;
const ITERATIONS = 150;
const SECTION_MS = 30_000;
const LOAD_SECONDS = 10;
const LOAD_CONNECTIONS = 50;
/** the throughput budgets under load, as a share of the static file's requests per second. */
const LOAD_BUDGETS = { browse: 0.25, text: 0.15 } as const;
const SERVER_START_MS = 120_000;
/** One-client HTTP rounds (each: the static file, then every search once). */
const HTTP_ROUNDS = 150;
const SKIP_PGLITE = process.env.BENCH_SKIP_PGLITE === "1";
/**
 * The in-process searches without the search cache (decision 118): every call runs the search's
 * statements, so a change to them shows. Without it, after the warm-up the in-process figures are
 * kept answers, the same whatever the SQL costs. The HTTP figures keep the server's cache.
 */
const UNCACHED = process.env.BENCH_UNCACHED === "1";
/**
 * Another checkout's apps/server/src/modules/catalogue/search.ts (a git worktree of the commit
 * before a change): its searchProducts is timed in the same rounds, on the same database, so
 * a before/after comparison is not at the mercy of other work on the machine.
 */
const COMPARE_WITH = process.env.BENCH_COMPARE_WITH;
/** The static file of the floor: small, as the web app's smallest hashed asset is. */
const FLOOR_ASSET = "/assets/floor-5e4a1c9b.js";

type Who = "visitor" | "trader";

interface Scenario {
  name: string;
  who: Who;
  search?: Partial<ProductSearchRequest>;
  /** GET /api/Product/Suggest?q=…: letters typed so far. */
  suggest?: string;
  bySku?: true;
  /** The issue's budget on PostgreSQL (p95 in ms) at [demo size, 100 000], one client, warm. */
  budget?: [number | null, number | null];
}

/** Under load: browsing (no text) and text searches are measured apart, each with its budget. */
function loadKind(scenario: Scenario): keyof typeof LOAD_BUDGETS {
  return scenario.search?.descriptionFilter ? "text" : "browse";
}

const SCENARIOS: Scenario[] = [
  {
    name: "text + filters + all facets (chocolate, Chocolates, in stock, customer)",
    who: "trader",
    search: { descriptionFilter: "chocolate", categoryFilter: "Chocolates", inStockOnly: true },
    budget: [10, 25],
  },
  {
    name: "text typed so far, whole catalogue (choc)",
    who: "visitor",
    search: { descriptionFilter: "choc" },
  },
  { name: "typo (choclate)", who: "visitor", search: { descriptionFilter: "choclate" }, budget: [30, null] },
  { name: "typo (biskits), customer", who: "trader", search: { descriptionFilter: "biskits" } },
  { name: "local word (crisps)", who: "visitor", search: { descriptionFilter: "crisps" } },
  { name: "synonym and pack size (coke 2l)", who: "visitor", search: { descriptionFilter: "coke 2l" } },
  {
    name: "brand and pack size (umoya cola 2l), customer",
    who: "trader",
    search: { descriptionFilter: "umoya cola 2l" },
  },
  {
    name: "category browse by price (Chips > Potato Chips, customer)",
    who: "trader",
    search: { categoryFilter: "Chips", subCategory1Filter: "Potato Chips", sortBy: "price" },
  },
  { name: "home: everything, no filter", who: "visitor", search: {} },
  { name: "suggestions while typing (cho)", who: "visitor", suggest: "cho" },
  { name: "suggestions through a synonym (cris)", who: "visitor", suggest: "cris" },
  { name: "suggestions, synonym and pack size (coke 2l)", who: "visitor", suggest: "coke 2l" },
  { name: "suggestions for a typo (choclate)", who: "visitor", suggest: "choclate" },
  { name: "product by SKU code (customer)", who: "trader", bySku: true },
];

interface Stat {
  n: number;
  /** The least other work on the machine could add: the cost of the search itself. */
  min: number;
  p50: number;
  p95: number;
}

interface Row {
  name: string;
  hits: number | null;
  stat: Stat;
  budget: number | null;
}

interface Section {
  title: string;
  floor: Stat;
  pkLookup: Stat;
  rows: Row[];
  loadAverage: [number, number];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function stat(times: number[]): Stat {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, min: sorted[0]!, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/**
 * Times every call in rounds (each round runs each call once, in order), so that other work on
 * the machine falls on all of them alike and the floor is measured under the same conditions.
 */
async function measureRounds(calls: (() => Promise<unknown>)[]): Promise<Stat[]> {
  for (const call of calls) for (let i = 0; i < WARMUP; i++) await call();
  const times = calls.map((): number[] => []);
  const until = performance.now() + SECTION_MS;
  for (let round = 0; round < ITERATIONS && performance.now() < until; round++) {
    for (const [i, call] of calls.entries()) {
      const start = performance.now();
      await call();
      times[i]!.push(performance.now() - start);
    }
  }
  return times.map(stat);
}

async function traderContext(database: Database): Promise<CustomerContext> {
  const user = await database.db
    .selectFrom("users")
    .select("id")
    .where("username", "=", "trader")
    .executeTakeFirstOrThrow();
  const context = await customerContextFor(database.db, { userId: user.id, tenantId: "gauteng" });
  if (!context) throw new Error("the demo's trader has no customer account");
  return context;
}

async function measureSection(title: string, database: Database, size: "demo" | "large"): Promise<Section> {
  const db = database.db;
  const trader = await traderContext(database);
  const { rows: skus } = await sql<{
    skuCode: string;
  }>`SELECT sku_code FROM products ORDER BY sku_code OFFSET 1234 LIMIT 1`.execute(db);
  const sku = skus[0]!.skuCode;
  const loadBefore = os.loadavg()[0]!;
  const hits: (number | null)[] = [];
  const calls: (() => Promise<unknown>)[] = [
    () => sql`SELECT 1`.execute(db),
    () => sql`SELECT description FROM products WHERE sku_code = ${sku}`.execute(db),
  ];
  // The search's vocabulary and kept answers, listened for as the server keeps them (the answers
  // are kept only while their feed is heard: BENCH_UNCACHED leaves it unstarted).
  const services = createSearchServices(database, console);
  await Promise.all([services.vocabulary.start(), UNCACHED ? undefined : services.results.start()]);
  const before = COMPARE_WITH
    ? ((await import(COMPARE_WITH)) as { searchProducts: typeof searchProducts }).searchProducts
    : undefined;
  const compared: Scenario[] = [];
  for (const scenario of SCENARIOS) {
    const shopper = scenario.who === "trader" ? trader : undefined;
    const context = { ...services, tenantId: shopper?.tenantId ?? null };
    if (before && scenario.search) {
      const request = ProductSearchRequest.parse(scenario.search);
      compared.push({ ...scenario, name: `${scenario.name} — before` });
      hits.push((await before(db, shopper, request, context)).total);
      calls.push(() => before(db, shopper, request, context));
    }
    if (scenario.search) {
      const request = ProductSearchRequest.parse(scenario.search);
      hits.push((await searchProducts(db, shopper, request, context)).total);
      calls.push(() => searchProducts(db, shopper, request, context));
    } else if (scenario.suggest !== undefined) {
      const q = scenario.suggest;
      hits.push((await suggest(db, q, await services.vocabulary.current())).products.length);
      calls.push(async () => suggest(db, q, await services.vocabulary.current()));
    } else {
      hits.push(null);
      calls.push(() => productBySkuCode(db, shopper, sku));
    }
  }
  const [floor, pkLookup, ...stats] = await measureRounds(calls);
  await Promise.all([services.vocabulary.stop(), services.results.stop()]);
  // With a comparison, each search's "before" row stands just above it.
  const scenarios = before
    ? SCENARIOS.flatMap((scenario) => [
        ...compared.filter((c) => c.name === `${scenario.name} — before`),
        scenario,
      ])
    : SCENARIOS;
  const rows = scenarios.map((scenario, i) => ({
    name: scenario.name,
    hits: hits[i]!,
    stat: stats[i]!,
    budget: scenario.budget?.[size === "demo" ? 0 : 1] ?? null,
  }));
  for (const row of rows) {
    console.info(
      `  ${title}: ${row.name}: p50 ${row.stat.p50.toFixed(2)} ms, p95 ${row.stat.p95.toFixed(2)} ms`,
    );
  }
  return { title, floor: floor!, pkLookup: pkLookup!, rows, loadAverage: [loadBefore, os.loadavg()[0]!] };
}

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

async function seedDemo(database: Database): Promise<number> {
  await migrate(database.db);
  await loadDemoData(database.db);
  await sql`VACUUM ANALYZE`.execute(database.db);
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM products`.execute(database.db);
  return rows[0]!.n;
}

interface Throughput {
  requests: number;
  perSecond: number;
  latency: { p50: number; p90: number; p97_5: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

interface LoadResult {
  title: string;
  /** One client over HTTP: the static file, then each search scenario. */
  oneClient: { floor: Stat; searches: { name: string; stat: Stat; budget: number | null }[] };
  loadAverage: [number, number];
  /** autocannon on the static file, then on browsing and on text searches, at the same connections. */
  staticFloor: Throughput;
  browse: Throughput;
  text: Throughput;
}

async function waitForServer(port: number, child: ChildProcess) {
  const until = Date.now() + SERVER_START_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health in time");
}

/**
 * The server bundled as `npm start` bundles it, but into a cache folder of the server's own
 * node_modules (where its dependencies resolve, ignored by git) so a run never overwrites
 * apps/server/dist under someone else's browser tests. Beside it a web-app folder holding
 * only the floor's static file.
 */
async function buildServer(
  runId: string,
): Promise<{ main: string; webDist: string; cleanup(): Promise<void> }> {
  const outdir = path.join(root, "apps/server/node_modules/.cache", `bench-search-${runId}`);
  await build({
    entryPoints: [path.join(root, "apps/server/src/main.ts")],
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    plugins: [
      {
        name: "external-npm-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@trade-shop/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const webDist = path.join(outdir, "web");
  await mkdir(path.join(webDist, "assets"), { recursive: true });
  await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>bench</title>");
  await writeFile(path.join(webDist, FLOOR_ASSET), `console.info(${JSON.stringify("x".repeat(600))});\n`);
  return {
    main: path.join(outdir, "main.js"),
    webDist,
    cleanup: () => rm(outdir, { recursive: true, force: true }),
  };
}

async function timeHttp(call: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const res = await call();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return performance.now() - start;
}

/** Starts the built server as its own process and measures it over HTTP from this one. */
async function loadTest(
  title: string,
  server: { main: string; webDist: string },
  env: Record<string, string>,
  size: "demo" | "large",
): Promise<LoadResult> {
  const loadBefore = os.loadavg()[0]!;
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tradeshop-bench-"));
  const child = spawn(process.execPath, [server.main], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      WEB_DIST: server.webDist,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer(port, child);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/Users/Authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "XSRF-TOKEN=bench", "x-xsrf-token": "bench" },
      body: JSON.stringify({ username: "trader", password: "Demo-Trade-2026" }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = (who: Who) => ({
      "content-type": "application/json",
      cookie: "XSRF-TOKEN=bench",
      "x-xsrf-token": "bench",
      ...(who === "trader" ? { authorization: `Bearer ${token}` } : {}),
    });
    const searches = SCENARIOS.filter((s) => s.search);
    const requests = searches.map((s) => ({
      method: "POST",
      path: "/api/Product/ProductSearch",
      headers: headers(s.who),
      body: JSON.stringify(s.search),
    }));

    const suggestions = SCENARIOS.filter((s) => s.suggest !== undefined);
    // One client, warm, in rounds like the in-process figures.
    const calls = [
      () => fetch(`${base}${FLOOR_ASSET}`),
      ...requests.map(
        (r) => () => fetch(`${base}${r.path}`, { method: "POST", headers: r.headers, body: r.body }),
      ),
      ...suggestions.map(
        (s) => () =>
          fetch(`${base}/api/Product/Suggest?q=${encodeURIComponent(s.suggest!)}`, {
            headers: headers(s.who),
          }),
      ),
    ];
    for (const call of calls) for (let i = 0; i < WARMUP; i++) await timeHttp(call);
    const samples = calls.map((): number[] => []);
    const until = performance.now() + SECTION_MS;
    for (let round = 0; round < HTTP_ROUNDS && performance.now() < until; round++) {
      for (const [i, call] of calls.entries()) samples[i]!.push(await timeHttp(call));
    }
    const [floor, ...searchStats] = samples.map(stat);

    const cannon = async (
      reqs: { method: string; path: string; headers?: Record<string, string>; body?: string }[],
    ) => {
      const result = await autocannon({
        url: base,
        connections: LOAD_CONNECTIONS,
        duration: LOAD_SECONDS,
        requests: reqs,
      });
      return {
        requests: result.requests.total,
        perSecond: result.requests.average,
        latency: result.latency,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
    };
    const staticFloor = await cannon([{ method: "GET", path: FLOOR_ASSET }]);
    const ofKind = (kind: keyof typeof LOAD_BUDGETS) =>
      requests.filter((_, i) => loadKind(searches[i]!) === kind);
    const browse = await cannon(ofKind("browse"));
    const text = await cannon(ofKind("text"));
    for (const [what, t] of [
      ["browse", browse],
      ["text", text],
    ] as const) {
      console.info(
        `  HTTP ${title}: static ${staticFloor.perSecond} req/s, ${what} ${t.perSecond} req/s (${((100 * t.perSecond) / staticFloor.perSecond).toFixed(1)}%), p50 ${t.latency.p50} ms`,
      );
    }
    return {
      title,
      oneClient: {
        floor: floor!,
        searches: [...searches, ...suggestions].map((s, i) => ({
          name: s.name,
          stat: searchStats[i]!,
          budget: s.budget?.[size === "demo" ? 0 : 1] ?? null,
        })),
      },
      staticFloor,
      browse,
      text,
      loadAverage: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => v.toFixed(2);
const times = (v: number, floor: number) => `${(v / floor).toFixed(0)}x`;

function sectionMarkdown(section: Section): string {
  const f = section.floor;
  const cores = os.cpus().length;
  const busy = Math.max(...section.loadAverage) > cores;
  const verdict = (p95: number, budget: number) =>
    p95 < budget ? "met" : busy ? "missed (busy machine)" : "**missed**";
  const lines = [
    `### ${section.title}`,
    "",
    `Floor (\`SELECT 1\` round trip): p50 ${ms(f.p50)} ms, p95 ${ms(f.p95)} ms. Primary-key lookup of one product: p50 ${ms(section.pkLookup.p50)} ms, p95 ${ms(section.pkLookup.p95)} ms.`,
    `Load average (1 min) before / after: ${section.loadAverage.map((l) => l.toFixed(2)).join(" / ")}.`,
    ...(busy
      ? [
          "",
          `**The machine was busy** (load average above its ${cores} cores, from other work): p95 here mostly measures waiting for a CPU; min and p50 are the comparable figures.`,
        ]
      : []),
    "",
    "| search | hits | min ms | p50 ms | p95 ms | p50 / floor | p95 / floor | budget p95 | runs |",
    "|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ...section.rows.map(
      (r) =>
        `| ${r.name} | ${r.hits ?? "–"} | ${ms(r.stat.min)} | ${ms(r.stat.p50)} | ${ms(r.stat.p95)} | ${times(r.stat.p50, f.p50)} | ${times(r.stat.p95, f.p95)} | ${
          r.budget === null ? "–" : `< ${r.budget} ms: ${verdict(r.stat.p95, r.budget)}`
        } | ${r.stat.n} |`,
    ),
    "",
  ];
  return lines.join("\n");
}

async function versionOf(database: Database): Promise<string> {
  const { rows } = await sql<{ version: string }>`SELECT version()`.execute(database.db);
  return rows[0]!.version;
}

function httpMarkdown(loads: LoadResult[]): string[] {
  const pct = (v: number, floor: number) => `${((100 * v) / floor).toFixed(1)}%`;
  const cores = os.cpus().length;
  return loads.flatMap((l) => {
    const busy = Math.max(...l.loadAverage) > cores;
    const p95Verdict = (p95: number, budget: number | null) =>
      budget === null
        ? "–"
        : p95 < budget
          ? `< ${budget} ms: met`
          : `< ${budget} ms: **missed** by ${ms(p95 - budget)} ms (${(p95 / budget).toFixed(1)}x)${busy ? ", busy machine" : ""}`;
    const shareVerdict = (t: Throughput, budget: number) => {
      const share = t.perSecond / l.staticFloor.perSecond;
      return share >= budget
        ? `≥ ${100 * budget}%: met (${(share / budget).toFixed(2)}x the budget)`
        : `≥ ${100 * budget}%: **missed** (${(share / budget).toFixed(2)}x the budget)`;
    };
    return [
      `### ${l.title}`,
      "",
      `Load average (1 min) before / after: ${l.loadAverage.map((v) => v.toFixed(2)).join(" / ")}.`,
      "",
      `One client, warm, over HTTP (${l.oneClient.floor.n} rounds): the static file p50 ${ms(l.oneClient.floor.p50)} ms, p95 ${ms(l.oneClient.floor.p95)} ms.`,
      "",
      "| search | min ms | p50 ms | p95 ms | p50 / static | p95 / static | budget p95 |",
      "|---|---:|---:|---:|---:|---:|---|",
      ...l.oneClient.searches.map(
        (s) =>
          `| ${s.name} | ${ms(s.stat.min)} | ${ms(s.stat.p50)} | ${ms(s.stat.p95)} | ${times(s.stat.p50, l.oneClient.floor.p50)} | ${times(s.stat.p95, l.oneClient.floor.p95)} | ${p95Verdict(s.stat.p95, s.budget)} |`,
      ),
      "",
      `Under load, ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s each (browsing: the scenarios without text; text: those with):`,
      "",
      "| what | requests | req/s | share of static | budget | p50 ms | p90 ms | p99 ms | max ms | non-2xx | errors |",
      "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|",
      ...(
        [
          ["static file (floor)", l.staticFloor, "–"],
          ["browsing a category, cycling", l.browse, shareVerdict(l.browse, LOAD_BUDGETS.browse)],
          ["text searches, cycling", l.text, shareVerdict(l.text, LOAD_BUDGETS.text)],
        ] as const
      ).map(
        ([what, t, budget]) =>
          `| ${what} | ${t.requests} | ${t.perSecond.toFixed(0)} | ${pct(t.perSecond, l.staticFloor.perSecond)} | ${budget} | ${t.latency.p50} | ${t.latency.p90} | ${t.latency.p99} | ${t.latency.max} | ${t.non2xx} | ${t.errors} |`,
      ),
      "",
    ];
  });
}

async function main() {
  const started = Date.now();
  const runId = randomBytes(3).toString("hex");
  const pgName = `tradeshop_bench_${runId}`;
  const sections: Section[] = [];
  const loads: LoadResult[] = [];
  let pgVersion = "";
  let pgliteVersion = "";

  console.info("bundling the server for the HTTP figures…");
  const server = await buildServer(runId);
  try {
    // PostgreSQL: the demo, then the same database grown to 100 000 SKUs.
    await withAdmin((c) => c.query(`CREATE DATABASE ${pgName}`));
    try {
      const postgres = await openDatabase({ databaseUrl: databaseUrl(pgName), dataDir: "", poolSize: 2 });
      try {
        pgVersion = await versionOf(postgres);
        const demoSize = await seedDemo(postgres);
        sections.push(await measureSection(`PostgreSQL, ${demoSize} SKUs (demo)`, postgres, "demo"));
        loads.push(
          await loadTest(
            `PostgreSQL, ${demoSize} SKUs`,
            server,
            { DATABASE_URL: databaseUrl(pgName) },
            "demo",
          ),
        );
        const grown = Date.now();
        const size = await growCatalogue(postgres.db, LARGE);
        console.info(`  grew to ${size} SKUs in ${((Date.now() - grown) / 1000).toFixed(1)} s`);
        sections.push(await measureSection(`PostgreSQL, ${size} SKUs (generated)`, postgres, "large"));
        loads.push(
          await loadTest(`PostgreSQL, ${size} SKUs`, server, { DATABASE_URL: databaseUrl(pgName) }, "large"),
        );
      } finally {
        await postgres.close();
      }
    } finally {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`));
    }

    if (!SKIP_PGLITE) {
      // PGlite: the embedded default, in memory here.
      const pglite = await openDatabase({ dataDir: "memory://" });
      try {
        pgliteVersion = await versionOf(pglite);
        const demoSize = await seedDemo(pglite);
        sections.push(await measureSection(`PGlite, ${demoSize} SKUs (demo)`, pglite, "demo"));
        const grown = Date.now();
        const size = await growCatalogue(pglite.db, LARGE);
        console.info(`  grew to ${size} SKUs in ${((Date.now() - grown) / 1000).toFixed(1)} s`);
        sections.push(await measureSection(`PGlite, ${size} SKUs (generated)`, pglite, "large"));
      } finally {
        await pglite.close();
      }
      // The server on its embedded default: it loads the demo into a fresh data folder at start.
      loads.push(
        await loadTest("PGlite (embedded default), demo SKUs", server, { DEMO_DATA: "auto" }, "demo"),
      );
    }
  } finally {
    await server.cleanup();
  }

  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# Search benchmark, ${date}${process.env.BENCH_LABEL ? ` (${process.env.BENCH_LABEL})` : ""}`,
    "",
    "Produced by `npx tsx bench/search.ts` (see bench/README.md). Times are milliseconds for the whole",
    "search service call (search statement, typo correction when it runs, product rows of the page),",
    "in-process, one client, after a warm-up; the floor is a `SELECT 1` round trip through the same",
    "Kysely connection in the same run. Calls are timed in rounds (each round runs every search and",
    "the floor once), so other work on the machine falls on all of them alike; `min` is the least",
    "that work could add, the cost of the search itself.",
    ...(UNCACHED
      ? [
          "",
          "BENCH_UNCACHED=1: the in-process searches ran without the search cache (every call ran its statements).",
        ]
      : []),
    "",
    "## Machine",
    "",
    `- CPU: ${cpus[0]?.model ?? "unknown"}, ${cpus.length} cores; memory ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node.js ${process.version}`,
    `- PostgreSQL: ${pgVersion}`,
    `- PGlite: ${SKIP_PGLITE ? "not run (BENCH_SKIP_PGLITE=1)" : pgliteVersion}`,
    `- Date: ${new Date().toISOString()}; run took ${((Date.now() - started) / 1000).toFixed(0)} s`,
    `- Load average (1, 5, 15 min) at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} — other work on the machine inflates the figures`,
    "",
    "## In-process, one client, warm",
    "",
    ...sections.map(sectionMarkdown),
    "## Over HTTP, beside the static-file floor",
    "",
    "The server bundled as `npm start` bundles it, in a process of its own (pool of 10 connections;",
    "PGlite: one); the floor is the same server sending one small hashed static file (about 0.6 KB)",
    "to the same client. Searches cycle through the scenarios above on `POST /api/Product/ProductSearch`",
    "(visitor and logged-in customer).",
    "",
    ...httpMarkdown(loads),
  ].join("\n");
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : "";
  const file = process.env.BENCH_OUT ?? path.join(here, "results", `search-${date}${label}.md`);
  await writeFile(file, report);
  console.info(`\nwrote ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
