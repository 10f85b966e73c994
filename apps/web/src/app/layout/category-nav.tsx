// The category strip under the header bar (docs/screens.md). On a phone it scrolls sideways inside
// itself; the page never does. The selected category is scrolled into view within the strip,
// so a phone that opens Hygiene shows Hygiene marked, not the first few tabs. Customers find
// the quick order pad and their order lists at its end; staff the No Images and Hand-offs lists
// and the search's words (role-links.ts; on a phone the side menu lists them too).
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import { categoryHref, useSelectedCategory } from "./category-links";
import { useRoleLinks } from "./role-links";

const linkBase =
  "inline-flex min-h-11 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-semibold";

export function CategoryNav() {
  const selected = useSelectedCategory();
  // After the categories, the pages a login's roles open: customers' ordering tools, staff lists.
  const roleLinks = useRoleLinks();
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
