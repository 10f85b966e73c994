// What stops a cart from becoming an order, known before Place order is pressed: lines asking
// for more than the warehouse holds, and a total over the remaining credit (by how much).
import type { Cart, CartItem } from "@trade-shop/contracts/cart";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { shortLines } from "@/entities/cart";

export interface OrderBlockers {
  shortLines: CartItem[];
  /** Rand over the remaining credit; null when within it or the credit is not known. */
  overCreditBy: number | null;
}

export function orderBlockers(
  cart: Pick<Cart, "cartItems" | "totalPriceIncl">,
  remainingCredit: number | null,
): OrderBlockers {
  const over = remainingCredit === null ? 0 : toCents(cart.totalPriceIncl) - toCents(remainingCredit);
  return { shortLines: shortLines(cart), overCreditBy: over > 0 ? toRand(over) : null };
}

export const isBlocked = (blockers: OrderBlockers) =>
  blockers.shortLines.length > 0 || blockers.overCreditBy !== null;
