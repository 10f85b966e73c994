// Where each header category leads and which one the current page shows (docs/screens.md).
import { useLocation, useSearchParams } from "react-router";
import type { HeaderCategory } from "@trade-shop/contracts/catalogue";
import { appRoutes } from "@trade-shop/contracts/routes";

export function categoryHref(category: HeaderCategory["category"]): string {
  return `${appRoutes.products}?${new URLSearchParams({ category, pageNumber: "1" })}`;
}

/** The category the products page is showing, lower-cased, or null elsewhere. */
export function useSelectedCategory(): string | null {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname !== appRoutes.products) return null;
  return params.get("category")?.toLowerCase() ?? null;
}
