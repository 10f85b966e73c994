// Starting the built shop for browser tests and screenshots: its own free port and an empty
// data folder, so it migrates and loads the demo data exactly as `npm start` does on a new
// machine. A run that starts many shops seeds one folder so (seedShopData) and starts each shop
// on a copy of it (`seededDataDir`): the demo is loaded once, not once a shop. Types for
// TypeScript callers are in shop-server.d.mts.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the shop exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the shop did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * Starts apps/server/dist/main.js with the demo data and `env` on top; resolves once healthy. With
 * `seededDataDir` (from seedShopData) it starts on a copy of that folder, the demo already loaded.
 */
export async function startShop(env = {}, { seededDataDir } = {}) {
  for (const built of ["apps/server/dist/main.js", "apps/web/dist/index.html"]) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tradeshop-"));
  if (seededDataDir) cpSync(seededDataDir, dataDir, { recursive: true });
  const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // Links the shop sends out (PayFast's return and notify addresses among them) lead back
      // to the address the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const halt = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, halt, dataDir };
}

/**
 * Migrates a new data folder and loads the demo into it as a first start does, then shuts that
 * shop down cleanly and leaves the folder for startShop's `seededDataDir`. Its back office is off,
 * so nothing moves the demo's orders meanwhile. Remove the folder with `dispose`.
 */
export async function seedShopData() {
  const shop = await startShop({ BACKOFFICE_MODE: "off" });
  try {
    await shop.halt();
  } catch (error) {
    await shop.stop();
    throw error;
  }
  return { dataDir: shop.dataDir, dispose: () => rmSync(shop.dataDir, { recursive: true, force: true }) };
}
