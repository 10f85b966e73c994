import { Link, useLocation } from "react-router";
import { skipToken, useQuery } from "@tanstack/react-query";
import type { User } from "@trade-shop/contracts/identity";
import { ChevronRight } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { breadcrumbItems } from "./breadcrumb-items";
import { userKeys } from "../../features/admin/api/user-keys";

const USER_PAGE = /^\/admin\/users\/(\d+)$/;

/**
 * The name of the user a /admin/users/{id} page shows, from the page's own query (never a
 * request of its own), so the trail reads "Users › Thabo Mokoena" rather than an id.
 */
function useUserPageName(pathname: string): string | null {
  const id = Number(USER_PAGE.exec(pathname)?.[1] ?? 0);
  const { data } = useQuery<User>({ queryKey: userKeys.detail(id), queryFn: skipToken });
  if (!id || !data) return null;
  return `${data.firstname} ${data.lastname}`.trim() || data.username;
}

/** Pages that say where the user is not, rather than where they are; their Home button is the way on. */
const STATUS_PAGES: ReadonlySet<string> = new Set([
  appRoutes.notFound,
  appRoutes.authorizationDenied,
  appRoutes.underConstruction,
]);

export function Breadcrumb() {
  const { pathname, search } = useLocation();
  const userName = useUserPageName(pathname);
  const trail = breadcrumbItems(pathname, search);
  const items = userName ? [...trail.slice(0, -1), { ...trail[trail.length - 1]!, text: userName }] : trail;
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
