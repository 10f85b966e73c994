// The budgets `npm test` holds the built shop to, beside its test suites (scripts/test.mjs):
// bench/transfer.ts's bytes (first and repeat visits, the initial JavaScript with React DOM in
// it) and Lighthouse's accessibility, best practices and SEO on the shop's key pages, one run
// each. Neither is held to a time (Lighthouse's performance score is only printed: a machine
// busy with other suites would make it lie), so they may run while other suites do. Each starts
// a shop of its own; their results go to a temporary file, not bench/results.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = mkdtempSync(path.join(os.tmpdir(), "tradeshop-budgets-"));

function run(name, script, env) {
  return new Promise((resolve) => {
    console.log(`-- ${name}`);
    const child = spawn("npx", ["tsx", script], {
      cwd: root,
      env: { ...process.env, ...env, BENCH_OUT: path.join(out, `${name}.md`) },
      stdio: "inherit",
    });
    child.on("error", (error) => {
      console.error(`could not start ${script}: ${error.message}`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

const transfer = await run("transfer", "bench/transfer.ts", { TRANSFER_ENFORCE: "1" });
const lighthouse = await run("lighthouse", "bench/lighthouse.ts", { LH_RUNS: "1", LH_ENFORCE: "1" });
if (!transfer || !lighthouse) {
  console.error(
    `budgets: transfer ${transfer ? "held" : "MISSED"}, Lighthouse ${lighthouse ? "held" : "MISSED"}`,
  );
  process.exit(1);
}
console.log("budgets: transfer and Lighthouse held");
