// `npm test`: every suite in turn — unit, API on PGlite, API on PostgreSQL, browser, drills — each a
// separate Vitest run so the output shows which database each API run used. Builds the app
// first when its sources are newer than the build. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const only = process.argv.slice(2);

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

function buildIsStale() {
  const outputs = ["apps/web/dist/index.html", "apps/server/dist/main.js"].map((p) => path.join(root, p));
  if (!outputs.every(existsSync)) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sources = ["apps/web", "apps/server/src", "packages/contracts/src"].map((p) => newest(path.join(root, p)));
  return Math.max(...sources) > built;
}

const suites = [
  { name: "unit", project: "unit", env: {} },
  { name: "components", project: "components", env: {} },
  { name: "api on PGlite", project: "api-pglite", env: { TEST_DB: "pglite" } },
  { name: "api on PostgreSQL", project: "api-postgres", env: { TEST_DB: "postgres" } },
  { name: "browser (Chromium)", project: "e2e", env: {}, needsBuild: true },
  { name: "drills (PostgreSQL)", project: "drills", env: {}, needsBuild: true },
].filter((s) => only.length === 0 || only.some((o) => s.project.startsWith(o)));

if (suites.some((s) => s.needsBuild) && buildIsStale()) {
  console.log("\n== Building the app for the browser tests ==");
  const b = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const outDir = mkdtempSync(path.join(os.tmpdir(), "tradeshop-results-"));
const summary = [];
let failedRuns = 0;
for (const suite of suites) {
  console.log(`\n== ${suite.name} ==`);
  const json = path.join(outDir, `${suite.project}.json`);
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", suite.project, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`],
    { cwd: root, stdio: "inherit", env: { ...process.env, ...suite.env } },
  );
  let passed = 0;
  let failed = 0;
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, "utf8"));
    passed = r.numPassedTests;
    failed = r.numFailedTests;
  }
  if (run.status !== 0 && failed === 0) failed = 1; // a file that failed to load, or an uncaught error
  if (passed + failed === 0) failed = 1; // a suite that ran nothing is a failure, not a pass
  if (run.status !== 0 || failed > 0) failedRuns++;
  summary.push({ suite: suite.name, passed, failed });
}

console.log("\n== Summary ==");
for (const s of summary) console.log(`${s.suite.padEnd(22)} ${s.passed} passed, ${s.failed} failed`);
const total = summary.reduce((a, s) => ({ passed: a.passed + s.passed, failed: a.failed + s.failed }), { passed: 0, failed: 0 });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedRuns > 0 ? 1 : 0);
