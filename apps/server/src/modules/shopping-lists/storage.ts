// The cart and the wishlist are the same thing kept in two tables: one list per user per
// tenant per customer account it buys for (a Rep keeps one for each account, decision 127),
// holding SKU lines with a quantity. This is their storage; modules/cart and
// modules/wishlist add what differs (the cart's order reference, the answers' shapes).
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";

export type ListKind = "cart" | "wishlist";

const tables = {
  cart: { list: sql.table("carts"), items: sql.table("cart_items"), fk: sql.ref("cart_id") },
  wishlist: { list: sql.table("wishlists"), items: sql.table("wishlist_items"), fk: sql.ref("wishlist_id") },
} as const;

export interface ListHeader {
  id: number;
  userId: number;
  /** The cart's idempotency key for the order it becomes; the wishlist has none. */
  orderReference: string | null;
  createdDate: Date;
}

export interface ListLine {
  id: number;
  skuCode: string;
  quantity: number;
  dealReference: string | null;
}

export interface ListOwner {
  tenantId: string;
  userId: number;
  /** The customer account the list buys for: the login's own, or the one a Rep acts for. */
  customerId: number;
}

/** The owner's list, created on first use; with `lock`, held until the transaction ends. */
export async function openList(
  db: Db,
  kind: ListKind,
  owner: ListOwner,
  options: { lock?: boolean } = {},
): Promise<ListHeader> {
  const t = tables[kind];
  const reference = kind === "cart" ? sql`, order_reference` : sql``;
  const referenceValue = kind === "cart" ? sql`, ${randomUUID()}::uuid` : sql``;
  await sql`INSERT INTO ${t.list} (tenant_id, user_id, customer_id ${reference})
            VALUES (${owner.tenantId}, ${owner.userId}, ${owner.customerId} ${referenceValue})
            ON CONFLICT (tenant_id, user_id, customer_id) DO NOTHING`.execute(db);
  const selectReference = kind === "cart" ? sql`order_reference::text` : sql`NULL::text`;
  const result = await sql<ListHeader>`
    SELECT id, user_id, ${selectReference} AS order_reference, created_date FROM ${t.list}
     WHERE tenant_id = ${owner.tenantId} AND user_id = ${owner.userId} AND customer_id = ${owner.customerId}
     ${options.lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return result.rows[0]!;
}

export async function listLines(db: Db, kind: ListKind, listId: number): Promise<ListLine[]> {
  const result = await sql<ListLine>`
    SELECT id, sku_code, quantity, deal_reference FROM (${listLinesQuery(kind, listId)}) line ORDER BY added_at, id`.execute(
    db,
  );
  return result.rows;
}

/** The list's lines with when each was added (their order), for a statement that reads them with more. */
export function listLinesQuery(kind: ListKind, listId: number) {
  const t = tables[kind];
  return sql<ListLine & { addedAt: Date }>`
    SELECT id, sku_code, quantity, deal_reference, added_at FROM ${t.items} WHERE ${t.fk} = ${listId}`;
}

const tooMany = (skuCode: string) =>
  new DomainError("validation", `You can order at most ${MAX_QUANTITY} packs of ${skuCode}.`, {
    errors: { quantity: [`You can order at most ${MAX_QUANTITY} packs of one product.`] },
  });

/** Adds packs to the SKU's line (a new line if there is none). */
export async function addToList(db: Db, kind: ListKind, listId: number, line: Omit<ListLine, "id">) {
  const t = tables[kind];
  const result = await sql<{ quantity: number }>`
    INSERT INTO ${t.items} (${t.fk}, sku_code, quantity, deal_reference)
    VALUES (${listId}, ${line.skuCode}, ${line.quantity}, ${line.dealReference})
    ON CONFLICT (${t.fk}, sku_code) DO UPDATE
       SET quantity = ${t.items}.quantity + excluded.quantity,
           deal_reference = coalesce(excluded.deal_reference, ${t.items}.deal_reference)
     WHERE ${t.items}.quantity + excluded.quantity <= ${MAX_QUANTITY}
    RETURNING quantity`.execute(db);
  if (result.rows.length === 0) throw tooMany(line.skuCode);
}

/** Sets the SKU's line to exactly `quantity` packs (a wishlist line keeps one quantity). */
export async function setListQuantity(db: Db, kind: ListKind, listId: number, line: Omit<ListLine, "id">) {
  const t = tables[kind];
  await sql`
    INSERT INTO ${t.items} (${t.fk}, sku_code, quantity, deal_reference)
    VALUES (${listId}, ${line.skuCode}, ${line.quantity}, ${line.dealReference})
    ON CONFLICT (${t.fk}, sku_code) DO UPDATE SET quantity = excluded.quantity, deal_reference = excluded.deal_reference`.execute(
    db,
  );
}

/** Takes packs off a line, removing it when none are left; false when the SKU is not on the list. */
export async function reduceListLine(
  db: Db,
  kind: ListKind,
  listId: number,
  skuCode: string,
  quantity: number | "all",
) {
  const t = tables[kind];
  if (quantity === "all") {
    const removed =
      await sql`DELETE FROM ${t.items} WHERE ${t.fk} = ${listId} AND sku_code = ${skuCode}`.execute(db);
    return Number(removed.numAffectedRows ?? 0) > 0;
  }
  // The quantity check (1..9999) forbids a line at zero, so a line that would reach it goes.
  const gone = await sql`DELETE FROM ${t.items}
     WHERE ${t.fk} = ${listId} AND sku_code = ${skuCode} AND quantity <= ${quantity}`.execute(db);
  if (Number(gone.numAffectedRows ?? 0) > 0) return true;
  const updated = await sql`UPDATE ${t.items} SET quantity = quantity - ${quantity}
     WHERE ${t.fk} = ${listId} AND sku_code = ${skuCode}`.execute(db);
  return Number(updated.numAffectedRows ?? 0) > 0;
}

export async function clearList(db: Db, kind: ListKind, listId: number) {
  const t = tables[kind];
  await sql`DELETE FROM ${t.items} WHERE ${t.fk} = ${listId}`.execute(db);
}

/**
 * A cart that became an order starts again empty, with a new idempotency key: its two writes,
 * for the statement that writes the order (data-modifying CTEs of it), so no round trip of
 * their own.
 */
export function cartRenewal(cartId: number) {
  return {
    emptied: sql`DELETE FROM cart_items WHERE cart_id = ${cartId}`,
    renewed: sql<
      Record<string, never>
    >`UPDATE carts SET order_reference = ${randomUUID()}::uuid, updated_at = now() WHERE id = ${cartId}`,
  };
}
