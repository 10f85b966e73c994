// The cart's small sums and texts: the header's "{n} Item(s) selected", the cent-exact total
// comparison of docs/behaviour.md order placement, what an emptied cart looks like, and its short lines.
import type { Cart, CartItem } from "@trade-shop/contracts/cart";
import { toCents } from "@trade-shop/contracts/common";

/** docs/screens.md: n counts the cart's lines (products), as `numberOfItems` does. */
export function itemsSelectedText(count: number): string {
  return `${count} Item(s) selected`;
}

/** docs/behaviour.md: the totals incl. VAT are the same once both are rounded to 2 decimals (the one rule of toCents). */
export function sameTotal(a: number, b: number): boolean {
  return toCents(a) === toCents(b);
}

/** The cart with no lines: what a failed load or add leaves (docs/behaviour.md), keeping its identity. */
export function emptiedCart(cart: Cart): Cart {
  return { ...cart, cartItems: [], totalPriceExcl: 0, totalPriceIncl: 0, discount: 0, numberOfItems: 0 };
}

/**
 * What the customer reviews at checkout, as one comparable string: each line's product,
 * packs and total, and the cart's total. Two carts with the same one would place the same order.
 */
export function reviewedCart(cart: Cart): string {
  const lines = cart.cartItems.map(
    (line) => `${line.productId}x${line.quantity}=${toCents(line.totalPriceIncl)}`,
  );
  return `${cart.orderReference}|${lines.join(",")}|${toCents(cart.totalPriceIncl)}`;
}

/** The lines that ask for more packs than the customer's warehouse holds now. */
export function shortLines(cart: Pick<Cart, "cartItems">): CartItem[] {
  return cart.cartItems.filter((line) => line.quantity > Math.max(0, line.stockOnHand));
}
