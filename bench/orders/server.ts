// The built server as its own process (or several behind HAProxy), and the whole load run on it:
// the floor, the closed-loop levels, then the paced orders.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { Database } from "../../apps/server/src/db/database";
import { haproxyConfig, startHaproxy, type RunningHaproxy } from "../../scripts/cluster/haproxy.mjs";
import { smallestAsset } from "../static-floor";
import {
  root,
  PROCESSES,
  POOL_SIZE,
  LEVELS,
  LEVEL_SECONDS,
  FLOOR_SECONDS,
  PACED_RATE,
  PACED_SECONDS,
  SERVER_START_MS,
  SERVER_STOP_MS,
} from "./settings";
import { seededRandom, sleep } from "./stats";
import type { Shop } from "./shop";
import { createClient, type Customer, logIn } from "./client";
import {
  type Phase,
  measurePhase,
  closedLoop,
  paced,
  type Floor,
  staticFloor,
  deadlockCount,
} from "./phases";

async function waitForServer(port: number, child: ChildProcess) {
  const until = Date.now() + SERVER_START_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error("the server did not answer /api/health in time");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_MS);
  await exited;
  clearTimeout(timer);
}

export interface LoadRun {
  serverEnv: Record<string, string>;
  asset: { url: string; bytes: number };
  autocannon: { perSecond: number; p50: number; p99: number; non2xx: number };
  floors: Floor[];
  levels: Phase[];
  pacedPhase: Phase;
  deadlocks: number;
}

export async function loadRun(url: string, db: Database["db"], shop: Shop): Promise<LoadRun> {
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tradeshop-bench-orders-"));
  // The back office is the built-in simulator: BACKOFFICE_URL unset and NODE_ENV not production.
  const serverEnv = {
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DEMO_DATA: "never",
    // A hundred customers log in from one address within a minute: above the per-address limit.
    AUTH_RATE_LIMIT_FACTOR: "0",
  };
  // With several processes, each listens on a port of its own and HAProxy takes `port`.
  const ports = PROCESSES === 1 ? [port] : Array.from({ length: PROCESSES }, (_, i) => port + 1 + i);
  const children = ports.map((own) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...serverEnv,
      HOST: "127.0.0.1",
      PORT: String(own),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
    };
    if (PROCESSES > 1) env.TRUST_PROXY = "127.0.0.1";
    for (const name of ["BACKOFFICE_URL", "BACKOFFICE_MODE", "REDIS_URL"]) delete env[name];
    return spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  });
  const pids = children.map((c) => c.pid!);
  let balancer: RunningHaproxy | undefined;
  try {
    for (const [i, c] of children.entries()) await waitForServer(ports[i]!, c);
    if (PROCESSES > 1) {
      const servers = ports.map((own, i) => ({ name: `s${i + 1}`, port: own }));
      balancer = await startHaproxy({ config: haproxyConfig({ port, servers, log: false }), port });
    }
    const base = `http://127.0.0.1:${port}`;
    const asset = smallestAsset(root);

    console.info(`floor: GET ${asset.url} (${asset.bytes} bytes)…`);
    const cannon = await autocannon({
      url: base,
      connections: 10,
      duration: FLOOR_SECONDS * 2,
      requests: [{ method: "GET", path: asset.url }],
    });
    const floors: Floor[] = [];
    for (const connections of LEVELS) floors.push(await staticFloor(port, asset.url, connections));

    const setup = createClient(port, 4);
    const tokens: string[] = [];
    for (let i = 0; i < shop.usernames.length; i += 4) {
      tokens.push(...(await Promise.all(shop.usernames.slice(i, i + 4).map((u) => logIn(setup, u)))));
    }
    setup.close();
    const customers: Customer[] = shop.usernames.map((username, i) => ({
      username,
      token: tokens[i]!,
      random: seededRandom(1000 + i),
    }));
    const deadlocksBefore = await deadlockCount(db);

    const levels: Phase[] = [];
    for (const count of LEVELS) {
      const client = createClient(port, count);
      try {
        levels.push(
          await measurePhase(
            `${count} customers`,
            count,
            db,
            pids,
            closedLoop(client, shop, customers.slice(0, count), LEVEL_SECONDS),
          ),
        );
      } finally {
        client.close();
      }
    }
    const client = createClient(port, customers.length);
    let pacedPhase: Phase;
    try {
      pacedPhase = await measurePhase(
        `${PACED_RATE} orders/s`,
        customers.length,
        db,
        pids,
        paced(client, shop, customers, PACED_RATE, PACED_SECONDS),
      );
    } finally {
      client.close();
    }
    return {
      serverEnv,
      asset,
      autocannon: {
        perSecond: cannon.requests.average,
        p50: cannon.latency.p50,
        p99: cannon.latency.p99,
        non2xx: cannon.non2xx,
      },
      floors,
      levels,
      pacedPhase,
      deadlocks: (await deadlockCount(db)) - deadlocksBefore,
    };
  } finally {
    await balancer?.stop();
    await Promise.all(children.map((c) => stopServer(c)));
    await rm(dataDir, { recursive: true, force: true });
  }
}
