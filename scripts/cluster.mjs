// `npm run start:cluster`: the shop as it scales out, on one machine. It builds the app, then
// starts CLUSTER_SIZE server processes (default 3) on free loopback ports against DATABASE_URL,
// and HAProxy in front on HOST:PORT (default 0.0.0.0:3000), routing by each process's
// readiness. The first process starts alone (it migrates, and loads the demo with
// DEMO_DATA=always on an empty database), then the others. Ctrl-C (or SIGTERM) drains the
// servers, then stops HAProxy.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { haproxyBinary, haproxyConfig, startHaproxy } from "./cluster/haproxy.mjs";
import { assertBuilt, startServer } from "./cluster/server-process.mjs";
import { freePort } from "./shop-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!process.env.DATABASE_URL) {
  fail(
    [
      "start:cluster runs several server processes on one PostgreSQL: set DATABASE_URL, e.g.",
      "  createdb tradeshop",
      "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/tradeshop DEMO_DATA=always npm run start:cluster",
    ].join("\n"),
  );
}
const size = Number(process.env.CLUSTER_SIZE ?? "3");
if (!Number.isInteger(size) || size < 1 || size > 16)
  fail(`CLUSTER_SIZE must be a whole number from 1 to 16, not ${process.env.CLUSTER_SIZE}`);
const host = process.env.HOST ?? "0.0.0.0";
const port = Number(process.env.PORT ?? "3000");
try {
  haproxyBinary();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
// Built as `npm start` does, once what the cluster needs is known to be there.
const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
assertBuilt();

// What every process shares: the address people use, the token secret (kept in DATA_DIR as
// `npm start` does, unless JWT_SECRET is set), and a balancer in front.
const env = {
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? "data"),
  TRUST_PROXY: "127.0.0.1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Long enough for the balancer's health check (every 0.5 s, two failures) to notice a drain.
  SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? "1500",
};
const servers = [];
let haproxy;
let stopping = false;

function prefixed(name) {
  return (line) => console.info(`[${name}] ${line}`);
}

async function shutDown(code) {
  if (stopping) return;
  stopping = true;
  console.info("\nStopping: the servers drain, then HAProxy stops.");
  await Promise.all(servers.map((s) => s.stop()));
  await haproxy?.stop();
  process.exit(code);
}

process.on("SIGINT", () => void shutDown(0));
process.on("SIGTERM", () => void shutDown(0));
// A child this script started never outlives it, whatever ends it.
process.on("exit", () => {
  for (const s of servers) if (s.running()) s.signal("SIGKILL");
  haproxy?.kill();
});

async function start() {
  const names = Array.from({ length: size }, (_, i) => `s${i + 1}`);
  const launch = async (name) => {
    const server = await startServer({ name, env, onLine: prefixed(name), readyTimeoutMs: 300_000 });
    servers.push(server);
    server.exited.then(({ code, signal }) => {
      if (!stopping) console.warn(`[${name}] exited (${signal ?? code}); HAProxy routes around it`);
    });
    return server;
  };
  console.info(
    `Starting ${size} server process(es) on ${process.env.DATABASE_URL.replace(/\/\/[^@/]*@/, "//")}…`,
  );
  await launch(names[0]);
  await Promise.all(names.slice(1).map(launch));
  const statsPort = await freePort();
  haproxy = await startHaproxy({
    config: haproxyConfig({
      host,
      port,
      servers: servers.map((s) => ({ name: s.name, port: s.port })),
      statsPort,
    }),
    host,
    port,
    onLine: prefixed("haproxy"),
    // Out of the terminal's process group: Ctrl-C reaches the servers (they drain) but not
    // HAProxy, which this script stops once they have.
    detached: true,
  });
  haproxy.exited.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`HAProxy exited (${signal ?? code}); stopping the servers`);
    void shutDown(1);
  });
  console.info(
    [
      "",
      `Trade Shop cluster: http://localhost:${port} (HAProxy on ${host}:${port})`,
      ...servers
        .toSorted((a, b) => a.name.localeCompare(b.name))
        .map((s) => `  ${s.name}  ${s.url}  (pid ${s.pid})`),
      `  HAProxy stats: http://127.0.0.1:${statsPort}/`,
      "Ctrl-C stops it.",
    ].join("\n"),
  );
}

start().catch(async (error) => {
  console.error(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutDown(1);
});
