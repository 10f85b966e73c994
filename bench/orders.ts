// Order benchmark: order placement on real PostgreSQL. Simulated customers, each
// its own login on its own account, fill a cart and place it as the web app does, against the
// built server running as a separate process with the built-in back office; POST /api/Order is
// timed at 10, 40 and 100 customers, then orders arrive at a steady 40 a second to measure the
// back-office hand-off lag and backlog. The server's static-file throughput in the same run is
// the floor. Before that, statements per order are counted in-process. Writes
// bench/results/orders-<date>[-<BENCH_LABEL>].md.
// Run: npx tsx bench/orders.ts   (about 4 minutes; BENCH_SHORT=1 for a smoke run of under 1)
// Its parts are in bench/orders/.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { openDatabase } from "../apps/server/src/db/database";
import { migrate } from "../apps/server/src/db/migrate";
import { loadDemoData } from "../apps/server/src/demo-data/load";
import { LABEL, root } from "./orders/settings";
import { withAdmin, databaseUrl, prepareShop } from "./orders/shop";
import { profileStatements } from "./orders/statements";
import { loadRun } from "./orders/server";
import { report } from "./orders/report";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const name = `tradeshop_bench_orders_${randomBytes(3).toString("hex")}`;

  console.info("building the server bundle (apps/server/dist)…");
  execFileSync("npm", ["run", "build", "--workspace", "apps/server"], { cwd: root, stdio: "ignore" });
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    console.info("building the web app (apps/web/dist) for the static-file floor…");
    execFileSync("npm", ["run", "build", "--workspace", "apps/web"], { cwd: root, stdio: "ignore" });
  }

  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const url = databaseUrl(name);
    const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 2 });
    try {
      const db = database.db;
      console.info("loading the demo and the benchmark's customers…");
      await migrate(db);
      await loadDemoData(db);
      const shop = await prepareShop(db);
      await sql`VACUUM ANALYZE`.execute(db);
      const { rows } = await sql<{ version: string }>`SELECT version()`.execute(db);
      const pgSettings: Record<string, string> = {};
      for (const setting of ["shared_buffers", "synchronous_commit", "fsync", "max_connections"]) {
        const { rows: value } = await sql<{
          value: string;
        }>`SELECT current_setting(${setting}) AS value`.execute(db);
        pgSettings[setting] = value[0]!.value;
      }
      console.info("counting statements per order…");
      const profile = await profileStatements(url, shop);
      console.info(
        `  ${profile.perRequest.p50} statements per POST /api/Order, ${profile.inTransaction.p50} in its transaction`,
      );
      console.info("load on the built server…");
      const run = await loadRun(url, db, shop);
      const text = report({
        started,
        pgVersion: rows[0]!.version,
        pgSettings,
        loadBefore,
        profile,
        run,
        shop,
      });
      const date = new Date().toISOString().slice(0, 10);
      const file = path.join(here, "results", `orders-${date}${LABEL ? `-${LABEL}` : ""}.md`);
      await writeFile(file, text);
      console.info(`\nwrote ${path.relative(root, file)}`);
    } finally {
      await database.close();
    }
  } finally {
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
