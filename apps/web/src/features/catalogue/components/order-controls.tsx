// How a product is ordered from a card or its page: visitors are offered "Log in to order",
// which brings them back here afterwards; a login gets the quantity, Add to cart and Add to
// wishlist (login-order-controls.tsx, whose code comes with the login, not in a visitor's first
// download).
import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { LogIn, Store } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { buttonClass } from "@/lib/ui/button-styles";
import { hasRole, useSession, type Session } from "@/lib/session";
import { useShopper } from "@/entities/shopper";
import { preloadable } from "@/lib/ui/preloadable";
import type { OrderControlsProps } from "./login-order-controls";

/** A visitor's way to order: log in, and come back to this page afterwards. */
export function LogInToOrder({ className = "" }: { className?: string }) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={`${appRoutes.login}?${new URLSearchParams({ returnUrl: pathname + search })}`}
      className={`${buttonClass()} ${className}`}
    >
      <LogIn aria-hidden="true" className="size-4" />
      Log in to order
    </Link>
  );
}

/** A sales rep who has not chosen whom to order for: ordering starts there (decision 127). */
export function ChooseAccountToOrder({ className = "" }: { className?: string }) {
  return (
    <Link to={appRoutes.repAccounts} className={`${buttonClass()} ${className}`}>
      <Store aria-hidden="true" className="size-4" />
      Choose an account to order
    </Link>
  );
}

/** Whether this login is a rep with no account chosen, who has no cart to add to. */
export const repWithoutAccount = (session: Session | null, shopper: string | null) =>
  shopper === null && hasRole(session, "Rep");

/** A login's controls: their code comes with the login (the app's start asks for it at once). */
export const loginOrderControls = preloadable(() =>
  import("./login-order-controls").then((module) => module.LoginOrderControls),
);

export function OrderControls(props: OrderControlsProps) {
  const session = useSession();
  const shopper = useShopper();

  if (!session) return <LogInToOrder className="w-full" />;
  if (repWithoutAccount(session, shopper)) return <ChooseAccountToOrder className="w-full" />;
  return (
    // Until the code is here, a box of the controls' height, so the card does not move when they come.
    <Suspense fallback={<div aria-hidden="true" className="min-h-[4.25rem] w-full" />}>
      <loginOrderControls.Component {...props} customer={shopper !== null} />
    </Suspense>
  );
}
