// Regenerates src/db/schema.ts (Kysely's table types) from the migrations: migrates a
// scratch PostgreSQL database, introspects it with kysely-codegen, and drops it.
// Usage: npm run db:types --workspace apps/server   (needs PostgreSQL; TEST_DATABASE_URL or local)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `tradeshop_types_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
try {
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  await migrate(database.db);
  await database.close();
  execFileSync(
    "npx",
    [
      "kysely-codegen",
      "--dialect=postgres",
      `--url=${url.toString()}`,
      "--out-file=src/db/schema.ts",
      "--camel-case",
      "--numeric-parser=number",
      '--type-mapping={"int8":"number"}',
      "--exclude-pattern=schema_migrations",
    ],
    { stdio: "inherit" },
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
