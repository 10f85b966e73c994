// The flags on a product: new, its deal's minimum quantity, and liquor (licensed customers only).
import { BadgePercent, Sparkles, Wine } from "lucide-react";
import type { Product } from "@trade-shop/contracts/catalogue";
import { dealBadgeText, productPrices } from "../product-pricing";

const badge = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold";

export function ProductBadges({ product, className = "" }: { product: Product; className?: string }) {
  const deal = dealBadgeText(productPrices(product));
  if (!product.isNewProduct && !deal && !product.isLiquor) return null;
  return (
    <ul aria-label="Product flags" className={`flex flex-wrap gap-1.5 ${className}`}>
      {product.isNewProduct && (
        <li className={`${badge} bg-accent text-on-accent`}>
          <Sparkles aria-hidden="true" className="size-3.5" />
          New
        </li>
      )}
      {deal && (
        <li className={`${badge} bg-brand-bg text-on-brand`}>
          <BadgePercent aria-hidden="true" className="size-3.5" />
          {deal}
        </li>
      )}
      {product.isLiquor && (
        <li
          className={`${badge} bg-surface-2 text-fg ring-1 ring-line`}
          title="Sold to licensed liquor customers only"
        >
          <Wine aria-hidden="true" className="size-3.5" />
          Liquor
          <span className="sr-only">: sold to licensed liquor customers only</span>
        </li>
      )}
    </ul>
  );
}
