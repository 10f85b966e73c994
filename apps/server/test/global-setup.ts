// Runs once per API test run: migrates and seeds one template database with the demo data
// (the same generator `npm start` uses), which each test file then copies.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/database";
import { loadDemoData } from "../src/demo-data/load";
import { migrate } from "../src/db/migrate";
import { databaseUrl, testDbKind, withAdmin, type TemplateInfo } from "./databases";
import { withoutSpareWal } from "./wal-trim";

declare module "vitest" {
  export interface ProvidedContext {
    template: TemplateInfo;
  }
}

export default async function setup(project: TestProject) {
  const kind = testDbKind();
  const runId = randomBytes(4).toString("hex");
  const started = performance.now();
  let template: string;
  let teardown: () => Promise<void>;

  if (kind === "pglite") {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrate(database.db);
    await loadDemoData(database.db);
    await sql`CHECKPOINT`.execute(database.db);
    const { rows } = await sql<{
      segment: string;
    }>`SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment`.execute(database.db);
    const dump = await database.pglite!.dumpDataDir("none");
    await database.close();
    const tarball = withoutSpareWal(new Uint8Array(await dump.arrayBuffer()), rows[0]!.segment);
    const dir = await mkdtemp(path.join(os.tmpdir(), "tradeshop-test-"));
    template = path.join(dir, "template.tar");
    await writeFile(template, tarball);
    teardown = () => rm(dir, { recursive: true, force: true });
  } else {
    template = `tradeshop_test_${runId}_tpl`;
    await withAdmin((c) => c.query(`CREATE DATABASE ${template}`));
    const database = await openDatabase({ databaseUrl: databaseUrl(template), dataDir: "" });
    await migrate(database.db);
    await loadDemoData(database.db);
    await database.close();
    teardown = async () => {
      await withAdmin(async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE $1",
          [`tradeshop_test_${runId}%`],
        );
        for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      });
    };
  }
  console.info(`[api tests] ${kind} template seeded in ${Math.round(performance.now() - started)} ms`);
  project.provide("template", { kind, template, runId });
  return teardown;
}
