// On a phone the product page's price and order controls sit below the picture and the facts.
// While they are off the screen, a bar at the bottom holds the price for the chosen quantity
// and Add to cart (a visitor: Log in to order), so the buyer can order without scrolling
//. From 768 px the controls are in the first screen and the bar never shows.
import { useEffect, useState, type RefObject } from "react";
import { ShoppingCart } from "lucide-react";
import type { Product } from "@trade-shop/contracts/catalogue";
import { useLiquorBlock } from "@/entities/account";
import { BottomBar } from "@/lib/ui/bottom-bar";
import { buttonClass } from "@/lib/ui/button-styles";
import { useSession } from "@/lib/session";
import { useProductActions, useProductStanding, useShopper } from "@/entities/shopper";
import { ChooseAccountToOrder, LogInToOrder, repWithoutAccount } from "./order-controls";
import { InCartStepper } from "./in-cart-stepper";
import { appliedPrice, packsText, productPrices } from "../product-pricing";

/** Whether all of `target` is on the screen now (true until it has been measured). */
function useWhollyOnScreen(target: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    // Half a quantity box peeping over the bottom edge is not an Add to cart the thumb can reach.
    const observer = new IntersectionObserver(
      ([entry]) => setOnScreen((entry?.intersectionRatio ?? 1) > 0.99),
      {
        threshold: [0, 0.5, 1],
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

export function BuyBar({
  product,
  quantity,
  controls,
}: {
  product: Product;
  quantity: number | null;
  /** The page's own order controls: the bar shows while they are off the screen. */
  controls: RefObject<HTMLElement | null>;
}) {
  const session = useSession();
  const shopper = useShopper();
  const actions = useProductActions();
  const liquorBlock = useLiquorBlock();
  const controlsOnScreen = useWhollyOnScreen(controls);
  const orderable =
    session === null || (actions !== null && product.stockOnHand > 0 && !(product.isLiquor && liquorBlock));
  const shown = orderable && !controlsOnScreen;
  const packsInCart = useProductStanding(product.skuCode).inCart;

  if (!shown) return null;
  const prices = productPrices(product);
  const price =
    appliedPrice(prices, quantity) === "deal" && prices.deal ? prices.deal.incl : prices.list.incl;
  return (
    <BottomBar label="Buy" className="md:hidden">
      <p className="min-w-0 flex-1 leading-tight">
        <span className="block text-lg font-extrabold tabular-nums">
          {price} <span className="text-xs font-normal text-muted">incl. VAT</span>
        </span>
        {quantity !== null && <span className="text-xs text-muted">{packsText(quantity)}</span>}
      </p>
      {session === null ? (
        // A visitor is offered what the page's own controls offer.
        <LogInToOrder />
      ) : repWithoutAccount(session, shopper) ? (
        <ChooseAccountToOrder />
      ) : actions && packsInCart > 0 ? (
        // In the cart already: the same in-place stepper as the page's controls.
        <InCartStepper product={product} actions={actions} />
      ) : (
        <button
          type="button"
          className={buttonClass()}
          disabled={quantity === null}
          onClick={() => {
            if (quantity !== null) actions?.addToCart(product, quantity);
          }}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add to cart
        </button>
      )}
    </BottomBar>
  );
}
