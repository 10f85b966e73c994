// A login's order controls (order-controls.tsx shows visitors theirs): the quantity of packs
// (whole, 1 to 9 999) with Add to cart and Add to wishlist and, for a customer, Add to an order
// list; the in-cart stepper once the cart has the product. An account without a liquor licence
// in force sees, on a liquor product, why (no licence, or when it expired) in place of the
// controls (the server refuses it on every path anyway).
import { memo, useId } from "react";
import { Link } from "react-router";
import { Heart, ShieldAlert, ShoppingCart } from "lucide-react";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useLiquorBlock } from "@/entities/account";
import { buttonClass } from "@/lib/ui/button-styles";
import { QuantityStepper } from "@/lib/ui/quantity-stepper";
import { AddToOrderList } from "@/entities/order-lists";
import { useProductActions, useProductStanding } from "@/entities/shopper";
import { formatCount } from "@/entities/products";
import { parseQuantity } from "@/lib/quantity";
import { InCartStepper } from "./in-cart-stepper";
import type { Product } from "@trade-shop/contracts/catalogue";

export interface OrderControlsProps {
  product: Product;
  /** The quantity as typed; the owner keeps it so the price block can follow it. */
  quantityText: string;
  onQuantityChange: (text: string) => void;
}

const NOT_YET = "Ordering online opens soon";
/** Its colour is given by the use: two text colours in one class list go by the stylesheet's order, not the list's. */
const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line bg-surface hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

export function LoginOrderControls({
  product,
  quantityText,
  onQuantityChange,
  customer,
}: OrderControlsProps & { customer: boolean }) {
  const liquorBlock = useLiquorBlock();
  // Only once the account is known not to hold a licence in force: staff and loading accounts keep the controls.
  if (product.isLiquor && liquorBlock) {
    return (
      <p className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border-2 border-line bg-surface-2 px-3 text-center text-sm font-semibold">
        <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
        {liquorBlock}
      </p>
    );
  }
  return (
    <Controls
      product={product}
      quantityText={quantityText}
      onQuantityChange={onQuantityChange}
      customer={customer}
    />
  );
}

/**
 * The quantity, Add to cart, the wishlist and order-list buttons, or the in-cart stepper once the
 * cart has the product. Memoised: the account's details arriving re-render every card's
 * OrderControls once, and this part only when its own product, quantity or standing changes.
 */
const Controls = memo(function Controls({
  product,
  quantityText,
  onQuantityChange,
  customer,
}: OrderControlsProps & { customer: boolean }) {
  const actions = useProductActions();
  const { inCart: packsInCart, inWishlist: saved } = useProductStanding(product.skuCode);
  const id = useId();
  const parsed = parseQuantity(quantityText);
  const quantity = parsed.ok ? parsed.quantity : null;
  const step = (by: number) =>
    onQuantityChange(String(Math.min(MAX_QUANTITY, Math.max(1, (quantity ?? 0) + by))));
  const outOfStock = product.stockOnHand <= 0;
  const cartUnavailable = !actions || outOfStock || quantity === null;
  const wishlistUnavailable = !actions || quantity === null;
  const errorId = `${id}-error`;
  const notYetId = `${id}-not-yet`;

  const wishlistButton = (
    <button
      type="button"
      className={`${iconButton} ${saved ? "text-danger" : "text-fg"}`}
      aria-label={saved ? "In wishlist" : "Add to wishlist"}
      aria-disabled={wishlistUnavailable || saved}
      aria-describedby={actions ? undefined : notYetId}
      title={actions ? (saved ? "In wishlist" : "Add to wishlist") : NOT_YET}
      onClick={() => {
        if (actions && quantity !== null && !saved) actions.addToWishlist(product, quantity);
      }}
    >
      <Heart aria-hidden="true" className="size-5" fill={saved ? "currentColor" : "none"} />
    </button>
  );
  // Order lists belong to customer accounts; the packs are those in the cart, or those typed.
  const listPacks = packsInCart > 0 ? packsInCart : quantity;
  const listButton = customer && (
    <AddToOrderList
      variant="icon"
      disabled={listPacks === null}
      lines={() => (listPacks === null ? [] : [{ skuCode: product.skuCode, quantity: listPacks }])}
      what={`${product.skuDescription}, ${formatCount(listPacks ?? 0)} ${listPacks === 1 ? "pack" : "packs"}`}
    />
  );

  // Already in the cart: the packs there, changed in place; − at one takes it out.
  if (actions && packsInCart > 0) {
    return (
      <div className="flex flex-wrap items-end gap-2">
        <InCartStepper product={product} actions={actions} />
        <div className="flex flex-1 gap-2">
          <Link to={appRoutes.cart} className={`${buttonClass("secondary")} flex-1 whitespace-nowrap`}>
            <ShoppingCart aria-hidden="true" className="size-4" />
            View cart
          </Link>
          {wishlistButton}
          {listButton}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <QuantityStepper
        label="Quantity (packs)"
        value={quantityText}
        onValueChange={onQuantityChange}
        invalid={!parsed.ok}
        errorId={errorId}
        // Each press steps from what is typed, clamped to 1 to 9 999.
        fewer={{
          label: "One pack fewer",
          disabled: quantity !== null && quantity <= 1,
          onPress: () => step(-1),
        }}
        more={{
          label: "One pack more",
          disabled: quantity !== null && quantity >= MAX_QUANTITY,
          onPress: () => step(1),
        }}
      />
      <div className="flex flex-1 gap-2">
        <button
          type="button"
          className={`${buttonClass()} flex-1 whitespace-nowrap aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          aria-disabled={cartUnavailable}
          aria-describedby={actions ? undefined : notYetId}
          title={actions ? undefined : NOT_YET}
          onClick={() => {
            if (actions && !outOfStock && quantity !== null) actions.addToCart(product, quantity);
          }}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {outOfStock ? "Out of stock" : "Add to cart"}
        </button>
        {wishlistButton}
        {listButton}
      </div>
      {!parsed.ok && (
        <p id={errorId} className="w-full text-sm font-semibold text-danger">
          {parsed.message}
        </p>
      )}
      {!actions && (
        <span id={notYetId} className="sr-only">
          {NOT_YET}
        </span>
      )}
    </div>
  );
});
