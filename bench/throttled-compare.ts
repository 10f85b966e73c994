// Two builds of the web app loaded in turn by a real Chromium slowed down as a phone on mobile
// data (CPU 4x slower, 150 ms of latency, 1.6 Mbit/s down), rather than simulated as Lighthouse
// does: Lighthouse estimates each request's timing from a graph of the page's work, and for a
// page whose data a first script asks for before the modules run, its estimate and the
// browser's own timings can disagree (results/lighthouse-2026-11-27-login.md). Each build is
// served by its own shop, as in lighthouse-compare.ts. Prints each build's median and every run
// as LCP ms / blocking ms (long tasks' time over 50 ms) / the list's search request (start-end).
//
//   npx tsx bench/throttled-compare.ts /tmp/before/apps/web/dist apps/web/dist
//
// RUNS runs per build (default 5, at most 9); LH_PATH the page (default the list); LH_LOGIN a
// demo username stored as the web app keeps its login (default none: a visitor).
import path from "node:path";
import { chromium } from "playwright-core";
import { startShop } from "../scripts/shop-server.mjs";
import { demoLoginToken, storeLogin } from "./demo-login";

const RUNS = Math.min(Math.max(Number.parseInt(process.env.RUNS ?? "", 10) || 5, 1), 9);
const PAGE = process.env.LH_PATH ?? "/products?category=home";
const LOGIN = process.env.LH_LOGIN;
const SETTLE_MS = 9000;
const builds = process.argv.slice(2).map((dist) => path.resolve(dist));
if (builds.length !== 2) throw new Error("usage: throttled-compare.ts <web dist before> <web dist after>");

interface Run {
  lcp: number;
  blocking: number;
  search: string;
}

/* The functions passed to the page run in the browser; this file's types are Node's. */
type PageGlobals = typeof globalThis & {
  __lcp: number;
  __blocking: number;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const shops = [];
for (const dist of builds) shops.push(await startShop({ WEB_DIST: dist }));

async function run(baseUrl: string, token: string | undefined): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    if (token) await storeLogin(page, baseUrl, token);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 0.75e6 / 8,
    });
    await page.addInitScript(() => {
      const g = globalThis as PageGlobals;
      g.__lcp = 0;
      g.__blocking = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) g.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint" as "mark", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) g.__blocking += Math.max(0, entry.duration - 50);
      }).observe({ type: "longtask" as "mark", buffered: true });
    });
    await page.goto(`${baseUrl}${PAGE}`);
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(() => {
      const g = globalThis as PageGlobals;
      const search = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/api/Product/ProductSearch")) as
        { startTime: number; responseEnd: number } | undefined;
      return {
        lcp: Math.round(g.__lcp),
        blocking: Math.round(g.__blocking),
        search: search ? `${Math.round(search.startTime)}-${Math.round(search.responseEnd)}` : "none",
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const tokens = await Promise.all(
    shops.map((shop) => (LOGIN ? demoLoginToken(shop.baseUrl, LOGIN) : undefined)),
  );
  const runs: Run[][] = builds.map(() => []);
  for (let i = 0; i < RUNS; i += 1)
    for (const [k, shop] of shops.entries()) runs[k]!.push(await run(shop.baseUrl, tokens[k]));
  for (const [k, dist] of builds.entries()) {
    const r = runs[k]!;
    console.info(
      `${dist}: LCP ${median(r.map((x) => x.lcp))} ms, blocking ${median(r.map((x) => x.blocking))} ms`,
    );
    console.info(
      `  runs (LCP/blocking/search): ${r.map((x) => `${x.lcp}/${x.blocking}/${x.search}`).join(" ")}`,
    );
  }
} finally {
  await browser.close();
  for (const shop of shops) await shop.stop();
}
