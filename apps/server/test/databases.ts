// The two databases every API test runs on (TEST_DB=pglite | postgres). A seeded template is
// made once per run (global-setup.ts); each test file gets its own copy, so files run in
// parallel and no test sees another's writes. PostgreSQL missing is a loud failure, not a skip.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase, type Database } from "../src/db/database";

export type TestDbKind = "pglite" | "postgres";

export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB ?? "pglite";
  if (kind !== "pglite" && kind !== "postgres")
    throw new Error(`TEST_DB must be pglite or postgres, not ${kind}`);
  return kind;
}

export const adminUrl = () => process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for TEST_DB=postgres but ${adminUrl()} is not reachable (${String(error)}). ` +
        "Start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL.",
      { cause: error },
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TemplateInfo {
  kind: TestDbKind;
  /** PGlite: path of the seeded data-folder tarball. PostgreSQL: name of the template database. */
  template: string;
  runId: string;
}

/** A fresh copy of the seeded template for one test file. */
export async function openTestDatabase(info: TemplateInfo, poolSize = 5): Promise<Database> {
  if (info.kind === "pglite") {
    const tarball = await readFile(info.template);
    return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([tarball]) });
  }
  const name = `${info.template.replace(/_tpl$/, "")}_${randomBytes(4).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`));
  const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: "", poolSize });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  return database;
}
