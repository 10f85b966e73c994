// Runs once per drills run: checks what every drill needs (the built server, PostgreSQL) and
// seeds one template database with the demo data, which each drill copies, so every drill
// starts from the same shop and no drill sees another's orders. Missing PostgreSQL or a missing
// build fails the run here, loudly; haproxy is checked by the one drill that needs it.
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../apps/server/src/db/database";
import { migrate } from "../apps/server/src/db/migrate";
import { loadDemoData } from "../apps/server/src/demo-data/load";
import { databaseUrl, withAdmin } from "../apps/server/test/databases";
import { assertBuilt } from "../scripts/cluster/server-process.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    drillTemplate: { name: string; runId: string };
  }
}

export default async function setup(project: TestProject) {
  assertBuilt();
  const runId = randomBytes(4).toString("hex");
  const name = `tradeshop_drill_${runId}_tpl`;
  const started = performance.now();
  try {
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    const why = `The drills run on PostgreSQL and could not create their template database: ${String(error)}`;
    throw new Error(why, { cause: error });
  }
  const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: "" });
  try {
    await migrate(database.db);
    await loadDemoData(database.db);
  } finally {
    await database.close();
  }
  console.info(`[drills] template ${name} seeded in ${Math.round(performance.now() - started)} ms`);
  project.provide("drillTemplate", { name, runId });
  return async () => {
    await withAdmin(async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`tradeshop_drill_${runId}%`],
      );
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  };
}
