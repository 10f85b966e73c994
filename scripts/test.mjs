// `npm test`: every suite — unit, components, API on PGlite, API on PostgreSQL, browser, the
// built shop's budgets, drills — each a separate run, so the output shows which database each API
// run used. Builds the app first when its sources are newer than the build. Ends with one
// "N passed, N failed" line.
//
// The browser tests are the longest suite and one chain of work (test, browser, shop), about one
// core's worth. They run at full priority, and so do the drills beside them: the drills time a
// server through database outages and kills, so nothing may starve them. The other suites yield
// (a session of their own at nice 10): TEST_JOBS of them at a time (2 by default), longest first,
// on whatever CPU the browser tests and drills leave, and on all of it once those end
// (bench/results/feedback-2026-11-29.md). Among them are the budgets (scripts/budgets.mjs: the
// bytes a phone downloads and Lighthouse's accessibility, best practices and SEO, none held to a
// time). A Vitest run uses one worker here (cores - 1). Each suite's output is held and printed
// whole when it ends, with a line when it starts. The browser tests run one file at a time unless
// E2E_WORKERS says more (vitest.config.ts: each worker then has a shop of its own): two at a time
// beside the other suites starved them on 2 cores.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const only = process.argv.slice(2);
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);

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
  const sources = ["apps/web", "apps/server/src", "packages/contracts/src"].map((p) =>
    newest(path.join(root, p)),
  );
  return Math.max(...sources) > built;
}

// `first`: starts before the rest; `seconds`: about how long each of the rest took alone on CI's
// machine, the longest started first.
const phases = [
  {
    beside: { name: "browser (Chromium)", project: "e2e", env: {}, needsBuild: true },
    suites: [
      { name: "drills (PostgreSQL)", project: "drills", env: {}, needsBuild: true, first: true },
      { name: "unit", project: ["unit", "lint-rules"], env: {}, seconds: 60 },
      { name: "components", project: "components", env: {}, seconds: 60 },
      { name: "api on PGlite", project: "api-pglite", env: { TEST_DB: "pglite" }, seconds: 240 },
      { name: "api on PostgreSQL", project: "api-postgres", env: { TEST_DB: "postgres" }, seconds: 180 },
      // Not Vitest: the built shop's transfer and Lighthouse budgets (scripts/budgets.mjs).
      {
        name: "budgets",
        project: "budgets",
        command: ["node", "scripts/budgets.mjs"],
        env: {},
        needsBuild: true,
        seconds: 120,
      },
    ],
  },
]
  .map((phase) => {
    const wanted = (s) =>
      only.length === 0 || only.some((o) => [s.project].flat().some((p) => p.startsWith(o)));
    const beside = phase.beside && wanted(phase.beside) ? phase.beside : undefined;
    return { beside, suites: phase.suites.filter(wanted) };
  })
  .filter((phase) => phase.beside || phase.suites.length > 0);
if (phases.length === 0) {
  console.error(
    `No suite is called ${only.join(" or ")}: unit, components, api-pglite, api-postgres, e2e, budgets, drills.`,
  );
  process.exit(1);
}
const order = phases.flatMap((p) => [...(p.beside ? [p.beside] : []), ...p.suites].map((s) => s.name));

if (phases.some((p) => p.beside?.needsBuild || p.suites.some((s) => s.needsBuild)) && buildIsStale()) {
  console.log("\n== Building the app for the browser tests ==");
  const b = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

/** The sessions of the yielding suites' runs, ended with this one (Ctrl-C reaches only ours). */
const sessions = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const pid of sessions) {
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(signal === "SIGINT" ? 130 : 143);
  });

const outDir = mkdtempSync(path.join(os.tmpdir(), "tradeshop-results-"));
const seconds = (since) => Math.round((performance.now() - since) / 1000);

/** One suite's Vitest run: its output straight through (`live`), or held and returned whole. */
function run(suite, live) {
  const projects = [suite.project].flat();
  const json = path.join(outDir, `${projects[0]}.json`);
  const started = performance.now();
  const env = { ...process.env, ...suite.env };
  // Held output is printed to this terminal later: keep Vitest's colours if it is one.
  if (!live && process.stdout.isTTY && !("NO_COLOR" in env)) env.FORCE_COLOR = "1";
  const args = [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
  ];
  args.push(`--outputFile.json=${json}`);
  // Runs side by side would write Vitest's one results cache (the order of the next run's files)
  // at once, and a run that reads it half written fails to start.
  if (!live) args.push("--no-cache");
  // A suite that yields runs at a lower priority: it takes what the suites on the critical path
  // leave of the CPU, and all of it once they are done. Linux shares the CPU between sessions
  // first (autogroups) and only then by nice within each, and Chromium starts a session of its
  // own, so a yielding suite gets a session of its own too, and that session is niced.
  const command = suite.command ?? ["npx", ...args];
  const [program, ...programArgs] = suite.yields ? ["nice", "-n", "10", ...command] : command;
  const child = spawn(program, programArgs, {
    cwd: root,
    env,
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    detached: Boolean(suite.yields),
  });
  if (suite.yields && child.pid) {
    sessions.add(child.pid);
    child.on("exit", () => sessions.delete(child.pid));
    try {
      writeFileSync(`/proc/${child.pid}/autogroup`, "10");
    } catch {
      // no autogroups (another kernel, or switched off): nice alone orders the processes
    }
  }
  const output = [];
  if (!live)
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`could not start Vitest: ${error.message}\n`)));
    child.on("close", (code) => {
      let passed = 0;
      let failed = 0;
      if (existsSync(json)) {
        const r = JSON.parse(readFileSync(json, "utf8"));
        passed = r.numPassedTests;
        failed = r.numFailedTests;
      }
      if (suite.command && code === 0) passed = 1; // a command passes or fails as a whole
      if (code !== 0 && failed === 0) failed = 1; // a file that failed to load, or an uncaught error
      if (passed + failed === 0) failed = 1; // a suite that ran nothing is a failure, not a pass
      resolve({
        suite: suite.name,
        passed,
        failed,
        ok: code === 0 && failed === 0,
        seconds: seconds(started),
        output,
      });
    });
  });
}

const summary = [];
const started = performance.now();

/** Runs `suite` with its output held, and prints it whole when it ends. */
async function held(suite) {
  console.log(`-- ${suite.name}: started`);
  const result = await run(suite, false);
  process.stdout.write(`\n== ${suite.name} (${result.seconds} s) ==\n`);
  process.stdout.write(Buffer.concat(result.output));
  summary.push(result);
}

for (const phase of phases) {
  const all = [...(phase.beside ? [phase.beside] : []), ...phase.suites];
  // One suite, or a machine told to run one at a time: each in turn, its output live.
  if (all.length === 1 || jobs === 1) {
    for (const suite of all) {
      console.log(`\n== ${suite.name} ==`);
      const result = await run(suite, true);
      console.log(`== ${suite.name}: ${result.seconds} s ==`);
      summary.push(result);
    }
    continue;
  }
  const firsts = phase.suites.filter((s) => s.first);
  // Beside the browser tests the rest yield to them and to the drills, so TEST_JOBS of them can
  // run at once: on what the browser tests leave idle, and on both cores after.
  const queue = phase.suites
    .filter((s) => !s.first)
    .toSorted((a, b) => b.seconds - a.seconds)
    .map((s) => (phase.beside ? { ...s, yields: true } : s));
  const slots = Math.max(1, Math.min(jobs, queue.length));
  const names = phase.suites.map((s) => s.name).join(", ");
  console.log(
    phase.beside
      ? `\n== ${phase.beside.name}, and beside it ${names || "nothing"}, ${slots} at a time; each printed when it ends ==`
      : `\n== ${names}: ${slots} at a time, each printed when it ends ==`,
  );
  const slot = async () => {
    for (let suite = queue.shift(); suite; suite = queue.shift()) await held(suite);
  };
  // The suites that go first run one after another beside the browser tests, at their priority;
  // the rest start at once, below them.
  const firstInTurn = async () => {
    for (const suite of firsts) await held(suite);
  };
  await Promise.all([
    ...(phase.beside ? [held(phase.beside)] : []),
    firstInTurn(),
    ...Array.from({ length: slots }, slot),
  ]);
}

console.log(`\n== Summary (${seconds(started)} s) ==`);
summary.sort((a, b) => order.indexOf(a.suite) - order.indexOf(b.suite));
for (const s of summary)
  console.log(`${s.suite.padEnd(22)} ${s.passed} passed, ${s.failed} failed (${s.seconds} s)`);
const total = summary.reduce((a, s) => ({ passed: a.passed + s.passed, failed: a.failed + s.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);
