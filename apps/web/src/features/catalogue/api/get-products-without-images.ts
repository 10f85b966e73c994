// GET /api/Product/WithoutImages: the staff work list of products that have no picture yet.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { CATALOGUE_KEY } from "./catalogue-keys";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";

export const WORK_LIST_PAGE_SIZE = 12;

export function getProductsWithoutImagesQueryOptions(pageNumber: number) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "without-images", pageNumber],
    queryFn: ({ signal }) =>
      apiRequest(pendingProductRoutes.withoutImages, {
        query: { pageNumber: String(pageNumber), resultsPerPage: String(WORK_LIST_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProductsWithoutImages(pageNumber: number) {
  return useQuery(getProductsWithoutImagesQueryOptions(pageNumber));
}
