// Which prices a product shows and which one a quantity pays (docs/rules.md): the list price, and
// the deal price once a line reaches the deal's minimum number of packs. Both incl. and excl. VAT.
import type { Product } from "@trade-shop/contracts/catalogue";
import { eachText } from "@/entities/products";
import { formatRand } from "@/lib/format";

export interface PricePair {
  incl: string;
  excl: string;
  /** One unit's share incl. VAT, "R6.44 each"; null for a pack of 1. */
  each: string | null;
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
> &
  // Optional: a product kept in the browser from before the server sent unit prices has none.
  Partial<Pick<Product, "unitPriceIncl" | "discountUnitPriceIncl">>;

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
          each: eachText(product.discountUnitPriceIncl),
          minQuantity: minOrderQuantityDiscount,
          saving: discountPercentage ? `${formatPercent(discountPercentage)} off` : null,
        }
      : null;
  return {
    list: {
      incl: formatRand(product.listPriceIncl),
      excl: formatRand(product.listPriceExcl),
      each: eachText(product.unitPriceIncl),
    },
    deal,
  };
}

export interface ShelfMargin {
  /** "Sells for R8.99" */
  sellsFor: string;
  /** "you make R2.55 (28.4%)", "you make -R0.45 (-7.5%)" */
  youMake: string;
  negative: boolean;
}

/**
 * The shelf price and what the customer makes selling a unit at it, at their own list price per
 * unit; null when the server sends none (unknown, or the tenant hides margins).
 */
export function shelfMargin(
  product: Partial<Pick<Product, "shelfPriceIncl" | "marginIncl" | "marginPercent">>,
): ShelfMargin | null {
  const { shelfPriceIncl, marginIncl, marginPercent } = product;
  if (shelfPriceIncl == null || marginIncl == null || marginPercent == null) return null;
  return {
    sellsFor: `Sells for ${formatRand(shelfPriceIncl)}`,
    youMake: `you make ${formatRand(marginIncl)} (${formatPercent(marginPercent)})`,
    negative: marginIncl < 0,
  };
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
