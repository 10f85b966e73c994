// The product list as an order pad: one row per product with its code, name, pack,
// price (the deal's from its quantity), deal and stock, and a quantity field. Tab goes from one
// quantity field to the next; Enter, or "Add all entered", puts every row with a quantity on
// the cart in one request. Rows stack on a phone. Visitors see the rows and Log in to order;
// a liquor row for an unlicensed account and an out-of-stock row have no field.
import { useId, useState } from "react";
import { Link } from "react-router";
import { ShoppingCart } from "lucide-react";
import type { Product } from "@trade-shop/contracts/catalogue";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";
import { useLiquorBlock } from "@/entities/account";
import { formatCount, packText, productPath, StockStatus } from "@/entities/products";
import { parseQuantity } from "@/lib/quantity";
import { useSession } from "@/lib/session";
import { useProductActions, useProductStanding, useShopper } from "@/entities/shopper";
import { buttonClass } from "@/lib/ui/button-styles";
import { appliedPrice, dealBadgeText, productPrices } from "../product-pricing";
import { ChooseAccountToOrder, LogInToOrder, repWithoutAccount } from "./order-controls";
import { ShelfMargin } from "./price-block";

function Row({
  product,
  text,
  onText,
  canOrder,
}: {
  product: Product;
  text: string;
  onText: (text: string) => void;
  canOrder: boolean;
}) {
  const id = useId();
  const liquorBlock = useLiquorBlock();
  const prices = productPrices(product);
  const parsed = text.trim() === "" ? null : parseQuantity(text);
  const quantity = parsed?.ok ? parsed.quantity : null;
  const shown = appliedPrice(prices, quantity) === "deal" && prices.deal ? prices.deal : prices.list;
  const price = shown.incl;
  const deal = dealBadgeText(prices);
  const inCart = useProductStanding(product.skuCode).inCart;
  const refused = product.isLiquor ? liquorBlock : null;
  const field = canOrder && !refused && product.stockOnHand > 0;

  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto_6rem] items-center gap-x-3 gap-y-1 border-b border-line py-2 last:border-b-0 md:grid-cols-[6rem_minmax(0,1fr)_9rem_7rem_6rem]">
      <span className="hidden font-mono text-xs text-muted md:block">{product.skuCode}</span>
      <div className="col-span-3 min-w-0 md:col-span-1">
        <Link
          to={productPath(product.skuCode)}
          // In the order pad Tab goes from quantity to quantity; the cards view has the links.
          tabIndex={canOrder ? -1 : undefined}
          className="font-semibold underline-offset-2 hover:text-brand hover:underline"
        >
          {product.skuDescription}
        </Link>
        <span className="block text-xs text-muted">
          <span className="font-mono md:hidden">{product.skuCode} · </span>
          {packText(product)}
          {deal && ` · ${deal}${prices.deal ? ` at ${prices.deal.incl}` : ""}`}
          {prices.deal?.each && ` (${prices.deal.each})`}
          {inCart > 0 && ` · In cart: ${formatCount(inCart)}`}
        </span>
        <ShelfMargin product={product} className="text-xs" />
      </div>
      <StockStatus stockOnHand={product.stockOnHand} className="text-xs" />
      <p className="text-right font-bold tabular-nums">
        {price} <span className="block text-xs font-normal text-muted">incl. VAT</span>
        {shown.each && <span className="block text-xs font-semibold">{shown.each}</span>}
      </p>
      <div>
        {field ? (
          <>
            <label htmlFor={`${id}-packs`} className="sr-only">
              Packs of {product.skuDescription}
            </label>
            <input
              id={`${id}-packs`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUANTITY}
              step={1}
              placeholder="Packs"
              value={text}
              onChange={(event) => onText(event.target.value)}
              aria-invalid={parsed !== null && !parsed.ok}
              aria-describedby={parsed !== null && !parsed.ok ? `${id}-error` : undefined}
              className="min-h-11 w-full rounded-lg border border-line bg-surface px-2 text-right text-base tabular-nums text-fg"
            />
            {parsed !== null && !parsed.ok && (
              <span id={`${id}-error`} className="block text-xs font-semibold text-danger">
                {parsed.message}
              </span>
            )}
          </>
        ) : (
          <span className="block text-right text-xs font-semibold text-muted">
            {refused ?? (product.stockOnHand <= 0 ? "Out of stock" : "")}
          </span>
        )}
      </div>
    </li>
  );
}

export function ProductListView({ products }: { products: readonly Product[] }) {
  const session = useSession();
  const shopper = useShopper();
  const actions = useProductActions();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const canOrder = session !== null && actions !== null;
  const entered = products.flatMap((product) => {
    const parsed = parseQuantity(texts[product.skuCode] ?? "");
    return (texts[product.skuCode] ?? "").trim() !== "" && parsed.ok
      ? [{ product, quantity: parsed.quantity }]
      : [];
  });

  const addAll = async () => {
    if (!actions || busy || entered.length === 0) return;
    setBusy(true);
    const done = await actions.addManyToCart(entered);
    setBusy(false);
    if (done) setTexts({});
  };

  return (
    <form
      aria-label="Order pad"
      onSubmit={(event) => {
        event.preventDefault();
        void addAll();
      }}
      className="rounded-xl border border-line bg-surface px-3"
    >
      {!session && (
        <div className="border-b border-line py-3">
          <LogInToOrder />
        </div>
      )}
      {repWithoutAccount(session, shopper) && (
        <div className="border-b border-line py-3">
          <ChooseAccountToOrder />
        </div>
      )}
      <ul aria-label="Products">
        {products.map((product) => (
          <Row
            key={product.skuCode}
            product={product}
            canOrder={canOrder}
            text={texts[product.skuCode] ?? ""}
            onText={(text) => setTexts((all) => ({ ...all, [product.skuCode]: text }))}
          />
        ))}
      </ul>
      {canOrder && (
        <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-surface py-3">
          <span className="text-sm text-muted">Enter in a field adds every row with packs.</span>
          <button type="submit" className={buttonClass()} aria-disabled={entered.length === 0 || busy}>
            <ShoppingCart aria-hidden="true" className="size-4" />
            {entered.length === 0 ? "Add all entered" : `Add all entered (${formatCount(entered.length)})`}
          </button>
        </div>
      )}
    </form>
  );
}
