// What a phone on mobile data downloads: bytes over the wire for a first and a
// repeat visit of the logged-out product list and of a product page, in Debian's Chromium at
// 390 px, counted by the DevTools protocol (encoded bytes, headers included), split by kind;
// and the JavaScript the product list needs before it can show anything, gzip and brotli, from
// the built files' precompressed copies. Writes bench/results/transfer-<date>.md.
//
//   npm run build && npx tsx bench/transfer.ts
//
// BENCH_OUT=<file> writes the results there instead; TRANSFER_ENFORCE=1 (CI) fails the run when a
// budget is missed.
import { readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startShop } from "../scripts/shop-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist");
const BUDGET_FIRST_KB = 350;
const BUDGET_REPEAT_KB = 40;
const BUDGET_INITIAL_JS_GZIP_KB = 170;

interface Visit {
  bytes: number;
  requests: number;
  byKind: Map<string, number>;
  scripts: string[];
}

function kindOf(mimeType: string, url: string): string {
  if (mimeType.includes("javascript")) return "script";
  if (mimeType.includes("css")) return "style";
  if (mimeType.startsWith("image/")) return "image";
  if (mimeType.includes("json")) return "api";
  if (mimeType.includes("html")) return "document";
  if (mimeType.includes("font") || /\.woff2?$/.test(url)) return "font";
  return "other";
}

/** Loads `url` in `page`, waits until the network is idle, and counts what crossed it. */
async function visit(page: Page, url: string): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map<string, { url: string; mime: string }>();
  const result: Visit = { bytes: 0, requests: 0, byKind: new Map(), scripts: [] };
  cdp.on("Network.responseReceived", (e) =>
    requests.set(e.requestId, { url: e.response.url, mime: e.response.mimeType }),
  );
  cdp.on("Network.loadingFinished", (e) => {
    const request = requests.get(e.requestId);
    if (!request || e.encodedDataLength === 0) return;
    const kind = kindOf(request.mime, request.url);
    result.bytes += e.encodedDataLength;
    result.requests += 1;
    result.byKind.set(kind, (result.byKind.get(kind) ?? 0) + e.encodedDataLength);
  });
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.type === "Script") result.scripts.push(new URL(e.request.url).pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await cdp.detach();
  return result;
}

async function fileSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** gzip and brotli bytes of the scripts a visit asked for, from the build's own copies. */
async function scriptSizes(scripts: string[]) {
  let gzip = 0;
  let brotli = 0;
  let raw = 0;
  const rows: string[] = [];
  for (const pathname of [...new Set(scripts)]) {
    const file = path.join(dist, pathname);
    const size = await fileSize(file);
    const gz = await fileSize(`${file}.gz`).catch(() => size);
    const br = await fileSize(`${file}.br`).catch(() => size);
    raw += size;
    gzip += gz;
    brotli += br;
    rows.push(`| \`${pathname}\` | ${kb(size)} | ${kb(gz)} | ${kb(br)} |`);
  }
  return { raw, gzip, brotli, rows };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function measure(browser: Browser, baseUrl: string, pathAndQuery: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const first = await visit(await context.newPage(), `${baseUrl}${pathAndQuery}`);
  const repeat = await visit(await context.newPage(), `${baseUrl}${pathAndQuery}`);
  await context.close();
  return { first, repeat };
}

const shop = await startShop();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const search = await fetch(`${shop.baseUrl}/sitemap.xml`).then((r) => r.text());
  const productPath = /<loc>[^<]*?(\/products\/[^<]+)<\/loc>/.exec(search)?.[1];
  if (!productPath) throw new Error("no product page in the sitemap");
  const pages = [
    ["product list, logged out", "/products?category=home"],
    ["a product page, logged out", productPath],
  ] as const;
  const results = [];
  for (const [name, url] of pages)
    results.push({ name, url, ...(await measure(browser, shop.baseUrl, url)) });
  const listScripts = await scriptSizes(results[0]!.first.scripts);
  const index = await readFile(path.join(dist, "index.html"), "utf8");

  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  const date = new Date().toISOString();
  const verdict = (value: number, budget: number) =>
    value <= budget * 1024
      ? `met (${kb(value)} KB ≤ ${budget} KB)`
      : `**missed** by ${kb(value - budget * 1024)} KB (${kb(value)} KB > ${budget} KB)`;
  const lines = [
    `# Transfer benchmark, ${date.slice(0, 10)}`,
    "",
    "Produced by `npx tsx bench/transfer.ts` (see bench/README.md): the built shop on its embedded database",
    "with the demo data, Debian's Chromium at 390 px (2x, touch), a fresh profile per page; bytes are what",
    "crossed the network (encoded, headers included) until it was idle. The repeat visit opens the page",
    "again in the same profile, so cached files cost nothing.",
    "",
    "## Machine",
    "",
    `- CPU: ${os.cpus()[0]?.model ?? "unknown"}, ${os.cpus().length} cores; memory ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js ${process.version}; Chromium ${browser.version()}`,
    `- Date: ${date}; load average (1, 5, 15 min): ${load}`,
    "",
    "## Budgets",
    "",
    ...results.flatMap((r) => [
      `- ${r.name}, first visit ≤ ${BUDGET_FIRST_KB} KB: ${verdict(r.first.bytes, BUDGET_FIRST_KB)}`,
      `- ${r.name}, repeat visit ≤ ${BUDGET_REPEAT_KB} KB: ${verdict(r.repeat.bytes, BUDGET_REPEAT_KB)}`,
    ]),
    `- Initial JavaScript of the product list ≤ ${BUDGET_INITIAL_JS_GZIP_KB} KB gzip: ${verdict(listScripts.gzip, BUDGET_INITIAL_JS_GZIP_KB)}`,
    "",
    "## Bytes by kind (KB)",
    "",
    "| page | visit | requests | total | document | script | style | api | image | other |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.flatMap((r) =>
      (["first", "repeat"] as const).map((which) => {
        const v = r[which];
        const k = (kind: string) => kb(v.byKind.get(kind) ?? 0);
        return `| ${r.name} | ${which} | ${v.requests} | ${kb(v.bytes)} | ${k("document")} | ${k("script")} | ${k("style")} | ${k("api")} | ${k("image")} | ${kb((v.byKind.get("other") ?? 0) + (v.byKind.get("font") ?? 0))} |`;
      }),
    ),
    "",
    "## The product list's JavaScript (KB)",
    "",
    `Scripts the first visit asked for; the entry and the files \`index.html\` preloads: ${
      [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => `\`${m[1]}\``).join(", ") ||
      "none"
    }.`,
    "",
    "| file | raw | gzip | brotli |",
    "|---|---:|---:|---:|",
    ...listScripts.rows,
    `| **all** | **${kb(listScripts.raw)}** | **${kb(listScripts.gzip)}** | **${kb(listScripts.brotli)}** |`,
    "",
  ];
  const out = process.env.BENCH_OUT ?? path.join(root, "bench/results", `transfer-${date.slice(0, 10)}.md`);
  await writeFile(out, lines.join("\n"));
  console.info(lines.join("\n"));
  console.info(`\nwritten to ${path.relative(root, out)}`);
  // Bytes do not depend on how busy the machine is, so CI holds every budget (TRANSFER_ENFORCE=1).
  const missed = lines.filter((line) => line.startsWith("- ") && line.includes("**missed**"));
  if (process.env.TRANSFER_ENFORCE === "1" && missed.length > 0) {
    console.error(`Transfer budgets missed:\n${missed.join("\n")}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await shop.stop();
}
