// A catalogue page opened by its address asks for its data before its first render, under the
// query keys the page then reads: the products page's search, or a product page's product and
// pictures. The browser does so as the app starts, for a login's page (decision 130); the server
// does so in process for a visitor's page it renders, through the same query options
// (docs/decisions/0140).
import type { QueryClient } from "@tanstack/react-query";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiRequest, type Ask } from "@/lib/api-client";
import { productSearchRequest, readProductsView } from "../products-query";
import { getProductImagesQueryOptions } from "./get-product-images";
import { getProductQueryOptions } from "./get-product";
import { getProductSearchQueryOptions } from "./search-products";

const PRODUCT_PAGE = /^\/products\/([^/]+)$/;

/** The product code of a product page's address, or null for any other address. */
export function productPageSku(pathname: string): string | null {
  const sku = PRODUCT_PAGE.exec(pathname)?.[1];
  if (sku === undefined) return null;
  try {
    return decodeURIComponent(sku);
  } catch {
    return null; // not a code the page could show either
  }
}

/** Asks for the data of the catalogue page at `pathname` + `search`; settles when every answer is in (or failed). */
export async function prefetchCataloguePage(
  client: QueryClient,
  { pathname, search }: Pick<Location, "pathname" | "search">,
  viewer: string,
  ask: Ask = apiRequest,
): Promise<void> {
  if (pathname === appRoutes.products) {
    const request = productSearchRequest(readProductsView(new URLSearchParams(search)));
    await client.prefetchQuery(getProductSearchQueryOptions(request, viewer, ask));
    return;
  }
  const skuCode = productPageSku(pathname);
  if (skuCode === null) return;
  await Promise.all([
    client.prefetchQuery(getProductQueryOptions(skuCode, viewer, ask)),
    client.prefetchQuery(getProductImagesQueryOptions(skuCode, ask)),
  ]);
}
