import { Link, useLocation } from "react-router";
import { ChevronRight } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { breadcrumbItems } from "./breadcrumb-items";

/** Pages that say where the user is not, rather than where they are; their Home button is the way on. */
const STATUS_PAGES: ReadonlySet<string> = new Set([
  appRoutes.notFound,
  appRoutes.authorizationDenied,
  appRoutes.underConstruction,
]);

export function Breadcrumb() {
  const { pathname, search } = useLocation();
  const items = breadcrumbItems(pathname, search);
  if (items.length < 2 || STATUS_PAGES.has(pathname)) return null;

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
