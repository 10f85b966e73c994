// POST /api/Product/GetProductBySkuCode: one product with its extended data.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import { unlessJustFailed } from "@/lib/just-failed";
import { apiRequest, type Ask } from "@/lib/api-client";
import { CATALOGUE_KEY, useViewer } from "./catalogue-keys";

export function getProductQueryOptions(skuCode: string, viewer: string, ask: Ask = apiRequest) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "product", viewer, skuCode],
    queryFn: ({ signal }) => ask(productRoutes.getBySkuCode, { body: { skuCode }, signal }),
    // Not asked again on mounting moments after a failure, which has been said (just-failed.ts).
    retryOnMount: unlessJustFailed,
  });
}

export function useProduct(skuCode: string) {
  return useQuery(getProductQueryOptions(skuCode, useViewer()));
}
