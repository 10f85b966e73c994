// `npm run check`: types (tsc -b), lint (ESLint), formatting (Prettier) and the runtime
// dependencies against their allow-list side by side — each is one process on one core — with
// each one's output held and printed whole when it ends. Fails when any of them does.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const checks = [
  { name: "types", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "formatting", script: "format:check" },
  { name: "dependencies", script: "deps" },
];

function run({ name, script }) {
  const started = performance.now();
  const env = { ...process.env };
  if (process.stdout.isTTY && !("NO_COLOR" in env)) env.FORCE_COLOR = "1";
  const child = spawn("npm", ["run", "--silent", script], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`could not start npm: ${error.message}\n`)));
    child.on("close", (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      const ok = code === 0;
      process.stdout.write(`== ${name} (npm run ${script}): ${ok ? "ok" : "FAILED"} in ${seconds} s ==\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
