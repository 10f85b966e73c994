// What may go on a customer's cart or wishlist, and a list read back priced for them: the
// rules the cart, the wishlist and order placement share.
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";
import { liquorRefusal, type CustomerContext } from "../accounts";
import { priceItems } from "./priced-items";
import { listLines, openList, type ListKind, type ListOwner } from "./storage";

/** Checks that a SKU may go on this customer's cart or wishlist; its description when it may. */
export async function assertPurchasable(db: Db, customer: CustomerContext, skuCode: string): Promise<string> {
  const product = await db
    .selectFrom("products")
    .select(["isLiquor", "active", "description"])
    .where("skuCode", "=", skuCode)
    .executeTakeFirst();
  if (!product?.active) throw notFound(`There is no product with the code ${skuCode}.`);
  const refusal = product.isLiquor ? liquorRefusal(customer) : undefined;
  if (refusal) throw refusal;
  return product.description;
}

export const listOwner = (customer: CustomerContext, userId: number): ListOwner => ({
  tenantId: customer.tenantId,
  userId,
  customerId: customer.customerId,
});

export async function readList(db: Db, kind: ListKind, customer: CustomerContext, userId: number) {
  const header = await openList(db, kind, listOwner(customer, userId));
  const priced = await priceItems(db, customer, await listLines(db, kind, header.id));
  return { header, priced };
}
