// One built server process (apps/server/dist/main.js) on a loopback port, known ready when
// GET /api/health/ready answers 200. The cluster script starts several this way; the drills
// start, kill and restart them. Types for TypeScript callers: server-process.d.mts.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "../shop-server.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const entry = path.join(root, "apps/server/dist/main.js");

/** Throws a clear error when the server or the web app has not been built. */
export function assertBuilt() {
  for (const built of ["apps/server/dist/main.js", "apps/web/dist/index.html"]) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
}

async function waitUntilReady(server, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server ${server.name} exited (${child.exitCode ?? child.signalCode}) before it was ready`,
      );
    }
    try {
      const res = await fetch(`${server.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server ${server.name} was not ready within ${timeoutMs} ms (last answer: ${last})`);
}

/**
 * Starts the server with `env` on top of this process's environment, on 127.0.0.1:`port` (a
 * free one when not given), and resolves once it is ready. Every line it prints goes to `onLine`.
 */
export async function startServer({ name, port, env = {}, onLine = () => {}, readyTimeoutMs = 60_000 }) {
  assertBuilt();
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(listenPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", onLine);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  const server = {
    name,
    port: listenPort,
    url: `http://127.0.0.1:${listenPort}`,
    pid: child.pid,
    exited,
    running,
    signal: (signal) => child.kill(signal),
    /** SIGTERM (a graceful drain), then SIGKILL if it has not exited within `timeoutMs`. */
    async stop(timeoutMs = 15_000) {
      if (!running()) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  try {
    await waitUntilReady(server, child, readyTimeoutMs);
  } catch (error) {
    if (running()) child.kill("SIGKILL");
    await exited;
    throw error;
  }
  return server;
}
