// POST /api/Product/ProductSearch: the catalogue screen's search, one cache entry per request.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import type { ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import { unlessJustFailed } from "@/lib/just-failed";
import { apiRequest, type Ask } from "@/lib/api-client";
import { CATALOGUE_KEY, useViewer } from "./catalogue-keys";

export function getProductSearchQueryOptions(
  request: ProductSearchRequest,
  viewer: string,
  ask: Ask = apiRequest,
) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "search", viewer, request],
    queryFn: ({ signal }) => ask(productRoutes.search, { body: request, signal }),
    // Not asked again on mounting moments after a failure, which has been said (just-failed.ts).
    retryOnMount: unlessJustFailed,
    // The previous page stays on screen (dimmed) while the next one loads, rather than skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useProductSearch(request: ProductSearchRequest) {
  return useQuery(getProductSearchQueryOptions(request, useViewer()));
}
