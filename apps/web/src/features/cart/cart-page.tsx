// /cart: every line with its picture, price, deal hint and stock, the quantity to edit and a
// remove button; the totals excl. and incl. VAT, Checkout, sharing the lines (as text, by
// WhatsApp or as a quick order link) and clearing the whole cart. Lines
// asking for more than the warehouse holds are marked, with "Reduce to available" for each and
// for all; on a phone the total and Checkout stay at the bottom of the screen.
import { useState } from "react";
import { Link } from "react-router";
import { BadgePercent, CircleCheck, PackageX, ShoppingCart, Trash2 } from "lucide-react";
import type { Cart, CartItem } from "@trade-shop/contracts/cart";
import { DEFAULT_LANDING, appRoutes } from "@trade-shop/contracts/routes";
import { formatRand } from "@/lib/format";
import { AddToOrderList } from "@/entities/order-lists";
import { DeliveryPromiseNote, useDeliveryPromise } from "@/entities/orders";
import { eachText, formatCount } from "@/entities/products";
import { buttonClass } from "@/lib/ui/button-styles";
import {
  itemsSelectedText,
  lineStockWarning,
  shortLines,
  StockShortNotice,
  useCart,
  useClearCart,
  useReduceToAvailable,
  useRemoveFromCart,
  useSetCartQuantity,
} from "@/entities/cart";
import { QuantityEditor } from "@/lib/ui/quantity-editor";
import { ShareLines } from "@/lib/ui/share-lines";
import { dealHint } from "./deal-hint";
import {
  ShoppingListLine,
  ShoppingListLines,
  ShoppingListPage,
  removeButtonClass,
} from "./shopping-list-page";
import { StickyCheckoutBar } from "./components/sticky-checkout-bar";

const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-danger bg-surface px-3 text-sm font-semibold text-danger hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-60";

function DealHint({ line }: { line: CartItem }) {
  const hint = dealHint(line);
  if (!hint) return null;
  const applied = hint.kind === "applied";
  const Icon = applied ? CircleCheck : BadgePercent;
  return (
    <p
      className={`inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        applied ? "bg-brand-soft text-brand" : "bg-accent/25 text-fg"
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {hint.text}
    </p>
  );
}

function CartLine({ line, busy }: { line: CartItem; busy: boolean }) {
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const reduce = useReduceToAvailable();
  const stockWarning = lineStockWarning(line);
  // One unit's share of what the line pays per pack: the deal's once the line reaches it.
  const each = eachText(dealHint(line)?.kind === "applied" ? line.discountUnitPriceIncl : line.unitPriceIncl);
  return (
    <ShoppingListLine
      line={line}
      busy={busy}
      actions={
        <>
          <QuantityEditor
            key={line.quantity}
            quantity={line.quantity}
            description={line.productDescription}
            busy={busy}
            onChange={(quantity) => setQuantity.mutate({ line, quantity })}
          />
          <div className="text-right">
            <p className="text-lg font-extrabold tabular-nums">
              {formatRand(line.totalPriceIncl)}{" "}
              <span className="text-xs font-normal text-muted">incl. VAT</span>
            </p>
            <p className="text-sm tabular-nums text-muted">{formatRand(line.totalPriceExcl)} excl. VAT</p>
            {/* Why packs × the price incl. VAT can differ by a few cents (docs/rules.md VAT). */}
            {line.quantity > 1 && <p className="text-xs text-muted">VAT on the line&apos;s total</p>}
          </div>
        </>
      }
      actionsClassName="items-end justify-between gap-3"
      removeLabel={`Remove ${line.productDescription}`}
      onRemove={() => remove.mutate(line.productId)}
    >
      <p className="text-sm tabular-nums">
        {formatRand(line.unitPriceExcl)} <span className="text-muted">excl. VAT per pack</span>
        {each && (
          <>
            {" · "}
            <span className="whitespace-nowrap">
              {each} <span className="text-muted">incl. VAT</span>
            </span>
          </>
        )}
      </p>
      <DealHint line={line} />
      {stockWarning && (
        <div className="flex flex-wrap items-center gap-x-3">
          <p className="inline-flex items-center gap-1 text-sm font-semibold text-danger">
            <PackageX aria-hidden="true" className="size-4" />
            {stockWarning}
          </p>
          <button
            type="button"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline underline-offset-4 disabled:opacity-60"
            disabled={busy}
            aria-label={`Reduce to available: ${line.productDescription}`}
            onClick={() => reduce.mutate([line])}
          >
            Reduce to available
          </button>
        </div>
      )}
    </ShoppingListLine>
  );
}

function ClearCart({ count, busy }: { count: number; busy: boolean }) {
  const clear = useClearCart();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={`${removeButtonClass} w-full justify-center`}
        onClick={() => setAsking(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Clear cart
      </button>
    );
  }
  return (
    <div role="group" aria-label="Clear cart" className="rounded-lg border border-line p-3">
      <p className="text-sm">
        Remove all {count} {count === 1 ? "product" : "products"} from your cart?
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <button type="button" className={buttonClass("secondary")} autoFocus onClick={() => setAsking(false)}>
          Keep
        </button>
        <button
          type="button"
          className={dangerButton}
          disabled={busy}
          onClick={() => clear.mutate(undefined, { onSettled: () => setAsking(false) })}
        >
          Clear cart
        </button>
      </div>
    </div>
  );
}

function CartSummary({ cart, busy }: { cart: Cart; busy: boolean }) {
  return (
    <section
      aria-labelledby="cart-summary"
      className="h-fit rounded-xl border border-line bg-surface p-4 lg:sticky lg:top-20"
    >
      <h2 id="cart-summary" className="text-lg font-bold">
        Summary
      </h2>
      <p className="text-sm text-muted">{itemsSelectedText(cart.numberOfItems)}</p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
        {cart.discount > 0 && (
          <>
            <dt className="text-brand">Deal savings</dt>
            <dd className="text-right text-brand">{formatRand(cart.discount)}</dd>
          </>
        )}
        <dt>TOTAL (excl. VAT)</dt>
        <dd className="text-right">{formatRand(cart.totalPriceExcl)}</dd>
        <dt>VAT</dt>
        <dd className="text-right">{formatRand(cart.totalPriceIncl - cart.totalPriceExcl)}</dd>
        <dt className="text-lg font-bold">TOTAL (incl. VAT)</dt>
        <dd className="text-right text-lg font-extrabold">{formatRand(cart.totalPriceIncl)}</dd>
      </dl>
      <DeliveryPromiseNote promise={useDeliveryPromise().data} className="mt-3 font-semibold" />
      <div className="mt-4 flex flex-col gap-2">
        {/* Below 1024 px the sticky bar at the bottom of the screen holds Checkout. */}
        <div className="hidden lg:block">
          <Link to={appRoutes.checkout} className={`${buttonClass()} w-full`}>
            Checkout
          </Link>
        </div>
        <Link to={DEFAULT_LANDING} className={`${buttonClass("secondary")} w-full`}>
          Continue shopping
        </Link>
        <AddToOrderList
          label="Save to an order list"
          className="w-full"
          lines={() => cart.cartItems.map((line) => ({ skuCode: line.productId, quantity: line.quantity }))}
          what={`${cart.cartItems.length === 1 ? "1 line" : `${formatCount(cart.cartItems.length)} lines`} from your cart`}
        />
        <ClearCart count={cart.numberOfItems} busy={busy} />
      </div>
      <ShareLines
        title="Share this cart"
        lines={cart.cartItems.map((line) => ({
          quantity: line.quantity,
          skuCode: line.productId,
          description: line.productDescription,
        }))}
        className="mt-4 border-t border-line pt-3"
      />
    </section>
  );
}

export function CartPage() {
  const { cart, isLoading, isBusy, isCommandPending, shopper } = useCart();
  return (
    <ShoppingListPage
      title="Cart"
      what="cart"
      shopper={shopper}
      isLoading={isLoading}
      emptyIcon={ShoppingCart}
      emptyText="Your cart is empty."
    >
      {cart && cart.cartItems.length > 0 && (
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <StockShortNotice lines={shortLines(cart)} busy={isBusy} className="lg:col-span-2" />
          <ShoppingListLines label="Products in your cart" busy={isBusy}>
            {cart.cartItems.map((line) => (
              <CartLine key={line.productId} line={line} busy={isCommandPending} />
            ))}
          </ShoppingListLines>
          <CartSummary cart={cart} busy={isCommandPending} />
          <StickyCheckoutBar cart={cart} />
        </div>
      )}
    </ShoppingListPage>
  );
}
