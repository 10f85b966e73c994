import { Link, useLocation } from "react-router";
import { ChevronRight } from "lucide-react";
import { breadcrumbItems } from "./breadcrumb-items";

export function Breadcrumb() {
  const { pathname, search } = useLocation();
  const items = breadcrumbItems(pathname, search);
  if (items.length < 2) return null;

  return (
    <nav aria-label="Breadcrumb" className="pt-2">
      <ol className="flex flex-wrap items-center text-sm text-muted">
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1;
          return (
            <li key={item.currentUrl} className="flex min-w-0 items-center">
              {index > 0 && <ChevronRight aria-hidden="true" className="mx-1 size-4 shrink-0" />}
              {isCurrent ? (
                <span aria-current="page" className="truncate py-3 font-semibold text-fg">
                  {item.text}
                </span>
              ) : (
                <Link
                  to={item.currentUrl}
                  className="inline-flex min-h-11 items-center truncate underline-offset-4 hover:text-brand hover:underline"
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
