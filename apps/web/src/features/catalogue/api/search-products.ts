// POST /api/Product/ProductSearch: the catalogue screen's search, one cache entry per request.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import type { ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import { apiRequest } from "../../../lib/api-client";
import { CATALOGUE_KEY, useViewer } from "./catalogue-keys";

export function getProductSearchQueryOptions(request: ProductSearchRequest, viewer: string) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "search", viewer, request],
    queryFn: ({ signal }) => apiRequest(productRoutes.search, { body: request, signal }),
    // A page whose data was asked for at the app's start (prefetch-page.ts) does not ask again as
    // it mounts when that failed: the failure has been said once, and the page offers Try again.
    retryOnMount: false,
    // The previous page stays on screen (dimmed) while the next one loads, rather than skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useProductSearch(request: ProductSearchRequest) {
  return useQuery(getProductSearchQueryOptions(request, useViewer()));
}
