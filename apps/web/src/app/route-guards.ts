// Route loaders that decide before a page renders (SPEC §5): order history needs a valid token,
// otherwise the visitor is sent to the access-denied page, which offers to log in and come back.
import { redirect, type LoaderFunctionArgs } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { getSession, isTokenValid } from "../lib/session";

export function requireValidToken({ request }: LoaderFunctionArgs): null {
  if (isTokenValid(getSession()?.token)) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`${appRoutes.authorizationDenied}?${new URLSearchParams({ returnUrl: pathname + search })}`);
}
