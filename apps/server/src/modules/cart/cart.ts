// The cart's rules (SPEC §4 Cart, DESIGN.md §4): only products on sale, liquor only for
// licensed customers, whole packs up to 9 999 a line; every answer is the whole cart,
// re-priced now for this customer.
import { toRand } from "@trade-shop/contracts/common";
import type { AddItemCommand, Cart, RemoveCartItemCommand } from "@trade-shop/contracts/cart";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../http/domain-error";
import type { CustomerContext } from "../accounts/customer-context";
import { publishChange } from "../realtime/publish";
import { priceItems, type PricedItems } from "./priced-items";
import { addToList, clearList, listLines, openList, reduceListLine, type ListHeader, type ListKind } from "./shopping-list";

export const liquorRefused = () =>
  new DomainError(
    "forbidden",
    "Your account is not licensed to buy liquor. Contact your sales representative to add a liquor licence.",
  );

/** Checks that a SKU may go on this customer's cart or wishlist. */
export async function assertPurchasable(db: Db, customer: CustomerContext, skuCode: string) {
  const product = await db
    .selectFrom("products")
    .select(["isLiquor", "active"])
    .where("skuCode", "=", skuCode)
    .executeTakeFirst();
  if (!product?.active) throw notFound(`There is no product with the code ${skuCode}.`);
  if (product.isLiquor && !customer.isLiquorCustomer) throw liquorRefused();
}

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

const owner = (customer: CustomerContext, userId: number) => ({ tenantId: customer.tenantId, userId });

export async function readList(db: Db, kind: ListKind, customer: CustomerContext, userId: number) {
  const header = await openList(db, kind, owner(customer, userId));
  const priced = await priceItems(db, customer, await listLines(db, kind, header.id));
  return { header, priced };
}

export async function getCart(db: Db, customer: CustomerContext, userId: number): Promise<Cart> {
  const { header, priced } = await readList(db, "cart", customer, userId);
  return cartFrom(header, priced);
}

export async function addToCart(db: Db, customer: CustomerContext, userId: number, command: AddItemCommand) {
  await assertPurchasable(db, customer, command.skuCode);
  const header = await openList(db, "cart", owner(customer, userId));
  await addToList(db, "cart", header.id, {
    skuCode: command.skuCode,
    quantity: command.quantity,
    dealReference: command.dealReference ?? null,
  });
  await publishChange(db, { kind: "cart", ...owner(customer, userId) });
  return getCart(db, customer, userId);
}

export async function removeFromCart(db: Db, customer: CustomerContext, userId: number, command: RemoveCartItemCommand) {
  const header = await openList(db, "cart", owner(customer, userId));
  const found = await reduceListLine(db, "cart", header.id, command.skuCode, command.remove ? "all" : (command.quantity ?? 1));
  if (!found) throw notFound(`${command.skuCode} is not in your cart.`);
  await publishChange(db, { kind: "cart", ...owner(customer, userId) });
  return getCart(db, customer, userId);
}

export async function clearCart(db: Db, customer: CustomerContext, userId: number) {
  const header = await openList(db, "cart", owner(customer, userId));
  await clearList(db, "cart", header.id);
  await publishChange(db, { kind: "cart", ...owner(customer, userId) });
}
