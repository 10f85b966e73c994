// Opens the one database the shop runs on: a real PostgreSQL when DATABASE_URL is set,
// otherwise embedded PGlite under DATA_DIR. Both are driven through node-postgres and
// Kysely, so every query and migration is the same on both.
//
// On PostgreSQL the connections are made to survive their server (decision 81): every client
// has an error listener (an unheard `error` event would end the process), a connection that
// failed or timed out is discarded instead of going back to the pool, and waiting is bounded
// (a free connection, any one statement), so an outage answers 503 in seconds, never hangs.
// Background work has a pool of its own, so a busy shop cannot starve the hand-offs.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { CamelCasePlugin, Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { numberTypes } from "./number-types";
import type { DB } from "./schema";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  /** The web requests' connections. */
  db: Kysely<DB>;
  pool: pg.Pool;
  /**
   * Connections for background work (the outbox worker, the simulated back office): a pool of
   * its own on PostgreSQL; PGlite has one connection, which everything shares.
   */
  workerDb: Kysely<DB>;
  workerPool: pg.Pool;
  /** The embedded engine, when there is one (LISTEN/NOTIFY and dumps need it). */
  pglite?: PGlite;
  /**
   * Settings for a connection of its own that keeps a session (LISTEN): DATABASE_DIRECT_URL
   * when the pools go through a transaction-mode pooler, else the pools' own (PostgreSQL).
   */
  sessionConfig?: pg.ClientConfig;
  /**
   * Runs long work (migrations, loading the demo) on a connection without the statement
   * timeouts; on PGlite, which has none, on the one connection.
   */
  withoutTimeouts<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type Db = Kysely<DB>;

const types = numberTypes;

export interface DatabaseTimeouts {
  /** Waiting for a free connection from the pool, or for a new one to open. */
  connectMs: number;
  /** Any one statement; the server cancels it, and the client gives up shortly after. */
  statementMs: number;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** The same database without a transaction-mode pooler between, for LISTEN and migrations. */
  directUrl?: string | undefined;
  /** Folder for PGlite's files, or "memory://" for a throwaway database. */
  dataDir: string;
  poolSize?: number;
  /** Connections of the background work's own pool (PostgreSQL). */
  workerPoolSize?: number;
  /** Bounds on waiting for PostgreSQL; unset waits as long as node-postgres does (tools, tests). */
  timeouts?: DatabaseTimeouts | undefined;
  /** A PGlite data-folder tarball to start from (tests load a seeded snapshot). */
  loadDataDir?: Blob;
  /** Told when a connection is lost or discarded (defaults to console.warn). */
  onConnectionLost?: (error: Error) => void;
}

/** A client-side timeout a little after the server's own, for a server that answers nothing at all. */
const CLIENT_GRACE_MS = 1000;

function postgresPoolConfig(
  options: OpenOptions,
  max: number,
  timeouts: DatabaseTimeouts | undefined,
  connectionString = options.databaseUrl,
): pg.PoolConfig {
  return {
    connectionString,
    max,
    types,
    application_name: "trade-shop",
    // A dead peer (a failed-over server, a cut network) is noticed by TCP, not only by a query.
    keepAlive: true,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
          // A transaction left open (a bug, a paused process) must not hold its locks for ever.
          idle_in_transaction_session_timeout: Math.max(10_000, timeouts.statementMs * 2),
        }
      : {}),
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const lost =
    options.onConnectionLost ??
    ((error: Error) => console.warn(`database connection lost: ${error.message}`));
  if (options.databaseUrl) {
    const web = guardPool(
      new pg.Pool(postgresPoolConfig(options, options.poolSize ?? 10, options.timeouts)),
      lost,
    );
    const worker = guardPool(
      new pg.Pool(postgresPoolConfig(options, options.workerPoolSize ?? 2, options.timeouts)),
      lost,
    );
    const webDb = kysely(web);
    const workerDb = kysely(worker);
    const direct = options.directUrl ?? options.databaseUrl;
    return {
      kind: "postgres",
      db: webDb,
      pool: web,
      workerDb,
      workerPool: worker,
      sessionConfig: postgresPoolConfig(options, 1, options.timeouts, direct),
      async withoutTimeouts(work) {
        if (!options.timeouts && !options.directUrl) return work(webDb);
        // Migrations take a session-level advisory lock: a direct connection, never a pooler's.
        const unbounded = kysely(
          guardPool(new pg.Pool(postgresPoolConfig(options, 1, undefined, direct)), lost),
        );
        try {
          return await work(unbounded);
        } finally {
          await unbounded.destroy();
        }
      },
      close: once(async () => {
        await Promise.all([webDb.destroy(), workerDb.destroy()]);
      }),
    };
  }
  if (!options.dataDir.startsWith("memory://")) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite is one connection: a pool of one queues callers instead of interleaving them.
  const pool = guardPool(new pg.Pool({ ...createPgConfig(pglite), types }), lost);
  const db = kysely(pool);
  return {
    kind: "pglite",
    db,
    pool,
    workerDb: db,
    workerPool: pool,
    pglite,
    withoutTimeouts: (work) => work(db),
    close: once(async () => {
      await db.destroy();
      await pglite.close();
    }),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

function kysely(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: discardingBrokenClients(pool) }),
    plugins: [new CamelCasePlugin()],
  });
}

/**
 * Listens for `error` on the pool (idle connections) and on every client from the moment it
 * connects (checked-out ones), so a connection the server ends is logged and dropped, not a
 * crash. node-postgres then fails that client's queries, and it is discarded when released.
 */
function guardPool(pool: pg.Pool, lost: (error: Error) => void): pg.Pool {
  // An idle client's error reaches both; it is told once, by the client's own listener.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", lost));
  return pool;
}

/**
 * The pool as Kysely sees it: a client whose query failed for want of a working connection
 * (terminated, reset, timed out on the client side) goes back with that error, so the pool
 * closes it instead of lending out a dead or stuck connection again.
 */
function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  const checkouts = new WeakMap<pg.PoolClient, Checkout>();
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Whatever stops a connection from opening (refused, timed out, "not accepting
        // connections", too many clients, a dropped database) leaves the shop without one.
        throw new DatabaseUnreachable(error);
      }
      let checkout = checkouts.get(client);
      if (!checkout) {
        checkout = new Checkout(client);
        checkouts.set(client, checkout);
      }
      checkout.fault = undefined;
      return checkout;
    },
    end: () => pool.end(),
  };
}

class Checkout implements PostgresPoolClient {
  fault: Error | undefined;
  constructor(private readonly client: pg.PoolClient) {}

  // The cursor overload (streaming) is passed through; Kysely's row types are its own.
  query: PostgresPoolClient["query"] = ((sqlOrCursor: unknown, parameters?: readonly unknown[]): unknown => {
    if (typeof sqlOrCursor !== "string") return (this.client.query as (c: unknown) => unknown)(sqlOrCursor);
    // The connection already failed (a transaction's ROLLBACK after a timed-out statement, say):
    // fail at once rather than wait on it for another timeout.
    if (this.fault) return Promise.reject(this.fault);
    return this.client.query(sqlOrCursor, parameters as unknown[]).catch((error: unknown) => {
      if (isBrokenConnection(error)) this.fault = error instanceof Error ? error : new Error(String(error));
      throw error;
    });
  }) as PostgresPoolClient["query"];

  release() {
    this.client.release(this.fault);
  }
}

/** No connection could be had: the cause says why. */
export class DatabaseUnreachable extends Error {
  override readonly name = "DatabaseUnreachable";
  constructor(cause: unknown) {
    super(`The database could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** SQLSTATE classes and codes that mean the server is going away, unreachable or overloaded. */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300|53400)$/;
/** A statement cancelled by statement_timeout (57014) or a lock or idle-transaction timeout. */
const TIMED_OUT_STATES = /^(57014|55P03|25P03)$/;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const CLIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|Client was closed|Connection ended|connection timeout/i;

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The connection this error came from cannot be used again. */
function isBrokenConnection(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return UNAVAILABLE_STATES.test(error.code ?? "");
  const code = sqlState(error);
  if (code && NETWORK_CODES.has(code)) return true;
  return error instanceof Error && CLIENT_MESSAGES.test(error.message);
}

/**
 * The database could not be reached, went away, or did not answer in time: a 503 with
 * Retry-After, not a 500. The request's work was rolled back, or (a connection lost during
 * COMMIT) its outcome is unknown to it; repeating it is safe, as commands are idempotent.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnreachable || isBrokenConnection(e)) return true;
    const code = sqlState(e);
    if (code && TIMED_OUT_STATES.test(code)) return true;
    // net's AggregateError when every address of the host refused.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation, e.g. two requests racing to take the same username. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
