// The cart's rules (SPEC §4 Cart, DESIGN.md §4): only products on sale, liquor only for
// licensed customers, whole packs up to 9 999 a line; every answer is the whole cart,
// re-priced now for this customer.
import { toRand } from "@trade-shop/contracts/common";
import type { AddItemCommand, Cart, RemoveCartItemCommand } from "@trade-shop/contracts/cart";
import type { Db } from "../../db/database";
import { notFound } from "../../shared/domain-error";
import type { CustomerContext } from "../accounts/customer-context";
import { publishChange } from "../realtime/publish";
import type { PricedItems } from "../shopping-lists/priced-items";
import { assertPurchasable, listOwner, readList } from "../shopping-lists/purchasable";
import { addToList, clearList, openList, reduceListLine, type ListHeader } from "../shopping-lists/storage";

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

export async function addToCart(db: Db, customer: CustomerContext, userId: number, command: AddItemCommand) {
  await assertPurchasable(db, customer, command.skuCode);
  const header = await openList(db, "cart", listOwner(customer, userId));
  await addToList(db, "cart", header.id, {
    skuCode: command.skuCode,
    quantity: command.quantity,
    dealReference: command.dealReference ?? null,
  });
  await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
  return getCart(db, customer, userId);
}

export async function removeFromCart(db: Db, customer: CustomerContext, userId: number, command: RemoveCartItemCommand) {
  const header = await openList(db, "cart", listOwner(customer, userId));
  const found = await reduceListLine(db, "cart", header.id, command.skuCode, command.remove ? "all" : (command.quantity ?? 1));
  if (!found) throw notFound(`${command.skuCode} is not in your cart.`);
  await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
  return getCart(db, customer, userId);
}

export async function clearCart(db: Db, customer: CustomerContext, userId: number) {
  const header = await openList(db, "cart", listOwner(customer, userId));
  await clearList(db, "cart", header.id);
  await publishChange(db, { kind: "cart", ...listOwner(customer, userId) });
}
