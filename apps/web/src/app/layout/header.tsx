// The shop header (SPEC §2): contact bar with head-office hours, logo and search, account,
// wishlist and cart, and the category strip. Below the lg breakpoint the account and help
// links move into the side menu; the hours stay in view on every width.
import { useState } from "react";
import { Link } from "react-router";
import { Clock, Headset, LogIn, Menu } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import logoMark from "../../assets/logo-mark.svg";
import { shopDetails } from "../../features/content/shop-details";
import { buttonClass } from "../../lib/ui/button-styles";
import { useShopper } from "../../lib/shopper";
import { useSession } from "../../lib/session";
import { AccountLinks } from "./account-links";
import { AccountStrip } from "./account-strip";
import { CategoryNav } from "./category-nav";
import { SalesSupportLink, WhatsAppLink } from "../../features/content/contact-links";
import { HeaderCartSlot } from "./header-cart-slot";
import { headerIconButton } from "./header-styles";
import { SearchBox } from "./search-box";
import { SideMenu } from "./side-menu";
import { ThemeToggle } from "./theme-toggle";

const SIDE_MENU_ID = "side-menu";
const topBarLink =
  "inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded px-1.5 underline-offset-4 hover:underline sm:px-2";

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const session = useSession();
  const shopper = useShopper();

  return (
    <header>
      <div className="on-brand bg-brand-strong text-[0.8125rem] text-on-brand">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-2 px-2 sm:px-4 lg:flex-nowrap lg:justify-between lg:px-6">
          <div className="flex flex-wrap items-center justify-center lg:flex-nowrap">
            <p className="flex w-full items-center justify-center gap-1.5 pt-1.5 lg:w-auto lg:pr-2 lg:pt-0">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <span>
                Head office: <span className="whitespace-nowrap">{shopDetails.hours}</span>
              </span>
            </p>
            <ul className="flex items-center sm:gap-2" aria-label="Contact us">
              <li>
                <SalesSupportLink className={topBarLink} />
              </li>
              <li>
                <WhatsAppLink className={topBarLink} />
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
            {session && <AccountLinks variant="bar" />}
            <ThemeToggle className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/15" />
          </div>
        </div>
      </div>

      <div className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-2 py-2 sm:px-4 md:flex-nowrap md:gap-4 lg:px-6">
          <button
            type="button"
            className={`${headerIconButton} lg:hidden`}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={SIDE_MENU_ID}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>

          <Link
            to="/"
            className="mr-auto flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-1 md:mr-0 md:shrink-0"
          >
            <img src={logoMark} alt="" width={40} height={40} className="size-9 shrink-0 sm:size-10" />
            <span className="truncate text-lg font-extrabold leading-tight tracking-tight text-fg sm:text-xl">
              <span className="lg:hidden">{shopDetails.name}</span>
              <span className="hidden lg:inline">
                {shopDetails.name} <span className="font-medium text-muted">— {shopDetails.tagline}</span>
              </span>
            </span>
          </Link>

          <SearchBox className="order-last w-full md:order-none md:max-w-xl md:flex-1" />

          <div className="flex items-center gap-1 md:ml-auto">
            {session ? (
              <HeaderCartSlot />
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

      {shopper !== null && <AccountStrip />}
      <CategoryNav />
      <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
