// What a reorder tells the customer (issue 4): an old order's lines go back into the cart at
// today's prices, so it compares each line's unit price then and now, names lines the
// warehouse cannot supply as they stand, and lines that could not be added at all and why.
import type { CartItem } from "@trade-shop/contracts/cart";
import type { OrderLine } from "@trade-shop/contracts/orders";
import { toCents } from "@trade-shop/contracts/common";

export interface ReorderReport {
  /** Lines now in the cart. */
  added: number;
  /** Unit price excl. VAT on the order and in the cart now. */
  priceChanges: { productId: string; description: string; was: number; now: number }[];
  /** Lines in the cart with more packs than the warehouse holds; available 0 is out of stock. */
  stockShort: { productId: string; description: string; inCart: number; available: number }[];
  notAdded: { productId: string; description: string; reason: string }[];
}

export const NO_LONGER_SOLD = "no longer sold";

type ReorderedLine = Pick<OrderLine, "productId" | "productDescription" | "unitPriceExcl">;

/**
 * `failures` holds the reason each refused line gave. A line the server accepted that is not
 * in the cart it answered with was dropped from the catalogue.
 */
export function reorderReport(
  lines: readonly ReorderedLine[],
  cartItems: readonly CartItem[],
  failures: ReadonlyMap<string, string>,
): ReorderReport {
  const inCart = new Map(cartItems.map((item) => [item.productId, item]));
  const report: ReorderReport = { added: 0, priceChanges: [], stockShort: [], notAdded: [] };
  for (const line of lines) {
    const description = line.productDescription;
    const failure = failures.get(line.productId);
    const item = inCart.get(line.productId);
    if (failure !== undefined || !item) {
      report.notAdded.push({ productId: line.productId, description, reason: failure ?? NO_LONGER_SOLD });
      continue;
    }
    report.added += 1;
    if (toCents(item.unitPriceExcl) !== toCents(line.unitPriceExcl)) {
      report.priceChanges.push({
        productId: line.productId,
        description,
        was: line.unitPriceExcl,
        now: item.unitPriceExcl,
      });
    }
    if (item.quantity > item.stockOnHand) {
      report.stockShort.push({
        productId: line.productId,
        description,
        inCart: item.quantity,
        available: Math.max(0, item.stockOnHand),
      });
    }
  }
  return report;
}

/** True when the customer needs to read more than "added". */
export function reorderHasNews(report: ReorderReport): boolean {
  return report.priceChanges.length + report.stockShort.length + report.notAdded.length > 0;
}
