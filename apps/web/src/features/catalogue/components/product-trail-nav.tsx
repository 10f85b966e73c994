// The breadcrumb of a product page, drawn like the layout's: the URL holds only the SKU code,
// so the trail is built from the product (product-trail.ts) rather than from the URL.
import { Link } from "react-router";
import { ChevronRight } from "lucide-react";
import type { BreadcrumbItem } from "@trade-shop/contracts/common";

export function ProductTrailNav({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb" className="pt-2">
      <ol className="flex flex-wrap items-center text-sm text-muted">
        {items.map((item, index) => (
          // On a phone the product's own crumb repeats the heading just below it, so only
          // screen readers get it there.
          <li
            key={item.currentUrl}
            className={`flex min-w-0 items-center ${item.isProduct ? "max-sm:sr-only" : ""}`}
          >
            {index > 0 && <ChevronRight aria-hidden="true" className="mx-1 size-4 shrink-0" />}
            {item.isProduct ? (
              <span aria-current="page" className="truncate py-3 font-semibold text-fg">
                {item.text}
              </span>
            ) : (
              <Link
                to={item.currentUrl}
                className="inline-flex min-h-11 items-center underline-offset-4 hover:text-brand hover:underline"
              >
                {item.text}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
