// GET /api/Product/GetProductImages/{skuCode}: a product's gallery, the cover first.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { CATALOGUE_KEY } from "./catalogue-keys";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";

export function getProductImagesQueryOptions(skuCode: string) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "images", skuCode],
    queryFn: ({ signal }) => apiRequest(pendingProductRoutes.images, { params: { skuCode }, signal }),
  });
}

export function useProductImages(skuCode: string) {
  return useQuery(getProductImagesQueryOptions(skuCode));
}
