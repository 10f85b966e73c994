// A catalogue page opened by its address asks for its data as the app starts, under the query
// keys the page then reads, so the answers are on their way while the first render is built
// (decision 130): the products page's search, or a product page's product and pictures.
// A visitor's product list was asked for earlier still, by index.html's first script with the
// page's own params (decision 132): the app takes that answer rather than asking again.
import type { QueryClient } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import { productsPageRoutes } from "@trade-shop/contracts/products-page";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiAnswer, apiRequest } from "../../../lib/api-client";
import { productSearchRequest, readProductsView } from "../products-query";
import { currentViewer } from "./catalogue-keys";
import { getProductImagesQueryOptions } from "./get-product-images";
import { getProductQueryOptions } from "./get-product";
import { getProductSearchQueryOptions } from "./search-products";

const PRODUCT_PAGE = /^\/products\/([^/]+)$/;

/** What index.html's first script sent: the search of a visitor's /products page at `search`. */
export interface FirstSearch {
  search: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __tradeshopFirstSearch?: FirstSearch;
  }
}

/** The first script's search, once: later pages ask for their own. */
function takeFirstSearch(): FirstSearch | undefined {
  const first = window.__tradeshopFirstSearch;
  delete window.__tradeshopFirstSearch;
  return first;
}

export function prefetchCataloguePage(
  client: QueryClient,
  { pathname, search }: Pick<Location, "pathname" | "search">,
  first: FirstSearch | undefined = takeFirstSearch(),
): void {
  if (pathname === appRoutes.products) {
    const request = productSearchRequest(readProductsView(new URLSearchParams(search)));
    const viewer = currentViewer();
    const options = getProductSearchQueryOptions(request, viewer);
    const early = first?.search === search && viewer === "guest" ? first.answer : undefined;
    if (!early) {
      void client.prefetchQuery(options);
      return;
    }
    void client.prefetchQuery({
      ...options,
      // The early answer if it came and reads as a search result; otherwise the page's own POST
      // (which the service worker answers offline from its copy).
      queryFn: async ({ signal }) => {
        const response = await early.catch(() => null);
        if (response?.ok) {
          const answer = await apiAnswer(productsPageRoutes.searchPage, response, { quiet: true }).catch(
            () => null,
          );
          if (answer) return answer;
        }
        return apiRequest(productRoutes.search, { body: request, signal });
      },
    });
    return;
  }
  const sku = PRODUCT_PAGE.exec(pathname)?.[1];
  if (sku === undefined) return;
  let skuCode: string;
  try {
    skuCode = decodeURIComponent(sku);
  } catch {
    return; // not a code the page could show either
  }
  void client.prefetchQuery(getProductQueryOptions(skuCode, currentViewer()));
  void client.prefetchQuery(getProductImagesQueryOptions(skuCode));
}
