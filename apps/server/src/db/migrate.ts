// Applies pending migrations at start, each in its own transaction. An advisory lock makes
// concurrent starts of several server processes against one PostgreSQL take turns.
import { sql } from "kysely";
import type { Db } from "./database";
import { migrations, type Migration } from "./migrations/index";

const MIGRATION_LOCK = 727_274_001;

export async function migrate(db: Db, list: readonly Migration[] = migrations): Promise<number[]> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
        conn,
      );
      const done = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((r) => r.version));
      const ran: number[] = [];
      for (const m of list) {
        if (applied.has(m.version)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(m.sql).execute(trx);
          await sql`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`.execute(
            trx,
          );
        });
        ran.push(m.version);
      }
      return ran;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
