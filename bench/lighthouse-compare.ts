// Two builds of the web app compared by Lighthouse's mobile performance run (its defaults, as in
// bench/lighthouse.ts), in turn: a run of the first, a run of the second, and again, so a change
// in the machine's speed during the runs touches both alike. Each build is served by its own shop
// on the embedded database: this checkout's server (built, with apps/web/dist present) with
// WEB_DIST pointing at the build, so it compares web apps, not servers. Prints the median of each
// figure (each taken on its own, so they may come from different runs) and every run as
// score/LCP/TBT/FCP, with the main thread's work as the page started (script evaluation, parse
// and compile, style and layout, in ms of the slowed-down CPU) and the largest paint's element.
// Lighthouse's figures depend on the machine (bench/README.md), so only a comparison made in one
// run like this says whether a change helped.
//
//   git worktree add /tmp/before <commit> && (build it) && npm run build
//   npx tsx bench/lighthouse-compare.ts /tmp/before/apps/web/dist apps/web/dist
//
// LH_RUNS runs per build (default 5, at most 9); LH_PATH the page (default the logged-out list);
// LH_CPU the CPU slowdown (default 4); LH_LOGIN a demo username whose login is stored in the
// browser before each run, as the web app keeps it (Lighthouse's storage reset leaves
// localStorage alone), to measure a customer's page.
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { startShop } from "../scripts/shop-server.mjs";
import { demoLoginToken, storeLogin } from "./demo-login";
import { CHROMIUM, throttlingFlags, tryAgainOnLostTrace } from "./lighthouse-shared";

const RUNS = Math.min(Math.max(Number.parseInt(process.env.LH_RUNS ?? "", 10) || 5, 1), 9);
const PAGE_TIMEOUT_MS = 120_000;
const PAGE = process.env.LH_PATH ?? "/products?category=home";
const LOGIN = process.env.LH_LOGIN;
const builds = process.argv.slice(2).map((dist) => path.resolve(dist));
if (builds.length !== 2) throw new Error("usage: lighthouse-compare.ts <web dist before> <web dist after>");

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  /** Main-thread time by kind (Lighthouse's mainthread-work-breakdown), ms. */
  work: Record<string, number>;
  /** The largest contentful paint's element, as Lighthouse names it. */
  lcpElement: string;
}

/** Stores `token` in the Chrome on `port`, which Lighthouse then drives. */
async function storeLoginIn(port: number, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await storeLogin(page, baseUrl, token);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function run(url: string, token?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    if (token) await storeLoginIn(chrome.port, new URL(url).origin, token);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      maxWaitForLoad: PAGE_TIMEOUT_MS,
      ...throttlingFlags(),
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`Lighthouse could not load ${url}: ${lhr?.runtimeError?.message}`);
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const work: Record<string, number> = {};
    const breakdown = lhr.audits["mainthread-work-breakdown"]?.details as
      { items?: { group: string; duration: number }[] } | undefined;
    for (const item of breakdown?.items ?? []) work[item.group] = Math.round(item.duration);
    const element = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {});
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      fcp: metric("first-contentful-paint"),
      work,
      lcpElement:
        /"selector":"([^"]*)"/.exec(element)?.[1] ?? /"snippet":"([^"]*)"/.exec(element)?.[1] ?? "?",
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const shops = [];
for (const dist of builds) shops.push(await startShop({ WEB_DIST: dist }));
try {
  const tokens = await Promise.all(
    shops.map((shop) => (LOGIN ? demoLoginToken(shop.baseUrl, LOGIN) : Promise.resolve(undefined))),
  );
  const runs: Run[][] = builds.map(() => []);
  for (let i = 0; i < RUNS; i += 1)
    for (const [k, shop] of shops.entries())
      runs[k]!.push(await tryAgainOnLostTrace(() => run(`${shop.baseUrl}${PAGE}`, tokens[k])));
  for (const [k, dist] of builds.entries()) {
    const r = runs[k]!;
    console.info(
      `${dist}: performance ${median(r.map((x) => x.score))}, LCP ${median(r.map((x) => x.lcp))} ms, ` +
        `TBT ${median(r.map((x) => x.tbt))} ms, FCP ${median(r.map((x) => x.fcp))} ms`,
    );
    console.info(
      `  runs (score/LCP/TBT/FCP): ${r.map((x) => `${x.score}/${x.lcp}/${x.tbt}/${x.fcp}`).join(" ")}`,
    );
    const kinds = [...new Set(r.flatMap((x) => Object.keys(x.work)))];
    console.info(
      `  main thread (median ms): ${kinds.map((kind) => `${kind} ${median(r.map((x) => x.work[kind] ?? 0))}`).join(", ")}`,
    );
    console.info(`  largest paint: ${[...new Set(r.map((x) => x.lcpElement))].join(" | ")}`);
  }
} finally {
  for (const shop of shops) await shop.stop();
}
