// The wishlist: the cart's lines and rules without ordering. Adding a SKU already on the
// list sets its quantity rather than adding to it: a wishlist remembers, it does not count.
import { toRand } from "@trade-shop/contracts/common";
import type { AddItemCommand } from "@trade-shop/contracts/cart";
import type { Wishlist } from "@trade-shop/contracts/wishlist";
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";
import type { CustomerContext } from "../accounts";
import {
  assertPurchasable,
  clearList,
  listOwner,
  openList,
  readList,
  reduceListLine,
  setListQuantity,
} from "../shopping-lists";
import { publishChange } from "../realtime";

export async function getWishlist(db: Db, customer: CustomerContext, userId: number): Promise<Wishlist> {
  const { header, priced } = await readList(db, "wishlist", customer, userId);
  return {
    id: header.id,
    userId: header.userId,
    orderReference: `wishlist-${header.id}`,
    createdDate: header.createdDate.toISOString(),
    wishlistItems: priced.items.map((i) => ({ ...i.item, wishlistId: header.id })),
    totalPriceExcl: toRand(priced.totalExclCents),
    totalPriceIncl: toRand(priced.totalInclCents),
    discount: toRand(priced.discountCents),
    numberOfItems: priced.items.length,
  };
}

export async function addToWishlist(
  db: Db,
  customer: CustomerContext,
  userId: number,
  command: AddItemCommand,
) {
  await assertPurchasable(db, customer, command.skuCode);
  const header = await openList(db, "wishlist", listOwner(customer, userId));
  await setListQuantity(db, "wishlist", header.id, {
    skuCode: command.skuCode,
    quantity: command.quantity,
    dealReference: command.dealReference ?? null,
  });
  await publishChange(db, { kind: "wishlist", ...listOwner(customer, userId) });
  return getWishlist(db, customer, userId);
}

export async function removeFromWishlist(db: Db, customer: CustomerContext, userId: number, skuCode: string) {
  const header = await openList(db, "wishlist", listOwner(customer, userId));
  if (!(await reduceListLine(db, "wishlist", header.id, skuCode, "all"))) {
    throw notFound(`${skuCode} is not on your wishlist.`);
  }
  await publishChange(db, { kind: "wishlist", ...listOwner(customer, userId) });
  return getWishlist(db, customer, userId);
}

export async function clearWishlist(db: Db, customer: CustomerContext, userId: number) {
  const header = await openList(db, "wishlist", listOwner(customer, userId));
  await clearList(db, "wishlist", header.id);
  await publishChange(db, { kind: "wishlist", ...listOwner(customer, userId) });
}
