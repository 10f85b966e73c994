// The short texts a product card and page show beside the price: stock and pack contents (the
// quantity a customer types is read by lib/quantity.ts).
import type { Product } from "@trade-shop/contracts/catalogue";
import { formatRand } from "@/lib/format";

/** From this many packs down, the card warns that stock is running out. */
export const LOW_STOCK = 10;

export type StockLevel = "in" | "low" | "out";

/** A whole number with a space between thousands, as the shop writes amounts: "1 335". */
export function formatCount(count: number): string {
  return Math.trunc(count)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

export function stockStatus(stockOnHand: number): { level: StockLevel; text: string } {
  if (stockOnHand <= 0) return { level: "out", text: "Out of stock" };
  if (stockOnHand <= LOW_STOCK) return { level: "low", text: `Only ${formatCount(stockOnHand)} left` };
  return { level: "in", text: `In stock: ${formatCount(stockOnHand)}` };
}

/**
 * Which warehouse the stock figure is for (decision 98): a customer's is the warehouse that
 * supplies them; a visitor and staff see the one warehouse shown to visitors.
 */
export function stockWarehouseNote(warehouseCode: string, viewer: "customer" | "visitor" | "staff"): string {
  if (viewer === "customer") return `Stock at ${warehouseCode}, the warehouse that supplies you.`;
  if (viewer === "staff") return `Stock at ${warehouseCode}, the warehouse visitors see.`;
  return `Stock at our ${warehouseCode} warehouse. Log in to see the stock of the warehouse that supplies you.`;
}

/** What one pack holds: "14 × 150 g", "150 g" for a single unit, "Pack of 6" without a size. */
export function packText(product: Pick<Product, "packSize" | "capacity">): string {
  const capacity = product.capacity?.trim();
  if (!capacity) return product.packSize === 1 ? "Single unit" : `Pack of ${product.packSize}`;
  return product.packSize === 1 ? capacity : `${product.packSize} × ${capacity}`;
}

/**
 * One unit's price as the shop writes it, "R6.44 each"; null without one (a pack of 1, or a
 * product kept in the browser from before the server sent unit prices).
 */
export function eachText(unitPriceIncl: number | null | undefined): string | null {
  return unitPriceIncl == null ? null : `${formatRand(unitPriceIncl)} each`;
}
