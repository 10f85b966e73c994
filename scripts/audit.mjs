// `npm run audit`: the advisory check of the packages the shop runs with (npm audit
// --omit=dev). Fails on a high or critical advisory; when the advisory service cannot be
// reached (an offline machine, a registry mirror without the audit endpoint) it says so and
// passes, because that run checked nothing rather than found something.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
if (!report || report.error || !report.metadata) {
  // The message names the endpoint's address; the status is enough to say what happened.
  const raw = String(
    report?.message ?? report?.error?.summary ?? run.stderr.trim().split("\n").pop() ?? "no answer",
  );
  const why = raw.split(" - ")[0] || "no answer";
  console.warn(`npm audit: the advisory service could not be reached (${why}); nothing was checked.`);
  process.exit(0);
}
const counts = report.metadata?.vulnerabilities ?? {};
console.info(`npm audit (runtime dependencies): ${JSON.stringify(counts)}`);
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === "high" || v.severity === "critical")
      console.error(`  ${v.severity}: ${name} ${v.range ?? ""}`);
  }
  process.exit(1);
}
