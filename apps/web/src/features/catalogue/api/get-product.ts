// POST /api/Product/GetProductBySkuCode: one product with its extended data.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import { apiRequest } from "../../../lib/api-client";
import { CATALOGUE_KEY, useViewer } from "./catalogue-keys";

export function getProductQueryOptions(skuCode: string, viewer: string) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "product", viewer, skuCode],
    queryFn: ({ signal }) => apiRequest(productRoutes.getBySkuCode, { body: { skuCode }, signal }),
    // A page whose data was asked for at the app's start (prefetch-page.ts) does not ask again as
    // it mounts when that failed: the failure has been said once, and the page offers Try again.
    retryOnMount: false,
  });
}

export function useProduct(skuCode: string) {
  return useQuery(getProductQueryOptions(skuCode, useViewer()));
}
