// List and deal prices, each incl. and excl. VAT; the one a line of `quantity` packs pays is
// marked, so a customer sees the deal switch on as they type the quantity.
import { Check } from "lucide-react";
import type { Product } from "@trade-shop/contracts/catalogue";
import { appliedPrice, packsText, productPrices, type PricePair } from "../product-pricing";

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
    </>
  );
}

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
      <dl>
        <dt className="sr-only">Price</dt>
        <Amounts price={prices.list} size={size} />
      </dl>
    );
  }
  const applied = appliedPrice(prices, quantity);
  const box = (active: boolean) =>
    `min-w-0 rounded-lg p-2 ${active ? "bg-brand-soft ring-2 ring-brand" : "ring-1 ring-line"}`;
  return (
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
  );
}
