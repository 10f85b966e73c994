// The cart's rules (docs/behaviour.md Cart, docs/rules.md): only products on sale, liquor only for
// licensed customers, whole packs up to 9 999 a line, and no more packs than the customer's
// warehouse holds (an add beyond that adds what there is and says so; decision 95); every
// answer is the whole cart, re-priced now for this customer.
import { toRand } from "@trade-shop/contracts/common";
import type { AddItemCommand, Cart, CartAfterAdd, RemoveCartItemCommand } from "@trade-shop/contracts/cart";
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

export async function addToCart(
  db: Db,
  customer: CustomerContext,
  userId: number,
  command: AddItemCommand,
): Promise<CartAfterAdd> {
  const description = await assertPurchasable(db, customer, command.skuCode);
  const header = await openList(db, "cart", listOwner(customer, userId));
  const { onHand, inCart } = await stockAndCartQuantity(db, customer, header.id, command.skuCode);
  const added = Math.min(command.quantity, onHand - inCart);
  if (added <= 0) {
    const message =
      onHand === 0
        ? `${description} is out of stock.`
        : `Only ${onHand} of ${description} in stock, and your cart already has ${inCart}.`;
    throw new DomainError("stock_short", message, {
      extensions: {
        shortages: [
          { skuCode: command.skuCode, description, requested: inCart + command.quantity, available: onHand },
        ],
      },
    });
  }
  await addToList(db, "cart", header.id, {
    skuCode: command.skuCode,
    quantity: added,
    dealReference: command.dealReference ?? null,
  });
  await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
  const cart = await getCart(db, customer, userId);
  return {
    ...cart,
    added: { skuCode: command.skuCode, requested: command.quantity, added, stockOnHand: onHand },
  };
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
