// The category strip under the header bar (docs/screens.md). On a phone it scrolls sideways inside
// itself; the page never does. The selected category is scrolled into view within the strip,
// so a phone that opens Hygiene shows Hygiene marked, not the first few tabs. Customers find
// the quick order pad at its end; staff the No Images and Hand-offs lists and the search's words.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ImageOff, ListChecks, ListPlus, Send, TextSearch } from "lucide-react";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import { appRoutes } from "@trade-shop/contracts/routes";
import { hasRole, useSession } from "@/lib/session";
import { useShopper } from "@/entities/shopper";
import { categoryHref, useSelectedCategory } from "./category-links";

const linkBase =
  "inline-flex min-h-11 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-semibold";

export function CategoryNav() {
  const selected = useSelectedCategory();
  const session = useSession();
  // A rep ordering for an account has its ordering tools too (decision 127).
  const isCustomer = useShopper() !== null;
  // After the categories, the pages a login's roles open: customers' ordering tools, staff lists.
  const roleLinks = [
    { show: isCustomer, to: appRoutes.quickOrder, label: "Quick order", Icon: ListPlus },
    { show: isCustomer, to: appRoutes.orderLists, label: "Order lists", Icon: ListChecks },
    { show: hasRole(session, "NoImage"), to: appRoutes.manage, label: "No Images", Icon: ImageOff },
    {
      show: hasRole(session, "Staff") || hasRole(session, "Admin"),
      to: appRoutes.handOffs,
      label: "Hand-offs",
      Icon: Send,
    },
    {
      show: hasRole(session, "Staff") || hasRole(session, "Admin"),
      to: appRoutes.manageSearch,
      label: "Search words",
      Icon: TextSearch,
    },
  ].filter((link) => link.show);
  const strip = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')?.closest("li");
    if (!list || !current) return;
    // Only the strip scrolls (sideways, to centre the tab where it can); the page stays put.
    const left = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    list.scrollTo({ left: Math.max(0, left) });
  }, [selected]);

  return (
    <nav aria-label="Product categories" className="on-brand bg-brand-bg text-on-brand">
      <ul
        ref={strip}
        className="relative mx-auto flex max-w-7xl snap-x gap-1 overflow-x-auto px-2 py-1 [scrollbar-width:none] sm:px-4 lg:justify-center lg:px-6"
      >
        {HEADER_CATEGORIES.map(({ label, category }) => {
          const isSelected = selected === category.toLowerCase();
          return (
            <li key={category} className="snap-start">
              <Link
                to={categoryHref(category)}
                aria-current={isSelected ? "page" : undefined}
                className={`${linkBase} ${isSelected ? "bg-surface text-brand shadow-sm" : "hover:bg-white/15"}`}
              >
                {label}
              </Link>
            </li>
          );
        })}
        {roleLinks.map(({ to, label, Icon }) => (
          <li key={to} className="snap-start">
            <Link to={to} className={`${linkBase} hover:bg-white/15`}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
