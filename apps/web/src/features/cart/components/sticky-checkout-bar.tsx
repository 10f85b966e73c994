// On a phone the cart's total and Checkout stay at the bottom of the screen while the buyer
// scrolls through the lines; from 1024 px the summary beside the lines does that job.
import { useEffect } from "react";
import { Link } from "react-router";
import type { Cart } from "@trade-shop/contracts/cart";
import { appRoutes } from "@trade-shop/contracts/routes";
import { itemsSelectedText } from "../../../lib/cart/cart-totals";
import { formatRand } from "../../../lib/format";
import { buttonClass } from "../../../lib/ui/button-styles";

export function StickyCheckoutBar({ cart }: { cart: Cart }) {
  // Tells fixed buttons (back-to-top) to stand clear of the bar, and the page to leave room under it.
  useEffect(() => {
    document.body.dataset.bottomBar = "";
    return () => void delete document.body.dataset.bottomBar;
  }, []);
  return (
    <section
      aria-label="Cart total"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface px-4 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3">
        <p className="min-w-0 flex-1 leading-tight">
          <span className="block text-xs text-muted">
            TOTAL (incl. VAT) · {itemsSelectedText(cart.numberOfItems)}
          </span>
          <span className="text-lg font-extrabold tabular-nums">{formatRand(cart.totalPriceIncl)}</span>
        </p>
        <Link to={appRoutes.checkout} className={buttonClass()}>
          Checkout
        </Link>
      </div>
    </section>
  );
}
