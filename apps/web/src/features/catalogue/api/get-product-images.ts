// GET /api/Product/GetProductImages/{skuCode}: a product's gallery, the cover first.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { unlessJustFailed } from "@/lib/just-failed";
import { apiRequest, type AnswerOptions, type Ask } from "@/lib/api-client";
import { CATALOGUE_KEY } from "./catalogue-keys";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";

/**
 * A product that is not there is said once, by the product's own call (the page then shows its
 * not-found state); its pictures' 404 adds no second toast.
 */
export const PRODUCT_IMAGES_ANSWER: AnswerOptions = { quietNotFound: true };

export function getProductImagesQueryOptions(skuCode: string, ask: Ask = apiRequest) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "images", skuCode],
    queryFn: ({ signal }) =>
      ask(pendingProductRoutes.images, { params: { skuCode }, signal, ...PRODUCT_IMAGES_ANSWER }),
    // Not asked again on mounting moments after a failure, which has been said (just-failed.ts).
    retryOnMount: unlessJustFailed,
  });
}

export function useProductImages(skuCode: string) {
  return useQuery(getProductImagesQueryOptions(skuCode));
}
