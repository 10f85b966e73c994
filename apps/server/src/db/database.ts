// Opens the one database the shop runs on: a real PostgreSQL when DATABASE_URL is set,
// otherwise embedded PGlite under DATA_DIR. Both are driven through node-postgres and
// Kysely, so every query and migration is the same on both.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { numberTypes } from "./number-types";
import type { DB } from "./schema";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  pool: pg.Pool;
  /** The embedded engine, when there is one (LISTEN/NOTIFY and dumps need it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type Db = Kysely<DB>;

const types = numberTypes;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files, or "memory://" for a throwaway database. */
  dataDir: string;
  poolSize?: number;
  /** A PGlite data-folder tarball to start from (tests load a seeded snapshot). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, types });
    return wrap("postgres", pool);
  }
  if (!options.dataDir.startsWith("memory://")) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite is one connection: a pool of one queues callers instead of interleaving them.
  const pool = new pg.Pool({ ...createPgConfig(pglite), types });
  return wrap("pglite", pool, pglite);
}

function wrap(kind: DatabaseKind, pool: pg.Pool, pglite?: PGlite): Database {
  // An idle connection the server closes (a restart, a fail-over, an administrator) is dropped
  // and replaced by the pool; without a listener node-postgres would crash the process.
  pool.on("error", (error) => console.warn(`database connection lost: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  let closed = false;
  return {
    kind,
    db,
    pool,
    ...(pglite ? { pglite } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (pglite) await pglite.close();
    },
  };
}
