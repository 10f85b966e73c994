// The shop header (docs/screens.md): contact bar with head-office hours, logo and search, account,
// wishlist and cart, then the account strip and the category strip. Below the lg breakpoint
// the account and help links move into the side menu; the hours stay in view on every width.
// The shop bar sticks to the top while the page scrolls, so search, wishlist and cart stay in
// reach of a thumb; on a phone it is one row (menu, mark, search, wishlist, cart).
import { Suspense, lazy, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Clock, Headset, LogIn, Menu } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import logoMark from "@/assets/logo-mark.svg";
import { shopDetails } from "@/features/content/shop-details";
import { buttonClass } from "@/lib/ui/button-styles";
import { useShopper } from "@/entities/shopper";
import { hasRole, useSession } from "@/lib/session";
import { CategoryNav } from "./category-nav";
import { SalesSupportLink, WhatsAppLink } from "@/features/content/contact-links";
import { HttpProgressBar } from "./http-progress-bar";
import { headerCountBadge, headerIconButton } from "./header-styles";
import { SearchBox } from "./search-box";
import { ThemeToggle } from "./theme-toggle";

const SIDE_MENU_ID = "side-menu";
/** A customer's wishlist and cart: not in a visitor's first download. */
const HeaderCartSlot = lazy(() =>
  import("./header-cart-slot").then((module) => ({ default: module.HeaderCartSlot })),
);
/**
 * What only a login shows: its account links, a customer's balance strip and a rep's "Ordering
 * for" bar. Not in a visitor's first download; a login's page asks for them as it starts.
 */
const AccountLinks = lazy(() =>
  import("./account-links").then((module) => ({ default: module.AccountLinks })),
);
const AccountStrip = lazy(() =>
  import("./account-strip").then((module) => ({ default: module.AccountStrip })),
);
const ActingForBar = lazy(() =>
  import("./acting-for-bar").then((module) => ({ default: module.ActingForBar })),
);
/** A customer's bell of unread alerts (issue 36): not in a visitor's first download. */
const AlertsBell = lazy(() =>
  import("@/features/alerts/alerts-bell").then((module) => ({ default: module.AlertsBell })),
);
/** The phone's menu: its code loads when it is first opened, and it stays mounted from then on. */
const SideMenu = lazy(() => import("./side-menu").then((module) => ({ default: module.SideMenu })));
const topBarLink =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 whitespace-nowrap rounded px-1.5 underline-offset-4 hover:underline sm:px-2";
/**
 * Labels that give way to the icon alone (the name stays for screen readers): below 640 px,
 * and, once the account links share the bar, between 1024 and 1536 px too, so it never wraps.
 */
const shortLabel = "sr-only sm:not-sr-only";
const shortLabelBesideAccount = "sr-only sm:not-sr-only lg:sr-only 2xl:not-sr-only";

/**
 * How far the header scrolls before it sticks: the height of the contact bar above the shop
 * bar, measured because it wraps differently at each width and with each login.
 */
function useCollapsedHeight() {
  const contactBar = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const bar = contactBar.current;
    if (!bar) return;
    // The observer reports the bar's size once it has been laid out, and again on every change; it
    // is not read during the render, which would make the browser lay the page out there and then.
    const observer = new ResizeObserver(([entry]) => {
      setHeight(entry?.borderBoxSize[0]?.blockSize ?? bar.offsetHeight);
    });
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return { contactBar, height };
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  const session = useSession();
  const shopper = useShopper();
  const { contactBar, height } = useCollapsedHeight();
  const label = session ? shortLabelBesideAccount : shortLabel;

  return (
    <>
      {/* The contact bar scrolls away; the shop bar under it (logo, search, wishlist, cart) sticks. */}
      <header className="sticky z-30 shadow-sm" style={{ top: -height }}>
        {/* Fixed to the top of the window; inside the banner so it is in a landmark. */}
        <HttpProgressBar />
        <div ref={contactBar} className="on-brand bg-brand-strong text-[0.8125rem] text-on-brand">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-2 px-2 sm:px-4 lg:px-6">
            <div className="flex min-w-0 flex-1 items-center justify-between sm:justify-center lg:justify-start">
              <p className="flex items-center gap-1.5 lg:pr-2">
                <Clock aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  <span className={label}>Head office: </span>
                  <span className="whitespace-nowrap">{shopDetails.hours}</span>
                </span>
              </p>
              <ul className="flex items-center sm:gap-2" aria-label="Contact us">
                <li>
                  <SalesSupportLink className={topBarLink} labelClassName={label} />
                </li>
                <li>
                  <WhatsAppLink className={topBarLink} labelClassName={label} />
                </li>
                <li>
                  <Link to={appRoutes.contact} className={topBarLink}>
                    <Headset aria-hidden="true" className="size-4 shrink-0" />
                    Contact
                  </Link>
                </li>
              </ul>
            </div>
            <div className="hidden items-center gap-2 lg:flex">
              {session && (
                <Suspense fallback={null}>
                  <AccountLinks variant="bar" />
                </Suspense>
              )}
              <ThemeToggle className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/15" />
            </div>
          </div>
        </div>

        <div className="border-b border-line bg-surface">
          <div className="mx-auto flex max-w-7xl items-center gap-1 px-2 py-2 sm:gap-2 sm:px-4 md:gap-4 lg:px-6">
            <button
              type="button"
              className={`${headerIconButton} lg:hidden`}
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={SIDE_MENU_ID}
              onClick={() => {
                setMenuOpened(true);
                setMenuOpen(true);
              }}
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>

            <Link to="/" className="flex min-h-11 min-w-11 shrink-0 items-center rounded-lg sm:gap-2 sm:pr-1">
              <img src={logoMark} alt="" width={40} height={40} className="size-9 shrink-0 sm:size-10" />
              <span className="text-lg font-extrabold leading-tight tracking-tight text-fg sm:text-xl">
                {/* On a phone the mark alone, so the search keeps the room; its name stays for screen readers. */}
                <span className="sr-only sm:not-sr-only lg:hidden">{shopDetails.name}</span>
                <span className="hidden lg:inline">
                  {shopDetails.name} <span className="font-medium text-muted">— {shopDetails.tagline}</span>
                </span>
              </span>
            </Link>

            <SearchBox className="min-w-0 flex-1 md:max-w-xl" />

            <div className="flex items-center gap-1 md:ml-auto">
              {shopper !== null && (
                // On a phone the bell is in the account strip: the search keeps its room.
                <Suspense
                  fallback={<span aria-hidden="true" className={`${headerIconButton} max-sm:hidden`} />}
                >
                  <AlertsBell
                    className={`${headerIconButton} max-sm:hidden`}
                    badgeClassName={headerCountBadge}
                  />
                </Suspense>
              )}
              {session ? (
                <Suspense
                  fallback={
                    <>
                      <span aria-hidden="true" className={headerIconButton} />
                      <span aria-hidden="true" className={headerIconButton} />
                    </>
                  }
                >
                  <HeaderCartSlot />
                </Suspense>
              ) : (
                <>
                  <Link to={appRoutes.login} className={`${headerIconButton} md:hidden`} aria-label="Login">
                    <LogIn aria-hidden="true" className="size-6" />
                  </Link>
                  <div className="hidden gap-2 md:flex">
                    <Link to={appRoutes.login} className={buttonClass()}>
                      Login
                    </Link>
                    <Link to={appRoutes.registerAccount} className={buttonClass("secondary")}>
                      Register
                    </Link>
                  </div>
                </>
              )}
            </div>
          </div>
        </div>
        {hasRole(session, "Rep") && (
          <Suspense fallback={null}>
            <ActingForBar />
          </Suspense>
        )}
        {menuOpened && (
          <Suspense fallback={null}>
            <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
      </header>
      {shopper !== null && (
        // Until its code arrives, an empty strip of the same height.
        <Suspense
          fallback={
            <div aria-hidden="true" className="border-t border-line bg-surface-2/60">
              <div className="min-h-7 sm:min-h-8" />
            </div>
          }
        >
          <AccountStrip />
        </Suspense>
      )}
      <CategoryNav />
    </>
  );
}
