// Loads the generated demo data into an empty, migrated database: one transaction, tables in
// foreign-key order, multi-row inserts with the generator's own ids, sequences moved past them.
import { sql, type Transaction } from "kysely";
import { hashPassword } from "../modules/identity";
import type { Db } from "../db/database";
import type { DB } from "../db/schema";
import {
  DEMO_PASSWORD,
  DEMO_TABLE_ORDER,
  generateDemoData,
  type DemoData,
  type DemoOptions,
} from "./generate";

export const DEMO_DATA_VERSION = 1;

// Each statement costs PGlite a few milliseconds whatever its size: 2 000 rows per INSERT loads
// the 22 400 stock rows in 12 statements instead of 45, and keeps each message a few MB at most.
const BATCH_ROWS = 2_000;

export interface LoadOptions extends DemoOptions {
  /** Already generated data, e.g. from a test that also inspects it. */
  data?: DemoData;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM products) AS any`.execute(db);
  return rows[0]?.any !== true;
}

export async function loadDemoData(db: Db, options: LoadOptions = {}): Promise<void> {
  const data = options.data ?? generateDemoData(options);
  // One salted hash shared by the demo logins: argon2 is slow on purpose, and they share a password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tables = { ...data.tables, users: data.tables.users.map((user) => ({ ...user, passwordHash })) };

  await db.transaction().execute(async (trx) => {
    const columnTypes = await readColumnTypes(trx);
    for (const table of DEMO_TABLE_ORDER) {
      await insertRows(trx, table, tables[table], columnTypes);
    }
    await trx
      .insertInto("appSettings")
      .values({
        key: "demo",
        value: {
          version: DEMO_DATA_VERSION,
          seed: data.seed,
          skuCount: data.skuCount,
          referenceDate: data.referenceDate.toISOString(),
          loadedAt: new Date().toISOString(),
        },
      })
      .execute();
  });
  // Planner statistics for the tables just filled: PGlite runs no autovacuum to gather them,
  // and without them the first searches on a new demo plan as if every table were empty.
  await sql`ANALYZE`.execute(db);
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

interface ColumnType {
  /** Postgres's own name of the type, e.g. int4, text, jsonb, timestamptz. */
  udtName: string;
  isIdentity: boolean;
}

/** table -> column -> type, for the casts of the insert arrays. */
async function readColumnTypes(trx: Transaction<DB>): Promise<Map<string, Map<string, ColumnType>>> {
  const { rows } = await sql<{ tableName: string; columnName: string; udtName: string; isIdentity: string }>`
    SELECT table_name, column_name, udt_name, is_identity FROM information_schema.columns
    WHERE table_schema = current_schema()`.execute(trx);
  const tables = new Map<string, Map<string, ColumnType>>();
  for (const row of rows) {
    const columns = tables.get(row.tableName) ?? new Map<string, ColumnType>();
    columns.set(row.columnName, { udtName: row.udtName, isIdentity: row.isIdentity === "YES" });
    tables.set(row.tableName, columns);
  }
  return tables;
}

/** JSON for jsonb_to_recordset: bytes in bytea's hex form; dates go as ISO text already. */
function toRecordsetJson(rows: readonly object[]): string {
  return JSON.stringify(rows, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return Buffer.isBuffer(original) ? `\\x${original.toString("hex")}` : value;
  });
}

/**
 * Inserts plain row objects in batches, each as one INSERT ... SELECT FROM jsonb_to_recordset()
 * of a single JSON parameter: PostgreSQL parses one document per batch instead of thousands
 * of bind parameters (about twice as fast on PGlite for the jsonb and bytea tables). Rows that
 * bring their own identity `id` go in with OVERRIDING SYSTEM VALUE (those columns are
 * GENERATED ALWAYS), and the table's sequence is then set past the largest id so the shop's
 * own inserts carry on from there.
 */
async function insertRows(
  trx: Transaction<DB>,
  table: keyof DB,
  rows: readonly object[],
  columnTypes: Map<string, Map<string, ColumnType>>,
): Promise<void> {
  if (rows.length === 0) return;
  const tableName = snakeCase(table);
  const keys = Object.keys(rows[0] as object);
  const types = keys.map((key) => {
    const type = columnTypes.get(tableName)?.get(snakeCase(key));
    if (!type || !/^[A-Za-z0-9]+$/.test(key) || !/^[a-z0-9_]+$/.test(type.udtName)) {
      throw new Error(`${tableName} has no column for ${key}`);
    }
    return type;
  });
  for (const row of rows) {
    if (Object.keys(row).length !== keys.length)
      throw new Error(`Rows of ${tableName} must all have the same fields`);
  }
  const ownIds = types.some((type, index) => type.isIdentity && keys[index] === "id");
  // The recordset's columns are named as the row objects' keys; raw SQL is safe here because
  // every key was just matched against the table's real columns.
  const recordColumns = sql.raw(keys.map((key, index) => `"${key}" ${types[index]?.udtName}`).join(", "));
  const selected = sql.raw(keys.map((key) => `"${key}"`).join(", "));
  const targetColumns = sql.join(keys.map((key) => sql.id(snakeCase(key))));
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const json = toRecordsetJson(rows.slice(start, start + BATCH_ROWS));
    await sql`INSERT INTO ${sql.id(tableName)} (${targetColumns}) ${ownIds ? sql`OVERRIDING SYSTEM VALUE` : sql``}
      SELECT ${selected} FROM jsonb_to_recordset(${json}::jsonb) AS rows(${recordColumns})`.execute(trx);
  }
  if (ownIds) {
    await sql`SELECT setval(pg_get_serial_sequence(${tableName}, 'id')::regclass, (SELECT max(id) FROM ${sql.id(tableName)}))`.execute(
      trx,
    );
  }
}
