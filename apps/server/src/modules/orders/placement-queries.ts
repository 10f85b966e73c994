// The statements of order placement that do more than one thing each, so that placing an
// order costs few round trips (decision 78). Locks are always taken in one order, the cart,
// then its customer, then stock rows by SKU, so concurrent placements wait for each other but
// never deadlock.
import { sql, type InsertObject, type Selectable } from "kysely";
import type { Db } from "../../db/database";
import type { DB, Orders } from "../../db/schema";
import type { ListHeader, PricedItem } from "../shopping-lists";
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

/**
 * The user's cart and its customer account, both locked to the end of the transaction: one
 * placement per cart at a time, and credit checked one order after another per account.
 * Undefined when the user has no cart yet. The customer is locked only once the cart is (its
 * row comes out of the join after the cart's), and the rows returned are the latest committed.
 */
export async function lockCartAndAccount(
  trx: Db,
  owner: { tenantId: string; userId: number; customerId: number },
): Promise<{ cart: ListHeader; account: OrderingAccount } | undefined> {
  // carts (tenant_id, user_id, customer_id) unique; customers primary key. The cart is the one
  // kept for this customer, so a Rep's cart for another account can never be ordered here.
  const { rows } = await sql<ListHeader & OrderingAccount>`
    WITH cart AS MATERIALIZED (
      SELECT id, user_id, order_reference::text AS order_reference, created_date FROM carts
       WHERE tenant_id = ${owner.tenantId} AND user_id = ${owner.userId} AND customer_id = ${owner.customerId}
         FOR UPDATE)
    SELECT cart.id, cart.user_id, cart.order_reference, cart.created_date,
           c.name, c.tax_number, c.contact_email, c.contact_cellphone, c.rep_code, c.vendor_number,
           c.address1, c.address2, c.address3, c.address4, c.address5, c.address_pc,
           ${ACCOUNT_DELIVERY_COLUMNS}
      FROM cart, customers c LEFT JOIN warehouses w ON w.code = c.stocking_warehouse_code
     WHERE c.id = ${owner.customerId}
       FOR UPDATE OF c`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const { id, userId, orderReference, createdDate, ...account } = row;
  return { cart: { id, userId, orderReference, createdDate }, account };
}

/** Inserts the order with an id drawn in the same statement (its number is made from it) and its first status. */
export function insertOrder(
  trx: Db,
  values: Omit<InsertObject<DB, "orders">, "id" | "orderId">,
): Promise<Selectable<Orders>> {
  const drawnId = sql<number>`(SELECT id FROM next)`;
  return trx
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
    .selectFrom("newOrder")
    .selectAll()
    .executeTakeFirstOrThrow();
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
  return items.map((i, index) => ({
    orderId,
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
