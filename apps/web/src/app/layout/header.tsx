// The shop header (SPEC §2): contact bar, logo and search, account, wishlist and cart, and the
// category strip; below the lg breakpoint the account and help links move into the side menu.
import { useState } from "react";
import { Link } from "react-router";
import { Clock, Headset, Heart, LogIn, Menu, ShoppingCart, type LucideIcon } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import logoMark from "../../assets/logo-mark.svg";
import { buttonClass } from "../../lib/ui/button-styles";
import { useSession } from "../../lib/session";
import { shopDetails } from "../shop-details";
import { AccountLinks } from "./account-links";
import { CategoryNav } from "./category-nav";
import { SalesSupportLink, WhatsAppLink } from "./contact-links";
import { SearchBox } from "./search-box";
import { SideMenu } from "./side-menu";
import { ThemeToggle } from "./theme-toggle";

const SIDE_MENU_ID = "side-menu";
const topBarLink =
  "inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded px-1.5 underline-offset-4 hover:underline sm:px-2";
const iconButton =
  "relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-fg hover:bg-surface-2";

interface CountLinkProps {
  to: string;
  label: string;
  count: number;
  icon: LucideIcon;
}

function CountLink({ to, label, count, icon: Icon }: CountLinkProps) {
  return (
    <Link
      to={to}
      className={iconButton}
      aria-label={`${label}, ${count} ${count === 1 ? "item" : "items"}`}
      title={label}
    >
      <Icon aria-hidden="true" className="size-6" />
      <span
        aria-hidden="true"
        className="absolute right-0 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent"
      >
        {count}
      </span>
    </Link>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const session = useSession();
  // The cart and wishlist features replace these with the counts from their queries.
  const wishlistCount = 0;
  const cartCount = 0;

  return (
    <header>
      <div className="on-brand bg-brand-strong text-[0.8125rem] text-on-brand">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-2 sm:px-4 lg:px-6">
          <ul className="flex items-center sm:gap-2">
            <li className="hidden items-center gap-1.5 pr-2 lg:flex">
              <Clock aria-hidden="true" className="size-4" />
              Head office: {shopDetails.hours}
            </li>
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
            className={`${iconButton} lg:hidden`}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={SIDE_MENU_ID}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>

          <Link to="/" className="mr-auto flex min-h-11 shrink-0 items-center gap-2 rounded-lg pr-1 md:mr-0">
            <img src={logoMark} alt="" width={40} height={40} className="size-9 sm:size-10" />
            <span className="text-lg font-extrabold leading-tight tracking-tight text-fg sm:text-xl">
              <span className="lg:hidden">{shopDetails.name}</span>
              <span className="hidden lg:inline">
                {shopDetails.name} <span className="font-medium text-muted">— {shopDetails.tagline}</span>
              </span>
            </span>
          </Link>

          <SearchBox className="order-last w-full md:order-none md:max-w-xl md:flex-1" />

          <div className="flex items-center gap-1 md:ml-auto">
            {session ? (
              <>
                <CountLink to={appRoutes.wishList} label="Wishlist" count={wishlistCount} icon={Heart} />
                <CountLink to={appRoutes.cart} label="Cart" count={cartCount} icon={ShoppingCart} />
              </>
            ) : (
              <>
                <Link to={appRoutes.login} className={`${iconButton} md:hidden`} aria-label="Login">
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

      <CategoryNav />
      <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
