// One product in the catalogue grid: picture, name, pack, flags, stock, prices and ordering.
// On a phone the card lies flat (picture beside the name) so more products fit a screen.
import { memo, useId, useState } from "react";
import { Link } from "react-router";
import type { Product } from "@trade-shop/contracts/catalogue";
import { eachText, packText, ProductImage, productPath, StockStatus } from "@/entities/products";
import { parseQuantity } from "@/lib/quantity";
import { OrderControls } from "./order-controls";
import { PriceBlock } from "./price-block";
import { ProductBadges } from "./product-badges";

/** The card's picture: 6rem on a phone, a column of the grid from sm up. */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 640px) 45vw, 6rem";

/** Memoised: a card is built again only when its product changes, not with every change of the page around it. */
export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
}: {
  product: Product;
  eager?: boolean;
}) {
  const [quantityText, setQuantityText] = useState("1");
  const titleId = useId();
  const parsed = parseQuantity(quantityText);
  const href = productPath(product.skuCode);
  const each = eachText(product.unitPriceIncl);

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-xl border border-line bg-surface p-3 shadow-sm"
    >
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 sm:grid-cols-1">
        {/* The name below is the link for keyboards and screen readers; the picture is a mouse shortcut. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden rounded-lg">
          <ProductImage
            imageUrl={product.imageUrl}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            loading={eager ? "eager" : "lazy"}
            className="transition-transform duration-200 hover:scale-[1.03]"
          />
        </Link>
        <div className="flex min-w-0 flex-col gap-1.5">
          <ProductBadges product={product} />
          <h3 id={titleId} className="text-base font-semibold leading-snug text-fg">
            <Link to={href} className="underline-offset-2 hover:text-brand hover:underline">
              {product.skuDescription}
            </Link>
          </h3>
          <p className="text-sm text-muted">
            {/* On a phone the unit price takes the brand's place (the name says it): no line more. */}
            <span className={each ? "hidden sm:inline" : undefined}>{product.skuBrand} · </span>
            {packText(product)}
            {each && <span className="whitespace-nowrap sm:hidden"> · {each}</span>}
            <span className="block text-xs">Code {product.skuCode}</span>
          </p>
          <StockStatus stockOnHand={product.stockOnHand} />
        </div>
      </div>
      <div className="mt-auto flex flex-col gap-3">
        <PriceBlock product={product} quantity={parsed.ok ? parsed.quantity : null} />
        <OrderControls product={product} quantityText={quantityText} onQuantityChange={setQuantityText} />
      </div>
    </article>
  );
});

export function ProductCardSkeleton() {
  const bar = "animate-pulse rounded bg-surface-2";
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3">
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 sm:grid-cols-1">
        <div className={`${bar} aspect-square w-full rounded-lg`} />
        <div className="flex flex-col gap-2">
          <div className={`${bar} h-4 w-11/12`} />
          <div className={`${bar} h-4 w-2/3`} />
          <div className={`${bar} h-3 w-1/2`} />
        </div>
      </div>
      <div className={`${bar} h-12 w-full`} />
      <div className={`${bar} h-11 w-full`} />
    </div>
  );
}
