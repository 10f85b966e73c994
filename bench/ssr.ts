// Server rendering cost: the public pages the server renders with React
// (apps/web/src/entry-server.tsx, loaded by apps/server/src/http/web-pages.ts), under load beside
// the same server's static-file floor. The built shop as `npm start` runs it (embedded database,
// demo data), autocannon at 50 connections from this process: the smallest hashed file under
// /assets/ (the floor), the rendered product list of one category, the list rotating over the
// header's categories (pages 1 and 2), product pages from the sitemap, the API search the
// list's data comes from, and the list at a new address each time, so that React renders every
// one (the server keeps rendered pages, decision 140). Then one client, sequential, the list page
// (kept and afresh) and its API search beside the static file, so the render's own time shows
// without queueing. Writes bench/results/ssr-<date>.md, or BENCH_OUT.
//
//   npm run build && npx tsx bench/ssr.ts   # about 2 minutes
//
// BENCH_SECONDS=<n> sets each load phase's length (default 10, at most 120).
import { writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import { startShop } from "../scripts/shop-server.mjs";
import { smallestAsset } from "./static-floor";

const root = path.resolve(import.meta.dirname, "..");
// Every loop is bounded in count and in time.
const CONNECTIONS = 50;
const SECONDS = Math.min(120, Math.max(1, Number(process.env.BENCH_SECONDS ?? 10) || 10));
const WARMUP_SECONDS = 2;
/** Response times kept per phase for the percentiles (far more than 50 connections answer in 120 s here). */
const MAX_SAMPLES = 2_000_000;
const ONE_CLIENT_WARMUP = 20;
const ONE_CLIENT_REQUESTS = 200;
const ONE_CLIENT_MS = 30_000;
const PRODUCT_PAGES = 20;
/** the aim: the rendered list's requests per second as a share of the static file's. */
const AIM_SHARE = 0.25;

const LIST_PAGE = "/products?category=Chips&pageNumber=1";
const LIST_API = "/api/Product/ProductSearch?category=Chips&pageNumber=1";
const BROWSER_PAGE = { accept: "text/html", "accept-encoding": "br, gzip" };
const BROWSER_API = { accept: "application/json", "accept-encoding": "br, gzip" };

interface Target {
  name: string;
  paths: string[];
  headers: Record<string, string>;
  /** A page the server renders: its answer must carry the page's data ("rendered":"page"). */
  page: boolean;
  /**
   * Every request a new address (a query parameter the page ignores), so the server renders each
   * rather than answering with the page it keeps (decision 140); the search behind it stays kept.
   */
  fresh?: boolean;
}

/** A new address for each request of a `fresh` target. */
let freshCount = 0;
const freshPath = (pathAndQuery: string) =>
  `${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}bench-render=${++freshCount}`;

interface Probe {
  status: number;
  /** Bytes of the body as sent (compressed when the answer was). */
  wire: number;
  /** Bytes of the body once decompressed. */
  raw: number;
  encoding: string;
  text: string;
}

interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface Load {
  target: Target;
  requests: number;
  perSecond: number;
  latency: Latency;
  non2xx: number;
  errors: number;
  /** Answers much smaller than the smallest page the probe got: the layout sent when a render ran out of time. */
  small: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function latencyOf(times: number[]): Latency {
  const sorted = Float64Array.from(times).sort();
  const values = Array.from(sorted);
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.at(-1) ?? 0,
  };
}

/** One GET on `agent`, body read as it came (no decompression on the clock). */
function get(
  base: URL,
  pathAndQuery: string,
  headers: Record<string, string>,
  agent: http.Agent,
): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: base.hostname, port: base.port, path: pathAndQuery, headers, agent, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers["content-encoding"] ?? "identity"),
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`GET ${pathAndQuery}: no answer in 30 s`)));
    request.on("error", reject);
  });
}

async function probe(base: URL, pathAndQuery: string, headers: Record<string, string>): Promise<Probe> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const answer = await get(base, pathAndQuery, headers, agent);
    const decoded =
      answer.encoding === "br"
        ? brotliDecompressSync(answer.body)
        : answer.encoding === "gzip"
          ? gunzipSync(answer.body)
          : answer.body;
    return {
      status: answer.status,
      wire: answer.body.length,
      raw: decoded.length,
      encoding: answer.encoding,
      text: decoded.toString("utf8"),
    };
  } finally {
    agent.destroy();
  }
}

/** Checks every address of `target` once; the smallest answer as sent, for spotting layouts under load. */
async function check(base: URL, target: Target): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const asked of target.paths) {
    const pathAndQuery = target.fresh ? freshPath(asked) : asked;
    const answer = await probe(base, pathAndQuery, target.headers);
    if (answer.status !== 200)
      throw new Error(`${target.name}: GET ${pathAndQuery} answered ${answer.status}`);
    if (target.page && !answer.text.includes('"rendered":"page"'))
      throw new Error(`${target.name}: GET ${pathAndQuery} was not rendered with its data (layout only)`);
    probes.push(answer);
  }
  return probes;
}

type Cannon = Awaited<ReturnType<typeof autocannon>>;
type Running = Promise<Cannon> & {
  on(
    event: "response",
    listener: (client: unknown, status: number, bytes: number, responseMs: number) => void,
  ): void;
};

async function load(base: URL, target: Target, smallestWire: number | null): Promise<Load> {
  const requests = target.paths.map((p) => ({
    method: "GET",
    path: p,
    headers: target.headers,
    // autocannon builds the request again before each sending when it has a setupRequest.
    ...(target.fresh
      ? { setupRequest: (request: { path: string }) => ({ ...request, path: freshPath(p) }) }
      : {}),
  }));
  // A short warm-up, not counted.
  await autocannon({ url: base.origin, connections: CONNECTIONS, duration: WARMUP_SECONDS, requests });
  const times: number[] = [];
  let small = 0;
  const run = autocannon({
    url: base.origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests,
  }) as unknown as Running;
  // autocannon's own histogram has whole milliseconds and no p95: every answer's time is kept here.
  run.on("response", (_client, status, bytes, responseMs) => {
    if (status < 200 || status >= 300) return;
    if (times.length < MAX_SAMPLES) times.push(responseMs);
    // `bytes` counts the headers as well; a layout alone is a fraction of any rendered page.
    if (smallestWire !== null && bytes < smallestWire / 2) small += 1;
  });
  const result = await run;
  const errors = result.errors + result.timeouts;
  if (result.non2xx > 0 || errors > 0 || times.length === 0) {
    const codes = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
      .statusCodeStats;
    throw new Error(
      `${target.name}: ${result.non2xx} answers were not 2xx, ${result.errors} requests failed and ${result.timeouts} timed out, ${times.length} 2xx answers (status codes: ${JSON.stringify(codes ?? {})})`,
    );
  }
  const outcome: Load = {
    target,
    requests: result.requests.total,
    perSecond: result.requests.total / result.duration,
    latency: latencyOf(times),
    non2xx: result.non2xx,
    errors,
    small,
  };
  console.info(
    `  ${target.name}: ${outcome.perSecond.toFixed(0)} req/s, p50 ${ms(outcome.latency.p50)} ms, p95 ${ms(outcome.latency.p95)} ms, answers under half a page ${small}`,
  );
  return outcome;
}

/** One client, sequential, in rounds (each round asks for every call once), after a warm-up. */
async function oneClient(
  base: URL,
  calls: { name: string; path: string; headers: Record<string, string>; fresh?: boolean }[],
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const once = async (call: (typeof calls)[number]) => {
      const started = performance.now();
      const answer = await get(base, call.fresh ? freshPath(call.path) : call.path, call.headers, agent);
      const ms = performance.now() - started;
      if (answer.status !== 200) throw new Error(`one client: ${call.path} answered ${answer.status}`);
      return ms;
    };
    for (const call of calls) for (let i = 0; i < ONE_CLIENT_WARMUP; i++) await once(call);
    const samples = calls.map((): number[] => []);
    const until = performance.now() + ONE_CLIENT_MS;
    for (let round = 0; round < ONE_CLIENT_REQUESTS && performance.now() < until; round++) {
      for (const [i, call] of calls.entries()) samples[i]!.push(await once(call));
    }
    return calls.map((call, i) => ({ name: call.name, path: call.path, latency: latencyOf(samples[i]!) }));
  } finally {
    agent.destroy();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
const ms = (n: number) => n.toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const started = Date.now();
const loadBefore = loadAverage();
const floorAsset = smallestAsset(root);
console.info("starting the built shop with the demo data…");
const shop = await startShop();
try {
  const base = new URL(shop.baseUrl);
  const sitemap = await fetch(`${shop.baseUrl}/sitemap.xml`).then((r) => r.text());
  const productPaths = [...sitemap.matchAll(/<loc>[^<]*?(\/products\/[^<?]+)<\/loc>/g)].map((m) =>
    m[1]!.replace(/&amp;/g, "&"),
  );
  if (productPaths.length < PRODUCT_PAGES)
    throw new Error(`the sitemap lists ${productPaths.length} products`);
  // Spread over the whole list, not the first few of one category.
  const step = Math.floor(productPaths.length / PRODUCT_PAGES);
  const products = Array.from({ length: PRODUCT_PAGES }, (_, i) => productPaths[i * step]!);
  const rotation = HEADER_CATEGORIES.flatMap(({ category }) =>
    [1, 2].map((page) => `/products?${new URLSearchParams({ category, pageNumber: String(page) })}`),
  );
  const catalogue = JSON.parse(
    (
      await probe(base, "/api/Product/ProductSearch?category=home&pageNumber=1", {
        accept: "application/json",
      })
    ).text,
  ) as { total: number };

  const floor: Target = { name: "static file (floor)", paths: [floorAsset.url], headers: {}, page: false };
  const targets: Target[] = [
    { name: "rendered list, Chips page 1", paths: [LIST_PAGE], headers: BROWSER_PAGE, page: true },
    {
      name: `rendered list, ${HEADER_CATEGORIES.length} categories x pages 1-2`,
      paths: rotation,
      headers: BROWSER_PAGE,
      page: true,
    },
    {
      name: `rendered product page, ${PRODUCT_PAGES} products`,
      paths: products,
      headers: BROWSER_PAGE,
      page: true,
    },
    { name: "API search, Chips page 1 (JSON)", paths: [LIST_API], headers: BROWSER_API, page: false },
    {
      name: "rendered list, Chips page 1, never kept",
      paths: [LIST_PAGE],
      headers: BROWSER_PAGE,
      page: true,
      fresh: true,
    },
  ];
  const probes = new Map<Target, Probe[]>();
  for (const target of [floor, ...targets]) probes.set(target, await check(base, target));

  console.info(`load: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up`);
  const floorLoad = await load(base, floor, null);
  const loads: Load[] = [];
  for (const target of targets) {
    const smallest = target.page ? Math.min(...probes.get(target)!.map((p) => p.wire)) : null;
    loads.push(await load(base, target, smallest));
  }

  console.info("one client, sequential…");
  const single = await oneClient(base, [
    { name: "static file (floor)", path: floorAsset.url, headers: {} },
    { name: "API search, Chips page 1 (JSON)", path: LIST_API, headers: BROWSER_API },
    { name: "rendered list, Chips page 1", path: LIST_PAGE, headers: BROWSER_PAGE },
    { name: "rendered list, Chips page 1, never kept", path: LIST_PAGE, headers: BROWSER_PAGE, fresh: true },
  ]);
  const loadAfter = loadAverage();

  // The report.
  const cpus = os.cpus();
  const date = new Date().toISOString();
  const staticRate = floorLoad.perSecond;
  const staticP95 = floorLoad.latency.p95;
  const share = (l: Load) => l.perSecond / staticRate;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const sizeOf = (target: Target) => {
    const p = probes.get(target)!;
    const wire = p.map((x) => x.wire);
    const raw = p.map((x) => x.raw);
    const range = (v: number[]) =>
      Math.min(...v) === Math.max(...v) ? kb(v[0]!) : `${kb(Math.min(...v))}-${kb(Math.max(...v))}`;
    return `${range(raw)} (${range(wire)} ${p[0]!.encoding})`;
  };
  const [list, rotated, product, apiSearch, fresh] = loads as [Load, Load, Load, Load, Load];
  const listShare = share(list);
  const aim =
    listShare >= AIM_SHARE
      ? `met, by ${(100 * (listShare - AIM_SHARE)).toFixed(1)} points (${(listShare / AIM_SHARE).toFixed(2)}x the aim)`
      : `**missed**, by ${(100 * (AIM_SHARE - listShare)).toFixed(1)} points (${(listShare / AIM_SHARE).toFixed(2)}x the aim)`;
  type One = (typeof single)[number];
  const [oneStatic, oneApi, onePage, oneFresh] = single as [One, One, One, One];
  // During the run the server and autocannon keep about two CPUs busy themselves: other work shows
  // as a 1-minute load above the cores before the run, or above the cores and one more after it.
  const oneMinute = (l: string) => Number(l.split(", ")[0]);
  const busy = oneMinute(loadBefore) > cpus.length || oneMinute(loadAfter) > cpus.length + 1;
  const small = loads.filter((l) => l.small > 0);
  const lines = [
    `# Server rendering benchmark, ${date.slice(0, 10)}`,
    "",
    "Produced by `npx tsx bench/ssr.ts` (see bench/README.md): the built shop on its embedded database",
    "(PGlite) with the demo data, as `npm start` runs it, on 127.0.0.1; load from the benchmark's own",
    `process with autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row after ${WARMUP_SECONDS} s of warm-up.`,
    "Latency percentiles are taken from every answer's own time (autocannon's histogram has no p95).",
    "",
    "## Machine",
    "",
    `- CPU: ${cpus[0]?.model ?? "unknown"}, ${cpus.length} cores; memory ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()}); Node.js ${process.version}`,
    `- Date: ${date}; run took ${((Date.now() - started) / 1000).toFixed(0)} s`,
    `- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}`,
    ...(busy
      ? [
          "",
          `**The machine was busy** with other work (1-minute load above its ${cpus.length} cores before the run, or above ${cpus.length + 1} after it, when the server and autocannon account for about 2): every row waits for a CPU alike,`,
          "so the shares are the figures to compare; the milliseconds are high and the one-client figures uneven.",
        ]
      : []),
    "",
    "## What was measured",
    "",
    `The catalogue holds ${catalogue.total} SKUs (the search's total with no filter); the sitemap lists ${productPaths.length} product pages.`,
    "",
    `- **Static file (floor)**: \`${floorAsset.url}\` (${floorAsset.bytes} bytes), the smallest hashed file of the`,
    "  built web app, asked for without Accept-Encoding as the other benchmarks do.",
    `- **Rendered list**: \`${LIST_PAGE}\`, asked for as a browser does (\`Accept: text/html\`,`,
    "  `Accept-Encoding: br, gzip`, no login): React's render with its data, asked of the API in process. The",
    "  server keeps a rendered page (decision 140) and answers later asks from it with a new nonce, compressed",
    "  again; after the warm-up this row measures that.",
    `- **Rendered list, rotating**: every header category (${HEADER_CATEGORIES.map((c) => c.category).join(", ")}), pages 1`,
    `  and 2, ${rotation.length} addresses in turn. The searches behind them are kept by the server after their`,
    "  first ask as the single list's is, and so are the pages: this row differs in the pages' sizes.",
    `- **Rendered product page**: ${PRODUCT_PAGES} product pages spread over the sitemap, in turn (the product and its pictures).`,
    `- **API search**: \`${LIST_API}\` (\`Accept: application/json\`, \`Accept-Encoding: br, gzip\`), the`,
    "  search the list page renders from, answered from the server's kept answers after its first ask.",
    "- **Rendered list, never kept**: the same list with a query parameter the page ignores and a new value on",
    "  every request (`&bench-render=<n>`), so each request is rendered by React; the search behind it stays",
    "  kept. This row is the render's own cost, the one a page pays once a minute or after a catalogue change.",
    "",
    'Every answer was checked once before the load (status 200; each page holds `"rendered":"page"`, its data),',
    "and every answer under load was 2xx with no errors (the run fails otherwise).",
    "",
    `## Under load, ${CONNECTIONS} connections`,
    "",
    "| what | body KB raw (as sent) | requests | req/s | share of static | p50 ms | p95 ms | p99 ms | p95 / static p95 | non-2xx | errors |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...[floorLoad, ...loads].map(
      (l) =>
        `| ${l.target.name} | ${sizeOf(l.target)} | ${l.requests} | ${l.perSecond.toFixed(0)} | ${pct(share(l))} | ${ms(l.latency.p50)} | ${ms(l.latency.p95)} | ${ms(l.latency.p99)} | ${(l.latency.p95 / staticP95).toFixed(1)}x | ${l.non2xx} | ${l.errors} |`,
    ),
    "",
    `Aim: the rendered list at ≥ ${100 * AIM_SHARE}% of the static file's requests per second: ${aim};`,
    `its p95 is ${(list.latency.p95 / staticP95).toFixed(1)}x the static file's. The API search it renders from, in the same run:`,
    `${pct(share(apiSearch))} of the static file, p95 ${(apiSearch.latency.p95 / staticP95).toFixed(1)}x. Rendered every time (never kept):`,
    `${pct(share(fresh))}, p95 ${(fresh.latency.p95 / staticP95).toFixed(1)}x (${(share(fresh) / AIM_SHARE).toFixed(2)}x the aim).`,
    ...(small.length > 0
      ? [
          "",
          `**Some pages were the layout alone** (answers under half the smallest page's size, a render that ran out of`,
          `time): ${small.map((l) => `${l.target.name} ${l.small}`).join(", ")}.`,
        ]
      : []),
    "",
    `## One client, sequential`,
    "",
    `${oneStatic.latency.n} rounds after ${ONE_CLIENT_WARMUP} warm-up requests each (at most ${ONE_CLIENT_REQUESTS} or ${ONE_CLIENT_MS / 1000} s), each round asking for`,
    "the static file, the API search, the rendered list (kept) and the list rendered afresh once, on one",
    "kept-alive connection.",
    "",
    "| what | p50 ms | p95 ms | max ms | p50 / static | p95 / static |",
    "|---|---:|---:|---:|---:|---:|",
    ...single.map(
      (s) =>
        `| ${s.name} | ${ms(s.latency.p50)} | ${ms(s.latency.p95)} | ${ms(s.latency.max)} | ${(s.latency.p50 / oneStatic.latency.p50).toFixed(1)}x | ${(s.latency.p95 / oneStatic.latency.p95).toFixed(1)}x |`,
    ),
    "",
    "## Reading",
    "",
    `Under ${CONNECTIONS} connections the server answered the Chips list ${list.perSecond.toFixed(0)} times a second, ${pct(listShare)} of the ${staticRate.toFixed(0)} static files it sent a second; the aim of ${100 * AIM_SHARE}% was ${listShare >= AIM_SHARE ? "met" : "missed"}.`,
    `Rendering it every time gave ${fresh.perSecond.toFixed(0)} a second (${pct(share(fresh))}); the kept page is ${(list.perSecond / fresh.perSecond).toFixed(1)}x that.`,
    `The same search as JSON ran at ${pct(share(apiSearch))} (${apiSearch.perSecond.toFixed(0)} a second); the kept page ran at ${list.perSecond.toFixed(0)} a second, ${(list.perSecond / apiSearch.perSecond).toFixed(1)}x the search's: a kept page is sent as the bytes it was kept as (compressed once), where the JSON is serialised and compressed for every answer.`,
    `Rotating over ${rotation.length} list pages gave ${pct(share(rotated))}, and ${PRODUCT_PAGES} product pages ${pct(share(product))}.`,
    "",
    `With one client the list rendered afresh took ${ms(oneFresh.latency.p50)} ms at p50, the kept list ${ms(onePage.latency.p50)} ms, its search ${ms(oneApi.latency.p50)} ms and the static file ${ms(oneStatic.latency.p50)} ms:`,
    `about ${ms(oneFresh.latency.p50 - oneApi.latency.p50)} ms of a page is React's render and the page state beyond its data, and a kept page takes ${ms(onePage.latency.p50)} ms against its search's ${ms(oneApi.latency.p50)} ms.`,
    `${fresh.perSecond.toFixed(0)} renders a second under load is ${ms(1000 / fresh.perSecond)} ms of the server's time per page, ${(1000 / fresh.perSecond / oneFresh.latency.p50).toFixed(1)}x what one client waits for one${
      Math.abs(1000 / fresh.perSecond / oneFresh.latency.p50 - 1) <= 0.3
        ? `: the render's CPU sets the rate, and the latency under load is the queue of ${CONNECTIONS} connections behind it.`
        : "."
    }`,
    "",
  ];
  const out = process.env.BENCH_OUT ?? path.join(root, "bench/results", `ssr-${date.slice(0, 10)}.md`);
  await writeFile(out, lines.join("\n"));
  console.info(lines.join("\n"));
  console.info(`\nwritten to ${path.relative(root, out)}`);
} finally {
  await shop.stop();
}
