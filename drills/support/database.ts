// Each drill's own database: a copy of the seeded template (global-setup.ts), shoppers made for
// it (customers with two logins each, one in four of them on a tight credit limit, a scarce SKU
// per warehouse, so refusals happen under load too), and a snapshot of stock, credit and the last order id
// taken before the load, which the invariants compare against afterwards.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../apps/server/src/db/database";
import { creditPosition } from "../../apps/server/src/modules/accounts/credit";
import { databaseUrl, withAdmin } from "../../apps/server/test/databases";

export interface DrillDatabase {
  name: string;
  /** What the server's DATABASE_URL is set to. */
  url: string;
  /** The same database reached through another port on 127.0.0.1 (a proxy in front of PostgreSQL). */
  urlVia(port: number): string;
  /** The drill's own connections, for setting up and for checking afterwards. */
  database: Database;
  /** Runs `statement` on the `postgres` database as a superuser (terminating backends, ALTER DATABASE). */
  admin(statement: string): Promise<void>;
  /** Ends every connection to this database except the drill's own ones; how many were ended. */
  terminateServerConnections(): Promise<number>;
  drop(): Promise<void>;
}

export async function createDrillDatabase(label: string): Promise<DrillDatabase> {
  const { name: template, runId } = inject("drillTemplate");
  const name = `tradeshop_drill_${runId}_${label}_${randomBytes(3).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(name);
  // Its connections are ended along with the server's in some drills: that must not be noise.
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: "",
    poolSize: 3,
    onConnectionLost: () => {},
  });
  return {
    name,
    url,
    urlVia(port) {
      const via = new URL(url);
      via.hostname = "127.0.0.1";
      via.port = String(port);
      return via.toString();
    },
    database,
    admin: (statement) => withAdmin(async (c) => void (await c.query(statement))),
    terminateServerConnections: () =>
      withAdmin(async (c) => {
        const { rows } = await c.query<{ n: number }>(
          "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name = 'trade-shop'",
          [name],
        );
        return rows[0]?.n ?? 0;
      }),
    async drop() {
      await database.close();
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface Shopper {
  username: string;
  customerId: number;
  tenantId: string;
  warehouseCode: string;
  /** SKUs this shopper buys from (shared with the other shoppers of its warehouse). */
  skus: string[];
  /** Those of them that will not run out. */
  ampleSkus: string[];
  /** The customer has only a few orders' worth of credit left, so its orders may be refused. */
  tightCredit: boolean;
}

/** Takes out of `shoppers` (and returns) the last one whose customer has plenty of credit. */
export function takeAmpleShopper<T extends Shopper>(shoppers: T[]): T {
  const index = shoppers.findLastIndex((s) => !s.tightCredit);
  if (index < 0) throw new Error("no shopper with plenty of credit");
  return shoppers.splice(index, 1)[0]!;
}

const WAREHOUSES = ["JHB", "DBN"] as const;
const SKUS_PER_WAREHOUSE = 6;
const SCARCE_SKUS = 1;
const SCARCE_STOCK = 40;
const AMPLE_STOCK = 100_000;
/** A tight account has this much credit left at the start: a few orders' worth. */
const TIGHT_CREDIT_CENTS = 4000_00;
const AMPLE_CREDIT_CENTS = 5_000_000_00;

/**
 * `count` logins (rounded up to even) on count/2 customers of two warehouses, in pairs (the two
 * logins of one customer are next to each other); the second customer of every four has a few
 * orders' worth of credit left, the rest plenty. Each warehouse gets six SKUs
 * every shopper there can buy, one of them with only 40 packs.
 */
export async function prepareShoppers(drill: DrillDatabase, count: number): Promise<Shopper[]> {
  const db = drill.database.db;
  const customersWanted = Math.ceil(count / 2);
  const customers = await db
    .selectFrom("customers")
    .select(["id", "tenantId", "stockingWarehouseCode", "pricelistId"])
    .where("active", "=", true)
    .where("stockingWarehouseCode", "in", [...WAREHOUSES])
    .orderBy("id")
    .execute();
  if (customers.length < customersWanted)
    throw new Error(
      `the demo has ${customers.length} customers in ${WAREHOUSES.join(" and ")}, fewer than the ${customersWanted} wanted`,
    );
  // Alternate the warehouses so both are busy at any size.
  const byWarehouse = WAREHOUSES.map((w) => customers.filter((c) => c.stockingWarehouseCode === w));
  const picked: typeof customers = [];
  for (let i = 0; picked.length < customersWanted && i < customers.length * WAREHOUSES.length; i++) {
    const row = byWarehouse[i % WAREHOUSES.length]![Math.floor(i / WAREHOUSES.length)];
    if (row) picked.push(row);
  }

  const skusOf = new Map<string, string[]>();
  for (const warehouseCode of WAREHOUSES) {
    const priceLists = [
      ...new Set(picked.filter((c) => c.stockingWarehouseCode === warehouseCode).map((c) => c.pricelistId)),
    ];
    if (priceLists.length === 0) continue;
    const { rows } = await sql<{ skuCode: string }>`
      SELECT p.sku_code FROM products p JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = ${warehouseCode}
       WHERE p.active AND NOT p.is_liquor
         AND (SELECT count(*) FROM price_list_prices pp WHERE pp.sku_code = p.sku_code AND pp.price_list_id = ANY(${priceLists}::int[])) = ${priceLists.length}
       ORDER BY p.sku_code LIMIT ${SKUS_PER_WAREHOUSE}`.execute(db);
    if (rows.length < SKUS_PER_WAREHOUSE)
      throw new Error(`too few SKUs every shopper of ${warehouseCode} can buy`);
    const skus = rows.map((r) => r.skuCode);
    for (const [index, skuCode] of skus.entries()) {
      const onHand = index < SCARCE_SKUS ? SCARCE_STOCK : AMPLE_STOCK;
      await db
        .updateTable("stock")
        .set({ onHand })
        .where("warehouseCode", "=", warehouseCode)
        .where("skuCode", "=", skuCode)
        .execute();
    }
    skusOf.set(warehouseCode, skus);
  }

  const template = await db
    .selectFrom("users")
    .select(["passwordHash"])
    .where("username", "=", "trader")
    .executeTakeFirstOrThrow();
  const customerRole = await db
    .selectFrom("roles")
    .select("id")
    .where("name", "=", "Customer")
    .executeTakeFirstOrThrow();
  const shoppers: Shopper[] = [];
  for (const [index, customer] of picked.entries()) {
    const position = await creditPosition(db, customer.id);
    const tightCredit = index % 4 === 1;
    const wantedRemaining = tightCredit ? TIGHT_CREDIT_CENTS : AMPLE_CREDIT_CENTS;
    await db
      .updateTable("customers")
      .set({ creditLimitCents: position.creditLimitCents - position.remainingCreditCents + wantedRemaining })
      .where("id", "=", customer.id)
      .execute();
    for (const login of ["a", "b"]) {
      const username = `drill${customer.id}${login}`;
      const { id } = await db
        .insertInto("users")
        .values({
          username,
          firstname: "Drill",
          lastname: `Shopper ${username}`,
          email: `${username}@drill.shop`,
          passwordHash: template.passwordHash,
          customerId: customer.id,
          // Two buyers without a limit on each account (its owner is the demo's, decision 128).
          accountRole: "Buyer",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("userRoles").values({ userId: id, roleId: customerRole.id }).execute();
      await db.insertInto("userTenants").values({ userId: id, tenantId: customer.tenantId }).execute();
      const skus = skusOf.get(customer.stockingWarehouseCode)!;
      shoppers.push({
        username,
        customerId: customer.id,
        tenantId: customer.tenantId,
        warehouseCode: customer.stockingWarehouseCode,
        skus,
        ampleSkus: skus.slice(SCARCE_SKUS),
        tightCredit,
      });
    }
  }
  await takeSnapshot(drill);
  return shoppers;
}

/**
 * Stock, remaining credit and the last order id as they are before the load, kept in tables of
 * the drill's database so the invariants are plain SQL (the shop ignores tables it does not know).
 */
async function takeSnapshot(drill: DrillDatabase) {
  const db = drill.database.db;
  await sql`CREATE TABLE drill_stock_before AS SELECT warehouse_code, sku_code, on_hand FROM stock`.execute(
    db,
  );
  await sql`CREATE TABLE drill_orders_before AS SELECT coalesce(max(id), 0) AS last_id FROM orders`.execute(
    db,
  );
  await sql`CREATE TABLE drill_credit_before (customer_id integer PRIMARY KEY, remaining_cents bigint NOT NULL)`.execute(
    db,
  );
  const customers = await db
    .selectFrom("users")
    .select("customerId")
    .distinct()
    .where("username", "like", "drill%")
    .execute();
  for (const { customerId } of customers) {
    const position = await creditPosition(db, customerId!);
    await sql`INSERT INTO drill_credit_before VALUES (${customerId}, ${position.remainingCreditCents})`.execute(
      db,
    );
  }
}
