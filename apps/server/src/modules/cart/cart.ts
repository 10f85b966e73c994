// The cart's rules (docs/behaviour.md Cart, docs/rules.md): only products on sale, liquor only for
// licensed customers, whole packs up to 9 999 a line, and no more packs than the customer's
// warehouse holds (an add beyond that adds what there is and says so; decision 95); every
// answer is the whole cart, re-priced now for this customer.
import { toRand } from "@trade-shop/contracts/common";
import { sql } from "kysely";
import {
  IDEMPOTENCY_KEY_HEADER,
  type AddedToCart,
  type AddItemCommand,
  type Cart,
  type CartAfterAdd,
  type RemoveCartItemCommand,
} from "@trade-shop/contracts/cart";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import type { CustomerContext } from "../accounts";
import { publishChange } from "../realtime";
import {
  assertPurchasable,
  listOwner,
  readList,
  addToList,
  clearList,
  openList,
  reduceListLine,
  type PricedItems,
  type ListHeader,
} from "../shopping-lists";

export function cartFrom(header: ListHeader, priced: PricedItems): Cart {
  return {
    id: header.id,
    userId: header.userId,
    orderReference: header.orderReference ?? "",
    createdDate: header.createdDate.toISOString(),
    cartItems: priced.items.map((i) => ({ ...i.item, cartId: header.id })),
    totalPriceExcl: toRand(priced.totalExclCents),
    totalPriceIncl: toRand(priced.totalInclCents),
    discount: toRand(priced.discountCents),
    numberOfItems: priced.items.length,
  };
}

export async function getCart(db: Db, customer: CustomerContext, userId: number): Promise<Cart> {
  const { header, priced } = await readList(db, "cart", customer, userId);
  return cartFrom(header, priced);
}

/** Packs of the SKU in the customer's warehouse (0 without a stock row) and already in the cart. */
async function stockAndCartQuantity(db: Db, customer: CustomerContext, cartId: number, skuCode: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("stock")
        .select("onHand")
        .where("warehouseCode", "=", customer.stockingWarehouseCode)
        .where("skuCode", "=", skuCode)
        .as("onHand"),
      eb
        .selectFrom("cartItems")
        .select("quantity")
        .where("cartId", "=", cartId)
        .where("skuCode", "=", skuCode)
        .as("inCart"),
    ])
    .executeTakeFirstOrThrow();
  return { onHand: Math.max(0, row.onHand ?? 0), inCart: row.inCart ?? 0 };
}

/**
 * Adds packs, in one transaction. With an idempotency key (decision 159) the add first claims the
 * key on this cart: a repeat of a claimed key (the balancer's or the browser's retry, even one
 * running at the same time, which waits on the claim) changes nothing and answers with the cart
 * as it is now and what the first add did. A refused add rolls back its claim, so its repeat asks
 * again.
 */
export async function addToCart(
  db: Db,
  customer: CustomerContext,
  userId: number,
  command: AddItemCommand,
  requestKey?: string,
): Promise<CartAfterAdd> {
  return db.transaction().execute(async (trx) => {
    const description = await assertPurchasable(trx, customer, command.skuCode);
    const header = await openList(trx, "cart", listOwner(customer, userId));
    if (requestKey !== undefined) {
      const earlier = await claimAdd(trx, header.id, requestKey, command);
      if (earlier) return { ...(await getCart(trx, customer, userId)), added: earlier };
    }
    const { onHand, inCart } = await stockAndCartQuantity(trx, customer, header.id, command.skuCode);
    const added = Math.min(command.quantity, onHand - inCart);
    if (added <= 0) {
      const message =
        onHand === 0
          ? `${description} is out of stock.`
          : `Only ${onHand} of ${description} in stock, and your cart already has ${inCart}.`;
      throw new DomainError("stock_short", message, {
        extensions: {
          shortages: [
            {
              skuCode: command.skuCode,
              description,
              requested: inCart + command.quantity,
              available: onHand,
            },
          ],
        },
      });
    }
    await addToList(trx, "cart", header.id, {
      skuCode: command.skuCode,
      quantity: added,
      dealReference: command.dealReference ?? null,
    });
    const outcome = { skuCode: command.skuCode, requested: command.quantity, added, stockOnHand: onHand };
    if (requestKey !== undefined) await recordAdd(trx, header.id, requestKey, outcome);
    await publishChange(trx, { kind: "cart", ...listOwner(customer, userId) });
    return { ...(await getCart(trx, customer, userId)), added: outcome };
  });
}

/**
 * Claims `requestKey` on the cart; undefined when this add is the first with it, else what the
 * first did. The same key with another SKU or quantity is a client's mistake, refused.
 */
async function claimAdd(
  trx: Db,
  cartId: number,
  requestKey: string,
  command: AddItemCommand,
): Promise<AddedToCart | undefined> {
  const claimed = await sql`
    INSERT INTO cart_add_requests (cart_id, request_key, sku_code, requested, added, stock_on_hand)
    VALUES (${cartId}, ${requestKey}, ${command.skuCode}, ${command.quantity}, 0, 0)
    ON CONFLICT (cart_id, request_key) DO NOTHING
    RETURNING 1`.execute(trx);
  if (claimed.rows.length > 0) return undefined;
  const first = await sql<AddedToCart>`
    SELECT sku_code, requested, added, stock_on_hand FROM cart_add_requests
     WHERE cart_id = ${cartId} AND request_key = ${requestKey}`.execute(trx);
  const earlier = first.rows[0]!;
  if (earlier.skuCode !== command.skuCode || earlier.requested !== command.quantity)
    throw new DomainError("validation", "This Idempotency-Key was used for another add.", {
      errors: { [IDEMPOTENCY_KEY_HEADER]: ["Send a new Idempotency-Key for a different add."] },
    });
  return earlier;
}

async function recordAdd(trx: Db, cartId: number, requestKey: string, outcome: AddedToCart) {
  await sql`
    UPDATE cart_add_requests SET added = ${outcome.added}, stock_on_hand = ${outcome.stockOnHand}
     WHERE cart_id = ${cartId} AND request_key = ${requestKey}`.execute(trx);
}

/** Claims older than a day go (the worker's hourly housekeeping): every retry comes within seconds. */
export async function pruneCartAddRequests(db: Db): Promise<void> {
  await sql`DELETE FROM cart_add_requests WHERE created_at < now() - interval '1 day'`.execute(db);
}

export async function removeFromCart(
  db: Db,
  customer: CustomerContext,
  userId: number,
  command: RemoveCartItemCommand,
) {
  const header = await openList(db, "cart", listOwner(customer, userId));
  const found = await reduceListLine(
    db,
    "cart",
    header.id,
    command.skuCode,
    command.remove ? "all" : (command.quantity ?? 1),
  );
  if (!found) throw notFound(`${command.skuCode} is not in your cart.`);
  await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
  return getCart(db, customer, userId);
}

export async function clearCart(db: Db, customer: CustomerContext, userId: number) {
  const header = await openList(db, "cart", listOwner(customer, userId));
  await clearList(db, "cart", header.id);
  await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
}
