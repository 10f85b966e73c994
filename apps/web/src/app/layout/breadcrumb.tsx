import { useLocation } from "react-router";
import { skipToken, useQuery } from "@tanstack/react-query";
import type { User } from "@trade-shop/contracts/identity";
import { appRoutes } from "@trade-shop/contracts/routes";
import { breadcrumbItems } from "./breadcrumb-items";
import { userKeys } from "@/features/admin/api/user-keys";
import { Trail } from "@/lib/ui/trail";

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

  return <Trail items={items} />;
}
