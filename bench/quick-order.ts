// How long the quick order pad's preview takes for a full 500-line paste, on the shop as
// `npm start` runs it (the built server on its embedded database with the demo data), through
// HTTP as the browser calls it, one client. Two pastes: 500 codes ("well under a second"), and
// 500 mixed lines, half codes and half words as traders write them ("coke 2l", a product's name
// without its brand's second word), each round with words never searched before, so no kept
// search answer helps (p95 under 2 s). Floors measured in the same run with the same client:
// GET /api/health (no database work beyond a count) and one 24-product catalogue search.
// Writes bench/results/quick-order-<date>.md.
//
//   npm run build && npx tsx bench/quick-order.ts
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startShop } from "../scripts/shop-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = 30;
const BUDGET_MS = 1000;
/** Rounds of the mixed paste: each has 250 products' words of its own (the catalogue has 3 200). */
const MIXED_ROUNDS = 10;
const MIXED_BUDGET_MS = 2000;

const shop = await startShop({ AUTH_RATE_LIMIT_FACTOR: "0" });
try {
  const base = shop.baseUrl;
  // The XSRF cookie every write needs, then a customer's token.
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(
    (await fetch(`${base}/api/health`)).headers.get("set-cookie") ?? "",
  )?.[1];
  if (!xsrf) throw new Error("no XSRF cookie");
  const headers = (token?: string) => ({
    "content-type": "application/json",
    cookie: `XSRF-TOKEN=${xsrf}`,
    "x-xsrf-token": xsrf,
    "accept-encoding": "br",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method: "POST",
      headers: headers(token),
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { token } = (await post("/api/Users/Authenticate", {
    username: "trader",
    password: "Demo-Trade-2026",
  })) as {
    token: string;
  };

  // 500 lines as a buyer pastes them: 480 SKU codes, 10 barcodes, 5 descriptions, 5 unknown codes.
  const codes: string[] = [];
  for (let page = 1; codes.length < 500; page++) {
    const result = (await post(
      "/api/Product/ProductSearch",
      { pageNumber: page, resultsPerPage: 48 },
      token,
    )) as {
      skuResults: { skuCode: string }[];
    };
    codes.push(...result.skuResults.map((p) => p.skuCode));
  }
  const lines = codes.slice(0, 480).map((code, i) => ({ code, quantity: (i % 5) + 1 }));
  for (const skuCode of codes.slice(480, 490)) {
    const product = (await post("/api/Product/GetProductBySkuCode", { skuCode }, token)) as {
      skuDescription: string;
      extendedData: { primaryGTIN: string | null } | null;
    };
    lines.push({ code: product.extendedData?.primaryGTIN ?? skuCode, quantity: 2 });
    if (lines.length < 486) lines.push({ code: product.skuDescription, quantity: 1 });
  }
  while (lines.length < 500) lines.push({ code: `UNKNOWN-${lines.length}`, quantity: 1 });

  const time = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) await run(); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    return { p50: at(0.5), p95: at(0.95), max: samples.at(-1)! };
  };
  const health = await time(async () => (await fetch(`${base}/api/health`)).text());
  const search = await time(() =>
    post("/api/Product/ProductSearch", { pageNumber: 1, resultsPerPage: 24 }, token),
  );
  let statuses: Record<string, number> = {};
  const preview = await time(async () => {
    const answer = (await post("/api/Cart/QuickOrderPreview", { lines }, token)) as {
      lines: { status: string }[];
    };
    statuses = {};
    for (const line of answer.lines) statuses[line.status] = (statuses[line.status] ?? 0) + 1;
  });

  // Mixed: 250 codes and 250 lines of words, "6 x kalahari original cola 2l", written as
  // traders do (lower case, the brand's second word left out, quantity first or last).
  const catalogue: { skuCode: string; skuDescription: string }[] = [];
  for (let page = 1; catalogue.length < 250 * (MIXED_ROUNDS + 1); page++) {
    const result = (await post(
      "/api/Product/ProductSearch",
      { pageNumber: page, resultsPerPage: 48 },
      token,
    )) as {
      skuResults: { skuCode: string; skuDescription: string }[];
    };
    if (result.skuResults.length === 0) break;
    catalogue.push(...result.skuResults);
  }
  const wordsOf = (description: string) => {
    const words = description.toLowerCase().split(/\s+/);
    return [words[0], ...words.slice(2)].join(" ");
  };
  const mixedPaste = (round: number) =>
    catalogue.slice(round * 250, round * 250 + 250).flatMap((p, i) => [
      { code: p.skuCode, quantity: (i % 5) + 1 },
      { code: wordsOf(p.skuDescription), quantity: (i % 3) + 1 },
    ]);
  const mixedSamples: number[] = [];
  const mixedStatuses: Record<string, number> = {};
  await post("/api/Cart/QuickOrderPreview", { lines: mixedPaste(MIXED_ROUNDS) }, token); // warm-up, words of its own
  for (let round = 0; round < MIXED_ROUNDS; round++) {
    const started = performance.now();
    const answer = (await post("/api/Cart/QuickOrderPreview", { lines: mixedPaste(round) }, token)) as {
      lines: { status: string; matchedBy: string | null }[];
    };
    mixedSamples.push(performance.now() - started);
    for (const line of answer.lines) {
      const key = line.matchedBy === "search" ? `${line.status} (search)` : line.status;
      mixedStatuses[key] = (mixedStatuses[key] ?? 0) + 1;
    }
  }
  mixedSamples.sort((a, b) => a - b);
  const mixedAt = (q: number) =>
    mixedSamples[Math.min(mixedSamples.length - 1, Math.floor(q * mixedSamples.length))]!;
  const mixed = { p50: mixedAt(0.5), p95: mixedAt(0.95), max: mixedSamples.at(-1)! };

  const ms = (n: number) => n.toFixed(1);
  const ratio = (n: number, floor: number) => `${(n / floor).toFixed(1)}x`;
  const date = new Date().toISOString();
  const report = [
    `# Quick order preview benchmark, ${date.slice(0, 10)}`,
    "",
    "Produced by `npx tsx bench/quick-order.ts` (see bench/README.md): the built server on its embedded",
    "database (PGlite) with the demo data, as `npm start` runs it; one client over HTTP (brotli), the",
    `trader's login; ${ROUNDS} timed calls after 3 warm-up calls each.`,
    "",
    "## Machine",
    "",
    `- CPU: ${os.cpus()[0]?.model ?? "unknown"}, ${os.cpus().length} cores; memory ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js ${process.version}; date ${date}; load average (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
    "",
    "## Result",
    "",
    `The 500 lines: ${Object.entries(statuses)
      .map(([status, n]) => `${n} ${status}`)
      .join(", ")}.`,
    "",
    "| request | p50 ms | p95 ms | max ms | p50 vs health |",
    "|---|---:|---:|---:|---:|",
    `| GET /api/health (floor) | ${ms(health.p50)} | ${ms(health.p95)} | ${ms(health.max)} | 1.0x |`,
    `| POST /api/Product/ProductSearch, 24 products | ${ms(search.p50)} | ${ms(search.p95)} | ${ms(search.max)} | ${ratio(search.p50, health.p50)} |`,
    `| POST /api/Cart/QuickOrderPreview, 500 lines | ${ms(preview.p50)} | ${ms(preview.p95)} | ${ms(preview.max)} | ${ratio(preview.p50, health.p50)} |`,
    `| POST /api/Cart/QuickOrderPreview, 500 mixed lines (${MIXED_ROUNDS} rounds, words new each) | ${ms(mixed.p50)} | ${ms(mixed.p95)} | ${ms(mixed.max)} | ${ratio(mixed.p50, health.p50)} |`,
    "",
    `Budget: 500 lines well under a second (${BUDGET_MS} ms): ${
      preview.p95 < BUDGET_MS ? `met, p95 ${ms(preview.p95)} ms` : `**missed**, p95 ${ms(preview.p95)} ms`
    }.`,
    "",
    `The mixed lines over ${MIXED_ROUNDS} rounds: ${Object.entries(mixedStatuses)
      .map(([status, n]) => `${n} ${status}`)
      .join(", ")}.`,
    "",
    `Budget: 500 mixed lines under 2 s (${MIXED_BUDGET_MS} ms): ${
      mixed.p95 < MIXED_BUDGET_MS ? `met, p95 ${ms(mixed.p95)} ms` : `**missed**, p95 ${ms(mixed.p95)} ms`
    }.`,
    "",
  ].join("\n");
  const out = path.join(root, "bench/results", `quick-order-${date.slice(0, 10)}.md`);
  await writeFile(out, report);
  console.info(report);
} finally {
  await shop.stop();
}
