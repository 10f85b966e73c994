// Whether a cart line can be supplied from the customer's warehouse as it stands, in the words
// the cart page shows beside the line; null when it can.
import type { CartItem } from "@trade-shop/contracts/cart";
import { formatCount } from "@/entities/products";

export function lineStockWarning(line: Pick<CartItem, "quantity" | "stockOnHand">): string | null {
  if (line.stockOnHand <= 0) return "Out of stock";
  if (line.quantity > line.stockOnHand) return `Only ${formatCount(line.stockOnHand)} in stock`;
  return null;
}
