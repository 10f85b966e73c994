// Route loaders that decide before a page renders (docs/behaviour.md): order history needs a valid token,
// otherwise the visitor is sent to the access-denied page, which offers to log in and come back.
// Admin screens also need the role; a logged-in user without it is denied too.
import { redirect, type LoaderFunctionArgs } from "react-router";
import type { RoleName } from "@trade-shop/contracts/common";
import { appRoutes } from "@trade-shop/contracts/routes";
import { getSession, hasRole, isTokenValid } from "@/lib/session";

export function requireValidToken({ request }: LoaderFunctionArgs): null {
  if (isTokenValid(getSession()?.token)) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`${appRoutes.authorizationDenied}?${new URLSearchParams({ returnUrl: pathname + search })}`);
}

/**
 * docs/product.md: passes when the user holds any one of `roles`. Unlike order history, whose route
 * names no role (docs/behaviour.md lets a failed role check through there), a staff screen must not open
 * for a customer, so a missing role ends on the access-denied page.
 */
export function requireRole(...roles: RoleName[]) {
  return (args: LoaderFunctionArgs): null => {
    requireValidToken(args);
    const session = getSession();
    if (roles.length === 0 || roles.some((role) => hasRole(session, role))) return null;
    throw redirect(appRoutes.authorizationDenied);
  };
}
