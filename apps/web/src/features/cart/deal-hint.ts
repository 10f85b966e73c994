// What a cart line says about its deal (docs/rules.md: the deal price applies from its minimum
// number of packs on the line): how many packs are missing, or that the deal price applies.
import type { CartItem } from "@trade-shop/contracts/cart";

export type DealHint = { kind: "applied"; text: string } | { kind: "short"; missing: number; text: string };

type DealLine = Pick<CartItem, "quantity" | "minOrderQuantityDiscount" | "discountPriceExcl">;

export const DEAL_APPLIED = "Deal price applied";

/** Null when the line's product has no deal for this customer. */
export function dealHint(line: DealLine): DealHint | null {
  const { quantity, minOrderQuantityDiscount: min, discountPriceExcl } = line;
  if (min === null || discountPriceExcl === null) return null;
  if (quantity >= min) return { kind: "applied", text: DEAL_APPLIED };
  const missing = min - quantity;
  return { kind: "short", missing, text: `Add ${missing} more for the deal price` };
}
