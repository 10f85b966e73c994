// The mobile menu (docs/behaviour.md "side menu open"): a modal drawer from the left (lib/ui/dialog), so
// focus stays in it, Escape closes it and the page behind is inert; a followed link closes it.
// A customer's Quick order and Order lists come first after the account, and the staff's lists,
// so on a phone each is two taps away (the category strip has them at its far end too).
import { Link, useLocation } from "react-router";
import { Clock, Headset } from "lucide-react";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import { appRoutes } from "@trade-shop/contracts/routes";
import logoMark from "@/assets/logo-mark.svg";
import { shopDetails } from "@/features/content/shop-details";
import { AccountLinks } from "./account-links";
import { categoryHref, useSelectedCategory } from "./category-links";
import { SalesSupportLink, WhatsAppLink } from "@/features/content/contact-links";
import { Dialog } from "@/lib/ui/dialog";
import { DrawerHeader } from "@/lib/ui/drawer-header";
import { DataSaverToggle } from "./data-saver-toggle";
import { InstallAppButton } from "./app-updates";
import { ThemeToggle } from "./theme-toggle";
import { useRoleLinks, type RoleLink } from "./role-links";

interface SideMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

const menuItem = "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 font-medium hover:bg-surface-2";
const sectionTitle = "px-3 pb-1 pt-4 text-xs font-bold uppercase tracking-wide text-muted";

const currentItem = "bg-brand-soft font-semibold text-brand";

/** One group of the login's role links ("Ordering", "Staff"), or nothing when it has none. */
function RoleLinksSection({ title, label, links }: { title: string; label: string; links: RoleLink[] }) {
  const { pathname } = useLocation();
  if (links.length === 0) return null;
  return (
    <nav aria-label={label}>
      <p className={sectionTitle}>{title}</p>
      <ul>
        {links.map(({ to, label: text, Icon }) => {
          const isCurrent = pathname === to;
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={isCurrent ? "page" : undefined}
                className={`${menuItem} ${isCurrent ? currentItem : ""}`}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function SideMenu({ id, open, onClose }: SideMenuProps) {
  const selected = useSelectedCategory();
  const roleLinks = useRoleLinks();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeOnLinkClick
      id={id}
      aria-label="Menu"
      className="m-0 h-dvh max-h-none w-[min(20rem,88vw)] max-w-none bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col overflow-y-auto px-3 pb-6">
        <DrawerHeader closeLabel="Close menu" onClose={onClose} className="py-2">
          <Link to="/" className="flex min-h-11 items-center gap-2 px-1 font-bold">
            <img src={logoMark} alt="" width={32} height={32} className="size-8" />
            {shopDetails.name}
          </Link>
        </DrawerHeader>

        <p className={sectionTitle}>Your account</p>
        <AccountLinks variant="menu" />

        <RoleLinksSection
          title="Ordering"
          label="Ordering menu"
          links={roleLinks.filter((link) => link.group === "ordering")}
        />
        <RoleLinksSection
          title="Staff"
          label="Staff menu"
          links={roleLinks.filter((link) => link.group === "staff")}
        />

        <nav aria-label="Categories menu">
          <p className={sectionTitle}>Shop by category</p>
          <ul>
            {HEADER_CATEGORIES.map(({ label, category }) => {
              const isSelected = selected === category.toLowerCase();
              return (
                <li key={category}>
                  <Link
                    to={categoryHref(category)}
                    aria-current={isSelected ? "page" : undefined}
                    className={`${menuItem} ${isSelected ? currentItem : ""}`}
                  >
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <p className={sectionTitle}>Help</p>
        <ul>
          <li>
            <Link to={appRoutes.contact} className={menuItem}>
              <Headset aria-hidden="true" className="size-4" />
              Contact
            </Link>
          </li>
          <li>
            <SalesSupportLink className={menuItem} />
          </li>
          <li>
            <WhatsAppLink className={menuItem} />
          </li>
        </ul>
        <p className="flex items-center gap-3 px-3 py-2 text-sm text-muted">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          Head office: {shopDetails.hours}
        </p>

        <div className="mt-auto border-t border-line pt-2">
          <ThemeToggle showLabel className={menuItem} />
          <DataSaverToggle className={menuItem} />
          <InstallAppButton className={menuItem} />
        </div>
      </div>
    </Dialog>
  );
}
