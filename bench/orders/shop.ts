// The temporary database: the demo, plus one login and account per simulated customer, and the
// orders they place.
import { sql } from "kysely";
import pg from "pg";
import type { Cart } from "@trade-shop/contracts/cart";
import type { Database } from "../../apps/server/src/db/database";
import { buildCreateOrder } from "../../apps/web/src/features/orders/create-order";
import { ADMIN_URL, HOT_SKUS, LINES_PER_ORDER, CUSTOMERS } from "./settings";

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface Shop {
  warehouseCode: string;
  hotSkus: string[];
  usernames: string[];
}

/**
 * Copies the demo's trader into CUSTOMERS accounts with a login each (same price list and
 * warehouse, a credit limit no order reaches), and gives the hot products more stock than the
 * run can sell, so no order is refused for credit or stock.
 */
export async function prepareShop(db: Database["db"]): Promise<Shop> {
  const trader = await db
    .selectFrom("users")
    .innerJoin("customers", "customers.id", "users.customerId")
    .select([
      "users.id as userId",
      "users.passwordHash",
      "customers.id as customerId",
      "customers.stockingWarehouseCode",
    ])
    .where("users.username", "=", "trader")
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO customers (tenant_id, account_id, name, address1, address2, address3, address4, address5, address_pc,
                           contact_email, contact_cellphone, tax_number, pricelist_id, stocking_warehouse_code,
                           is_liquor_customer, rep_code, vendor_number, credit_limit_cents, dc_balance_cents)
    SELECT c.tenant_id, 'BENCH' || lpad(n::text, 4, '0'), 'Bench customer ' || n, c.address1, c.address2, c.address3,
           c.address4, c.address5, c.address_pc, 'bench-' || n || '@bench.test', c.contact_cellphone, c.tax_number,
           c.pricelist_id, c.stocking_warehouse_code, c.is_liquor_customer, c.rep_code, c.vendor_number, 100000000000, 0
      FROM customers c, generate_series(1, ${CUSTOMERS}) n WHERE c.id = ${trader.customerId}`.execute(db);
  await sql`
    INSERT INTO users (username, firstname, lastname, email, password_hash, customer_id)
    SELECT 'bench-customer-' || substr(c.account_id, 6), 'Bench', 'Customer', 'bench-customer-' || substr(c.account_id, 6) || '@bench.test',
           ${trader.passwordHash}, c.id
      FROM customers c WHERE c.account_id LIKE 'BENCH%'`.execute(db);
  await sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.role_id FROM users u, user_roles r WHERE u.username LIKE 'bench-customer-%' AND r.user_id = ${trader.userId}`.execute(
    db,
  );
  await sql`
    INSERT INTO user_tenants (user_id, tenant_id)
    SELECT u.id, t.tenant_id FROM users u, user_tenants t WHERE u.username LIKE 'bench-customer-%' AND t.user_id = ${trader.userId}`.execute(
    db,
  );
  const { rows: hot } = await sql<{ skuCode: string }>`
    SELECT p.sku_code FROM products p JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = ${trader.stockingWarehouseCode}
     WHERE p.active AND NOT p.is_liquor ORDER BY p.sku_code LIMIT ${HOT_SKUS}`.execute(db);
  const hotSkus = hot.map((r) => r.skuCode);
  await sql`UPDATE stock SET on_hand = 100000000
             WHERE warehouse_code = ${trader.stockingWarehouseCode} AND sku_code = ANY(${hotSkus}::text[])`.execute(
    db,
  );
  const { rows: users } = await sql<{ username: string }>`
    SELECT username FROM users WHERE username LIKE 'bench-customer-%' ORDER BY username`.execute(db);
  return { warehouseCode: trader.stockingWarehouseCode, hotSkus, usernames: users.map((u) => u.username) };
}

/** The lines of one order: distinct hot products, 1-3 packs each. */
export function orderLines(shop: Shop, random: () => number): [string, number][] {
  const skus = new Set<string>();
  while (skus.size < LINES_PER_ORDER) skus.add(shop.hotSkus[Math.floor(random() * shop.hotSkus.length)]!);
  return [...skus].map((sku) => [sku, 1 + Math.floor(random() * 3)]);
}

/** The command the web app's checkout sends for the cart it showed (collection, no reference). */
export const commandFrom = (cart: Cart) =>
  buildCreateOrder(cart, { homeDelivery: false, reference: "" }, new Date());
