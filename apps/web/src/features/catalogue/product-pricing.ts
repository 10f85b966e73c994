// Which prices a product shows and which one a quantity pays (docs/rules.md): the list price, and
// the deal price once a line reaches the deal's minimum number of packs. Both incl. and excl. VAT.
import type { Product } from "@trade-shop/contracts/catalogue";
import { formatRand } from "@/lib/format";

export interface PricePair {
  incl: string;
  excl: string;
}

export interface DealPrice extends PricePair {
  minQuantity: number;
  /** "14% off", or null when the server gave no percentage. */
  saving: string | null;
}

export interface ProductPrices {
  list: PricePair;
  deal: DealPrice | null;
}

type PricedProduct = Pick<
  Product,
  | "listPriceIncl"
  | "listPriceExcl"
  | "discountPriceIncl"
  | "discountPriceExcl"
  | "discountPercentage"
  | "minOrderQuantityDiscount"
>;

/** "14%", "12.5%": at most one decimal, none when whole. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(1))}%`;
}

export function productPrices(product: PricedProduct): ProductPrices {
  const { discountPriceIncl, discountPriceExcl, minOrderQuantityDiscount, discountPercentage } = product;
  const deal =
    discountPriceIncl !== null && discountPriceExcl !== null && minOrderQuantityDiscount !== null
      ? {
          incl: formatRand(discountPriceIncl),
          excl: formatRand(discountPriceExcl),
          minQuantity: minOrderQuantityDiscount,
          saving: discountPercentage ? `${formatPercent(discountPercentage)} off` : null,
        }
      : null;
  return { list: { incl: formatRand(product.listPriceIncl), excl: formatRand(product.listPriceExcl) }, deal };
}

/**
 * The price a line of `quantity` packs is charged per pack: the deal's from its minimum
 * quantity, otherwise the list price. An unreadable quantity counts as one pack.
 */
export function appliedPrice(prices: ProductPrices, quantity: number | null): "list" | "deal" {
  return prices.deal && (quantity ?? 1) >= prices.deal.minQuantity ? "deal" : "list";
}

export function packsText(count: number): string {
  return `${count} ${count === 1 ? "pack" : "packs"}`;
}

/** The deal badge: "Deal from 6 packs". */
export function dealBadgeText(prices: ProductPrices): string | null {
  return prices.deal ? `Deal from ${packsText(prices.deal.minQuantity)}` : null;
}
