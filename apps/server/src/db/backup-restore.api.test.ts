// Backup and restore the way an operator does them (decision 80, docs/operations.md): orders
// placed through the API, a backup taken with the database's own tools, the database wiped,
// the backup restored, and the restored shop compared with the one backed up, then put to work.
// PostgreSQL: pg_dump --format=custom, DROP DATABASE … WITH (FORCE), CREATE DATABASE,
// pg_restore. PGlite (the embedded default): dumpDataDir() into a fresh DATA_DIR with loadDataDir.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Order, OrderHistory } from "@trade-shop/contracts/orders";
import { databaseUrl, testDbKind, withAdmin } from "../../test/databases";
import { customerOf, stockOf } from "../../test/fixtures";
import { commandFrom, placeTestOrder } from "../../test/orders";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/test-app";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTokenService } from "../core/tokens";
import { createShopOutboxWorker, type OutboxWorker } from "../modules/outbox";
import { migrations } from "./migrations/index";
import { openDatabase, type Database, type Db } from "./database";

/** The tables a restore must bring back row for row, each read in a stable order. */
const COMPARED_TABLES = {
  orders: "id",
  order_lines: "order_id, line_number",
  stock: "warehouse_code, sku_code",
  customers: "id",
  outbox: "id",
  schema_migrations: "version",
} as const;

interface Snapshot {
  rows: Record<keyof typeof COMPARED_TABLES, Record<string, unknown>[]>;
  /** Every table of the schema: row count and a hash of its rows, so nothing else goes missing either. */
  tables: { name: string; rows: number; hash: string }[];
  /** Where each identity column's sequence stands: a restore that lost it would hand out used ids. */
  sequences: { name: string; lastValue: number }[];
  indexes: { name: string; definition: string }[];
}

async function snapshot(db: Db): Promise<Snapshot> {
  const rows = {} as Snapshot["rows"];
  for (const [table, order] of Object.entries(COMPARED_TABLES) as [keyof typeof COMPARED_TABLES, string][]) {
    rows[table] = (
      await sql.raw<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order}`).execute(db)
    ).rows;
  }
  const names = await sql<{
    name: string;
  }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(db);
  const tables: Snapshot["tables"] = [];
  for (const { name } of names.rows) {
    const {
      rows: [fingerprint],
    } = await sql<{ rows: number; hash: string }>`
      SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS hash
      FROM ${sql.table(name)} t`.execute(db);
    tables.push({ name, ...fingerprint! });
  }
  const sequences = await sql<{ name: string; lastValue: number }>`
    SELECT sequencename AS name, coalesce(last_value, 0)::float8 AS last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`.execute(
    db,
  );
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`.execute(
    db,
  );
  return { rows, tables, sequences: sequences.rows, indexes: indexes.rows };
}

const tableCount = async (db: Db) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(db))
    .rows[0]!.n;

/** Runs one of PostgreSQL's client programs; a missing program or a failure is an error that says so. */
function run(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) =>
      reject(
        new Error(
          `${program} is required for TEST_DB=postgres: the backup test runs PostgreSQL's own tools ` +
            `(${String(error)}). Install the PostgreSQL client programs (Debian: postgresql-client-15).`,
          { cause: error },
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program} ${args.join(" ")} exited with ${code}:\n${stderr}`)),
    );
  });
}

/** A shop process started on a database: the real app, driven the way the web app drives it. */
interface Shop {
  database: Database;
  outbox: OutboxWorker;
  request(
    method: "GET" | "POST",
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  login(username: string): Promise<string>;
  close(): Promise<void>;
}

async function startShop(database: Database, jwtSecret: string): Promise<Shop> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    AUTH_RATE_LIMIT_FACTOR: "100",
  });
  const outbox = createShopOutboxWorker(config, database);
  const app: FastifyInstance = await buildApp({
    config,
    database,
    outbox,
    tokens: createTokenService(jwtSecret, config.TOKEN_LIFETIME_HOURS),
  });
  await app.ready();
  const xsrf = randomBytes(16).toString("hex");
  const request: Shop["request"] = (method, url, token, body) =>
    app.inject({
      method,
      url,
      headers: {
        accept: "application/json",
        cookie: `XSRF-TOKEN=${xsrf}`,
        "x-xsrf-token": xsrf,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  return {
    database,
    outbox,
    request,
    async login(username) {
      const res = await request("POST", "/api/Users/Authenticate", undefined, {
        username,
        password: DEMO_PASSWORD,
      });
      if (res.statusCode !== 200)
        throw new Error(`login ${username} on the restored shop: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await outbox.stop();
      await app.close();
      await database.close();
    },
  };
}

/** Taking the backup, wiping the database and restoring it: each database with its own tools. */
interface BackupRestore {
  /** Takes the backup into `folder`; returns the backup file. */
  backup(t: TestApp, folder: string): Promise<string>;
  /** Empties the database the backup came from, and shows it empty. */
  wipe(t: TestApp): Promise<void>;
  /** Restores `file` and opens the restored database as the shop would. */
  restore(file: string, folder: string): Promise<Database>;
}

function postgresBackupRestore(): BackupRestore {
  let name = "";
  return {
    async backup(t, folder) {
      name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.database.db)).rows[0]!
        .name;
      const file = path.join(folder, `${name}.dump`);
      await run("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${databaseUrl(name)}`]);
      return file;
    },
    async wipe() {
      // FORCE ends the connections the backed-up shop still holds; it warns of each one it
      // loses and carries on (those warnings are the expected ones, so they are checked, not printed).
      const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        await withAdmin(async (c) => {
          await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
          await c.query(`CREATE DATABASE ${name} TEMPLATE template0`);
        });
        const empty = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: "", poolSize: 1 });
        try {
          expect(await tableCount(empty.db)).toBe(0);
        } finally {
          await empty.close();
        }
        for (const [message] of warned.mock.calls) expect(String(message)).toMatch(/connection lost/);
      } finally {
        warned.mockRestore();
      }
    },
    async restore(file) {
      await run("pg_restore", [
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${databaseUrl(name)}`,
        file,
      ]);
      return openDatabase({ databaseUrl: databaseUrl(name), dataDir: "", poolSize: 5 });
    },
  };
}

function pgliteBackupRestore(): BackupRestore {
  return {
    async backup(t, folder) {
      const dump = await t.database.pglite!.dumpDataDir("gzip");
      const file = path.join(folder, "tradeshop-data.tar.gz");
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
      return file;
    },
    async wipe(t) {
      await sql`DROP SCHEMA public CASCADE`.execute(t.database.db);
      await sql`CREATE SCHEMA public`.execute(t.database.db);
      expect(await tableCount(t.database.db)).toBe(0);
    },
    async restore(file, folder) {
      // Into a fresh DATA_DIR on disk; then that folder is opened the way `npm start` opens DATA_DIR.
      const dataDir = path.join(folder, "data");
      const loaded = await openDatabase({
        dataDir,
        loadDataDir: new Blob([await readFile(file)], { type: "application/gzip" }),
      });
      await loaded.close();
      return openDatabase({ dataDir });
    },
  };
}

const kind = testDbKind();

describe(`backup and restore (${kind})`, () => {
  const tools = kind === "postgres" ? postgresBackupRestore() : pgliteBackupRestore();
  let t: TestApp;
  let folder: string;
  let restored: Shop | undefined;
  let before: Snapshot;
  let after: Snapshot;
  let placed: Order[];
  let historyBefore: OrderHistory;
  let detailsBefore: Order[];
  let traderToken: string;
  let backupBytes = 0;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "tradeshop-backup-"));
    t = await createTestApp();
    traderToken = await t.login("trader");
    const spaza = await t.login("spaza");

    // Two orders handed off (stock taken, hand-offs done, orders moved on), one still queued.
    placed = [
      await placeTestOrder(t, "trader", traderToken, [3, 1], 20),
      await placeTestOrder(t, "spaza", spaza, [2], 20),
    ];
    await t.outbox.drain();
    placed.push(await placeTestOrder(t, "trader", traderToken, [4], 30));
    historyBefore = (await t.request({ method: "GET", url: "/api/Order", token: traderToken })).json();
    detailsBefore = await Promise.all(
      [placed[0]!, placed[2]!].map(async (o) =>
        (
          await t.request({ method: "GET", url: `/api/Order/GetOrderById/${o.id}`, token: traderToken })
        ).json(),
      ),
    );
    before = await snapshot(t.database.db);

    const file = await tools.backup(t, folder);
    backupBytes = (await stat(file)).size;
    await tools.wipe(t);
    const database = await tools.restore(file, folder);
    after = await snapshot(database.db);
    restored = await startShop(database, t.secret);
  });

  afterAll(async () => {
    await restored?.close();
    await t?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("backs up what the orders changed: orders, lines, stock, the queued hand-offs", () => {
    expect(backupBytes).toBeGreaterThan(0);
    const ids = placed.map((o) => o.id);
    expect(before.rows.orders.map((o) => o.id)).toEqual(expect.arrayContaining(ids));
    expect(
      new Set(before.rows.order_lines.filter((l) => ids.includes(l.orderId as number)).map((l) => l.orderId)),
    ).toEqual(new Set(ids));
    const handOffs = before.rows.outbox.filter((m) =>
      ids.map((id) => `order:${id}`).includes(m.idempotencyKey as string),
    );
    expect(handOffs.map((m) => m.status)).toEqual(["done", "done", "pending"]);
    expect(before.rows.schema_migrations.map((m) => m.version)).toEqual(migrations.map((m) => m.version));
    expect(before.rows.stock.length).toBeGreaterThan(0);
  });

  it("restores orders, order lines, stock, customers' balances, the outbox and the migrations row for row", () => {
    for (const table of Object.keys(COMPARED_TABLES) as (keyof typeof COMPARED_TABLES)[]) {
      expect(after.rows[table], table).toEqual(before.rows[table]);
    }
  });

  it("restores every other table, the sequences behind the ids and every index", () => {
    expect(after.tables).toEqual(before.tables);
    expect(after.indexes).toEqual(before.indexes);
    // pg_restore sets each sequence where it was. PGlite's data folder is copied as it stands,
    // so, as after a crash, a sequence resumes past the values it had logged in advance (up to
    // 32): ids may skip, but none is handed out twice.
    expect(after.sequences.map((s) => s.name)).toEqual(before.sequences.map((s) => s.name));
    for (const [i, sequence] of after.sequences.entries()) {
      expect(sequence.lastValue, sequence.name).toBeGreaterThanOrEqual(before.sequences[i]!.lastValue);
      if (kind === "postgres") expect(sequence.lastValue, sequence.name).toBe(before.sequences[i]!.lastValue);
    }
  });

  it("serves from the restored database: log in, order history and details as before", async () => {
    const shop = restored!;
    const token = await shop.login("trader");
    const history = await shop.request("GET", "/api/Order", token);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual(historyBefore);
    for (const order of detailsBefore) {
      const details = await shop.request("GET", `/api/Order/GetOrderById/${order.id}`, token);
      expect(details.statusCode).toBe(200);
      expect(details.json()).toEqual(order);
    }
    // The same JWT_SECRET: a login made before the backup still works after the restore.
    expect((await shop.request("GET", "/api/Order", traderToken)).statusCode).toBe(200);
  });

  it("goes on working after the restore: the queued hand-off is delivered and new orders take new ids and stock", async () => {
    const shop = restored!;
    const pending = before.rows.outbox.filter((m) => m.status === "pending").length;
    // And the alert the order's new status (Submitted) records for its buyer (decision 153).
    expect(await shop.outbox.drain()).toEqual({ done: pending + 1, retried: 0, parked: 0 });
    const queued = await shop.database.db
      .selectFrom("outbox")
      .select("status")
      .where("idempotencyKey", "=", `order:${placed[2]!.id}`)
      .executeTakeFirstOrThrow();
    expect(queued.status).toBe("done");

    const token = await shop.login("trader");
    const { stockingWarehouseCode: warehouse } = await customerOf(shop.database.db, "trader");
    const sku = placed[0]!.orderLines[0]!.productId;
    const onHand = await stockOf(shop.database.db, warehouse, sku);
    expect(
      await shop.request("POST", "/api/Cart/AdditemToCart", token, { skuCode: sku, quantity: 1 }),
    ).toHaveProperty("statusCode", 200);
    const cart = (await shop.request("GET", "/api/Cart/GetUserCart", token)).json();
    const res = await shop.request("POST", "/api/Order", token, commandFrom(cart));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBeGreaterThan(Math.max(...before.rows.orders.map((o) => o.id as number)));
    expect(await stockOf(shop.database.db, warehouse, sku)).toBe(onHand - 1);
  });
});
