// The statements of order placement that do more than one thing each, so that placing an
// order costs few round trips (decision 78). Locks are always taken in one order, the cart,
// then its customer, then stock rows by SKU, so concurrent placements wait for each other but
// never deadlock.
import { sql, type InsertObject, type Selectable } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "../../db/database";
import type { DB, OrderLines, Orders } from "../../db/schema";
import { toMember, type Member } from "../accounts";
import { cartRenewal, type ListHeader, type PricedItem } from "../shopping-lists";
import { ACCOUNT_DELIVERY_COLUMNS, type AccountDelivery } from "./delivery";
import { orderNumberSql } from "./order-number";

/** What an order records about the account it is for, its own address and its delivery terms included. */
export interface OrderingAccount extends AccountDelivery {
  name: string;
  taxNumber: string | null;
  contactEmail: string | null;
  contactCellphone: string | null;
  repCode: string | null;
  vendorNumber: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  address5: string | null;
  addressPc: string | null;
}

/** Who places the order: one of the account's people (a member), or a login that is not (staff, a rep). */
export interface Placer {
  member: Member | undefined;
  /** Their name as the order shows it; null when the login has none. */
  name: string | null;
}

/**
 * The user's cart and its customer account, both locked to the end of the transaction: one
 * placement per cart at a time, and credit checked one order after another per account; with
 * them, who is placing (read in the same statement, a round trip saved). The cart is undefined
 * when the user has none yet. The customer is locked only once the cart is (its row comes out
 * of the join after the cart's), and the rows returned are the latest committed.
 */
export async function lockCartAndAccount(
  trx: Db,
  owner: { tenantId: string; userId: number; customerId: number },
): Promise<{ cart: ListHeader | undefined; account: OrderingAccount; placer: Placer }> {
  // carts (tenant_id, user_id, customer_id) unique; customers and users primary keys. The cart is
  // the one kept for this customer, so a Rep's cart for another account can never be ordered here.
  const { rows } = await sql<
    OrderingAccount & {
      cartId: number | null;
      cartUserId: number | null;
      orderReference: string | null;
      cartCreatedDate: Date | null;
      placerId: number | null;
      placerIsMember: boolean | null;
      accountRole: string | null;
      orderLimitCents: number | null;
      firstname: string | null;
      lastname: string | null;
    }
  >`
    WITH cart AS MATERIALIZED (
      SELECT id, user_id, order_reference::text AS order_reference, created_date FROM carts
       WHERE tenant_id = ${owner.tenantId} AND user_id = ${owner.userId} AND customer_id = ${owner.customerId}
         FOR UPDATE)
    SELECT cart.id AS cart_id, cart.user_id AS cart_user_id, cart.order_reference, cart.created_date AS cart_created_date,
           c.name, c.tax_number, c.contact_email, c.contact_cellphone, c.rep_code, c.vendor_number,
           c.address1, c.address2, c.address3, c.address4, c.address5, c.address_pc,
           ${ACCOUNT_DELIVERY_COLUMNS},
           u.id AS placer_id, u.customer_id = c.id AS placer_is_member, u.account_role, u.order_limit_cents,
           u.firstname, u.lastname
      FROM customers c
      LEFT JOIN warehouses w ON w.code = c.stocking_warehouse_code
      LEFT JOIN cart ON true
      LEFT JOIN users u ON u.id = ${owner.userId}
     WHERE c.id = ${owner.customerId}
       FOR NO KEY UPDATE OF c`.execute(trx); // as creditPosition's lock (accounts/credit.ts)
  const row = rows[0];
  if (!row) throw new Error(`customer ${owner.customerId} does not exist`);
  const {
    cartId,
    cartUserId,
    orderReference,
    cartCreatedDate,
    placerId,
    placerIsMember,
    accountRole,
    orderLimitCents,
    firstname,
    lastname,
    ...account
  } = row;
  const cart =
    cartId === null
      ? undefined
      : { id: cartId, userId: cartUserId!, orderReference, createdDate: cartCreatedDate! };
  const user =
    placerId === null
      ? undefined
      : {
          id: placerId,
          accountRole: accountRole!,
          orderLimitCents,
          firstname: firstname!,
          lastname: lastname!,
        };
  const member = user && placerIsMember ? toMember(user) : undefined;
  const name = member?.name ?? (user ? `${user.firstname} ${user.lastname}`.trim() || null : null);
  return { cart, account, placer: { member, name } };
}

/** An order line as written, before its order's id is drawn. */
export type OrderLineValues = Omit<InsertObject<DB, "orderLines">, "orderId">;

/**
 * Inserts the order with an id drawn in the same statement (its number is made from it), its
 * first status and its lines, and renews the cart it was placed from, all in one statement;
 * returns the order and its lines as written.
 */
export async function insertOrder(
  trx: Db,
  values: Omit<InsertObject<DB, "orders">, "id" | "orderId">,
  lines: readonly OrderLineValues[],
  cartId: number,
): Promise<{ order: Selectable<Orders>; lines: Selectable<OrderLines>[] }> {
  const drawnId = sql<number>`(SELECT id FROM next)`;
  const renewal = cartRenewal(cartId);
  const { newLines, ...order } = await trx
    .with("next", (db) =>
      db.selectNoFrom(sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::int`.as("id")),
    )
    .with("newOrder", (db) =>
      db
        .insertInto("orders")
        .values({ ...values, id: drawnId, orderId: orderNumberSql(drawnId) })
        .returningAll(),
    )
    .with("firstStatus", (db) =>
      db
        .insertInto("orderStatusHistory")
        .columns(["orderId", "status"])
        .expression((eb) =>
          eb.selectFrom("newOrder").select(["newOrder.id", "newOrder.currentPastelStatus as status"]),
        )
        .returning("id"),
    )
    .with("newLines", (db) =>
      db
        .insertInto("orderLines")
        .values(lines.map((line) => ({ ...line, orderId: drawnId })))
        .returningAll(),
    )
    // A raw statement is not parenthesised as a CTE by Kysely, so it is here.
    .with("emptiedCart", () => sql<Record<string, never>>`(${renewal.emptied})`)
    .with("renewedCart", () => sql<Record<string, never>>`(${renewal.renewed})`)
    .selectFrom("newOrder")
    .selectAll()
    // Every column of order_lines is text, a number or a boolean, so JSON carries each as it is.
    .select((eb) =>
      jsonArrayFrom(eb.selectFrom("newLines").selectAll().orderBy("newLines.lineNumber")).as("newLines"),
    )
    .executeTakeFirstOrThrow();
  return { order, lines: newLines as Selectable<OrderLines>[] };
}

export interface StockShortfall {
  skuCode: string;
  available: number;
}

/**
 * Takes `quantity` of every SKU from the warehouse's stock if every one has enough, else takes
 * nothing and returns the SKUs short with what they have (no stock row: none). A negative
 * quantity puts packs back (a changed order's smaller line) and is never short. The rows are
 * locked first, in SKU order; then the update runs only when nothing is short. What the lock
 * returns is the latest committed stock, so the check and the update see the same numbers.
 */
export async function takeStockOrNone(
  trx: Db,
  warehouseCode: string,
  wanted: readonly { skuCode: string; quantity: number }[],
): Promise<StockShortfall[]> {
  const skuCodes = wanted.map((w) => w.skuCode);
  const quantities = wanted.map((w) => w.quantity);
  // stock primary key (warehouse_code, sku_code).
  const { rows } = await sql<StockShortfall>`
    WITH wanted AS (SELECT * FROM unnest(${skuCodes}::text[], ${quantities}::int[]) AS w(sku_code, quantity)),
         held AS MATERIALIZED (
           SELECT s.sku_code, s.on_hand FROM stock s
            WHERE s.warehouse_code = ${warehouseCode} AND s.sku_code = ANY(${skuCodes}::text[])
            ORDER BY s.sku_code
              FOR UPDATE),
         short AS MATERIALIZED (
           SELECT w.sku_code, coalesce(h.on_hand, 0) AS available
             FROM wanted w LEFT JOIN held h ON h.sku_code = w.sku_code
            WHERE w.quantity > 0 AND coalesce(h.on_hand, 0) < w.quantity),
         taken AS (
           UPDATE stock s SET on_hand = s.on_hand - w.quantity
             FROM wanted w
            WHERE s.warehouse_code = ${warehouseCode} AND s.sku_code = w.sku_code
              AND NOT EXISTS (SELECT 1 FROM short))
    SELECT sku_code, available FROM short ORDER BY sku_code`.execute(trx);
  return rows;
}

/** The order_lines rows of priced items, numbered from 1, all from one warehouse. */
export function orderLineRows(orderId: number, items: readonly PricedItem[], warehouseCode: string) {
  return orderLineValues(items, warehouseCode).map((line) => ({ ...line, orderId }));
}

/** orderLineRows before the order's id is known (insertOrder draws it). */
export function orderLineValues(items: readonly PricedItem[], warehouseCode: string) {
  return items.map((i, index) => ({
    lineNumber: index + 1,
    skuCode: i.line.skuCode,
    productDescription: i.product.description,
    quantity: i.line.quantity,
    vatRate: i.priced.vatRate,
    listPriceExclCents: i.priced.listPriceExclCents,
    unitPriceExclCents: i.priced.unitPriceExclCents,
    totalExclCents: i.priced.totalExclCents,
    totalInclCents: i.priced.totalInclCents,
    warehouseCode,
    dealReference: i.priced.dealReference,
    dealDescription: i.priced.dealDescription,
    dealPercent: i.priced.dealApplied ? i.priced.discountPercent : null,
    category: i.product.category,
    rtCategory: i.product.rtCategory,
    assignedDiscount: i.priced.assignedDiscountCents,
  }));
}
