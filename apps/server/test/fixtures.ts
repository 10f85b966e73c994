// Finds real rows of the demo data for tests (never hand-made JSON that drifts), and makes
// the few extra things a test needs, such as more logins on one customer account.
import { sql } from "kysely";
import type { Db } from "../src/db/database";
import type { TestApp } from "./test-app";

export interface Sku {
  skuCode: string;
  warehouseCode: string;
  onHand: number;
}

export async function customerOf(db: Db, username: string) {
  return db
    .selectFrom("users")
    .innerJoin("customers", "customers.id", "users.customerId")
    .select([
      "customers.id",
      "customers.accountId",
      "customers.tenantId",
      "customers.pricelistId",
      "customers.stockingWarehouseCode",
      "customers.creditLimitCents",
      "customers.dcBalanceCents",
    ])
    .where("users.username", "=", username)
    .executeTakeFirstOrThrow();
}

/** An active SKU with at least `minStock` packs in the warehouse; `deal` asks for a running deal in the tenant. */
export async function findSku(
  db: Db,
  options: {
    warehouseCode: string;
    tenantId: string;
    liquor?: boolean;
    deal?: boolean;
    minStock?: number;
    skip?: number;
  },
): Promise<Sku & { dealMinQuantity: number | null }> {
  const result = await sql<Sku & { dealMinQuantity: number | null }>`
    SELECT p.sku_code, s.warehouse_code, s.on_hand,
           (SELECT min(d.min_quantity) FROM deals d WHERE d.sku_code = p.sku_code AND d.tenant_id = ${options.tenantId}
               AND d.starts_at <= now() AND d.ends_at > now()) AS deal_min_quantity
      FROM products p JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = ${options.warehouseCode}
     WHERE p.active AND p.is_liquor = ${options.liquor ?? false} AND s.on_hand >= ${options.minStock ?? 20}
       AND ${
         options.deal === undefined
           ? sql`true`
           : sql`EXISTS (SELECT 1 FROM deals d WHERE d.sku_code = p.sku_code
               AND d.tenant_id = ${options.tenantId} AND d.starts_at <= now() AND d.ends_at > now()) = ${options.deal}`
       }
     ORDER BY p.sku_code LIMIT 1 OFFSET ${options.skip ?? 0}`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`no SKU matches ${JSON.stringify(options)}`);
  return row;
}

export async function setStock(db: Db, warehouseCode: string, skuCode: string, onHand: number) {
  await db
    .updateTable("stock")
    .set({ onHand })
    .where("warehouseCode", "=", warehouseCode)
    .where("skuCode", "=", skuCode)
    .execute();
}

export async function stockOf(db: Db, warehouseCode: string, skuCode: string) {
  const row = await db
    .selectFrom("stock")
    .select("onHand")
    .where("warehouseCode", "=", warehouseCode)
    .where("skuCode", "=", skuCode)
    .executeTakeFirstOrThrow();
  return row.onHand;
}

/**
 * Another login on the same customer account as `username` (password: the demo password): a
 * Buyer without a limit unless `member` says otherwise.
 */
export async function extraLogin(
  t: TestApp,
  username: string,
  newUsername: string,
  member: { accountRole?: "Buyer" | "Viewer"; orderLimitCents?: number | null } = {},
): Promise<string> {
  const db = t.database.db;
  const source = await db
    .selectFrom("users")
    .select(["id", "passwordHash", "customerId"])
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto("users")
    .values({
      username: newUsername,
      firstname: "Extra",
      lastname: "Login",
      email: `${newUsername}@test.shop`,
      passwordHash: source.passwordHash,
      customerId: source.customerId,
      accountRole: member.accountRole ?? "Buyer",
      orderLimitCents: member.orderLimitCents ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO user_roles (user_id, role_id) SELECT ${id}, role_id FROM user_roles WHERE user_id = ${source.id}`.execute(
    db,
  );
  await sql`INSERT INTO user_tenants (user_id, tenant_id) SELECT ${id}, tenant_id FROM user_tenants WHERE user_id = ${source.id}`.execute(
    db,
  );
  return t.login(newUsername);
}
