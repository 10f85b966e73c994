// POST /api/Product/ProductSearch: the catalogue screen's search, one cache entry per request.
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import type { ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import { apiRequest } from "../../../lib/api-client";
import { productSearchRequest, readProductsView } from "../products-query";
import { CATALOGUE_KEY, currentViewer, useViewer } from "./catalogue-keys";

export function getProductSearchQueryOptions(request: ProductSearchRequest, viewer: string) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "search", viewer, request],
    queryFn: ({ signal }) => apiRequest(productRoutes.search, { body: request, signal }),
    // The previous page stays on screen (dimmed) while the next one loads, rather than skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useProductSearch(request: ProductSearchRequest) {
  return useQuery(getProductSearchQueryOptions(request, useViewer()));
}

/**
 * Asks for the search a products page opened at `search` (its address's query) will show, as the
 * app starts: the answer is on its way while the app's first render is built.
 */
export function prefetchProductSearch(client: QueryClient, search: string) {
  const request = productSearchRequest(readProductsView(new URLSearchParams(search)));
  void client.prefetchQuery(getProductSearchQueryOptions(request, currentViewer()));
}
