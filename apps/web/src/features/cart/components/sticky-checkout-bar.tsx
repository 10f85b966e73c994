// On a phone the cart's total and Checkout stay at the bottom of the screen while the buyer
// scrolls through the lines; from 1024 px the summary beside the lines does that job.
import { Link } from "react-router";
import type { Cart } from "@trade-shop/contracts/cart";
import { appRoutes } from "@trade-shop/contracts/routes";
import { itemsSelectedText } from "@/entities/cart";
import { formatRand } from "@/lib/format";
import { BottomBar } from "@/lib/ui/bottom-bar";
import { buttonClass } from "@/lib/ui/button-styles";

export function StickyCheckoutBar({ cart }: { cart: Cart }) {
  return (
    <BottomBar label="Cart total" className="lg:hidden">
      <p className="min-w-0 flex-1 leading-tight">
        <span className="block text-xs text-muted">
          TOTAL (incl. VAT) · {itemsSelectedText(cart.numberOfItems)}
        </span>
        <span className="text-lg font-extrabold tabular-nums">{formatRand(cart.totalPriceIncl)}</span>
      </p>
      <Link to={appRoutes.checkout} className={buttonClass()}>
        Checkout
      </Link>
    </BottomBar>
  );
}
