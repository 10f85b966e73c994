// List and deal prices, each incl. and excl. VAT; the one a line of `quantity` packs pays is
// marked, so a customer sees the deal switch on as they type the quantity.
import { Check } from "lucide-react";
import type { Product } from "@trade-shop/contracts/catalogue";
import { appliedPrice, packsText, productPrices, shelfMargin, type PricePair } from "../product-pricing";

interface PriceBlockProps {
  product: Product;
  /** The quantity being ordered, or null when none is (visitors, an unreadable entry). */
  quantity: number | null;
  size?: "card" | "page";
}

function Amounts({ price, size }: { price: PricePair; size: "card" | "page" }) {
  return (
    <>
      <dd
        className={`font-extrabold tabular-nums text-fg ${size === "page" ? "text-2xl" : "text-lg"} leading-tight`}
      >
        {price.incl} <span className="whitespace-nowrap text-xs font-semibold text-muted">incl. VAT</span>
      </dd>
      <dd className="text-sm tabular-nums text-muted">
        {price.excl} <span className="whitespace-nowrap text-xs">excl. VAT</span>
      </dd>
      {price.each && (
        <dd
          className={`text-sm font-semibold tabular-nums text-fg ${size === "card" ? "hidden sm:block" : ""}`}
        >
          {price.each}
        </dd>
      )}
    </>
  );
}

/**
 * What a unit usually sells for and what the customer makes on it at their own price: "Sells
 * for R8.99 · you make R2.55 (28.4%)"; a loss is shown as one. Nothing when the shop sends none.
 */
export function ShelfMargin({ product, className = "" }: { product: Product; className?: string }) {
  const shelf = shelfMargin(product);
  if (!shelf) return null;
  return (
    <p className={`text-sm tabular-nums text-muted ${className}`}>
      {shelf.sellsFor} ·{" "}
      <span className={`whitespace-nowrap font-semibold ${shelf.negative ? "text-danger" : "text-fg"}`}>
        {shelf.youMake}
      </span>
    </p>
  );
}

/**
 * A phone's card grows no taller, so its first card's Add to cart stays on the first screen
 * (docs/screens.md "Phone layout"): it says the unit price beside the pack (product-card.tsx)
 * and leaves the deal's unit price and the shelf line to the product page and the list view.
 */
const shelfClass = (size: "card" | "page") => (size === "card" ? "hidden sm:block" : "");

function Applies({ applies }: { applies: boolean }) {
  if (!applies) return null;
  return (
    <span className="inline-flex items-center gap-0.5 font-semibold text-brand">
      <Check aria-hidden="true" className="size-3.5" />
      <span className="sr-only">, </span>your price
    </span>
  );
}

export function PriceBlock({ product, quantity, size = "card" }: PriceBlockProps) {
  const prices = productPrices(product);
  if (!prices.deal) {
    return (
      <div className="flex flex-col gap-1">
        <dl>
          <dt className="sr-only">Price</dt>
          <Amounts price={prices.list} size={size} />
        </dl>
        <ShelfMargin product={product} className={shelfClass(size)} />
      </div>
    );
  }
  const applied = appliedPrice(prices, quantity);
  const box = (active: boolean) =>
    `min-w-0 rounded-lg p-2 ${active ? "bg-brand-soft ring-2 ring-brand" : "ring-1 ring-line"}`;
  return (
    <div className="flex flex-col gap-1.5">
      <dl className="grid grid-cols-2 gap-2">
        <div className={box(applied === "list")}>
          <dt className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
            <span className="font-semibold uppercase tracking-wide">List price</span>
            <Applies applies={applied === "list"} />
          </dt>
          <Amounts price={prices.list} size={size} />
        </div>
        <div className={box(applied === "deal")}>
          <dt className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
            <span className="font-semibold uppercase tracking-wide">Deal price</span>
            <span className="w-full font-semibold text-fg">
              from {packsText(prices.deal.minQuantity)}
              {prices.deal.saving && `, ${prices.deal.saving}`}
            </span>
            <Applies applies={applied === "deal"} />
          </dt>
          <Amounts price={prices.deal} size={size} />
        </div>
      </dl>
      <ShelfMargin product={product} className={shelfClass(size)} />
    </div>
  );
}
