// The breadcrumb trail as both the layout (built from the URL) and a product page (built from
// the product) draw it. On a wide screen it wraps; on a phone it stays on one line that scrolls
// sideways, opened at its end, so the nearest way back is in view and the trail takes one
// line's height rather than two, with no line that starts with a separator (decision 45).
import { useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronRight } from "lucide-react";

export interface TrailItem {
  text: string;
  currentUrl: string;
}

/**
 * `items` end with the page itself, drawn as text rather than a link. `currentOnPhone: false`
 * leaves the page's own crumb to screen readers on a phone, where the heading just below says it.
 */
export function Trail({ items, currentOnPhone = true }: { items: TrailItem[]; currentOnPhone?: boolean }) {
  const list = useRef<HTMLOListElement>(null);
  // Whether crumbs are scrolled out of view at the start: the line's start then fades out,
  // so it reads as more to the left rather than as a trail that begins with a separator.
  const [hidesStart, setHidesStart] = useState(false);
  const end = items.map((item) => item.currentUrl).join(" ");
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollLeft = el.scrollWidth;
    setHidesStart(el.scrollLeft > 0);
  }, [end]);

  return (
    <nav aria-label="Breadcrumb" className="pt-2">
      <ol
        ref={list}
        onScroll={(event) => setHidesStart(event.currentTarget.scrollLeft > 0)}
        className={`flex items-center text-sm text-muted max-sm:overflow-x-auto max-sm:whitespace-nowrap max-sm:[scrollbar-width:none] sm:flex-wrap ${hidesStart ? "max-sm:[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]" : ""}`}
      >
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1;
          return (
            <li
              key={item.currentUrl}
              className={`flex items-center max-sm:shrink-0 sm:min-w-0 ${isCurrent && !currentOnPhone ? "max-sm:sr-only" : ""}`}
            >
              {index > 0 && <ChevronRight aria-hidden="true" className="mx-1 size-4 shrink-0" />}
              {isCurrent ? (
                <span aria-current="page" className="truncate py-3 font-semibold text-fg">
                  {item.text}
                </span>
              ) : (
                <Link
                  to={item.currentUrl}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center truncate px-1 underline-offset-4 hover:text-brand hover:underline"
                >
                  {item.text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
