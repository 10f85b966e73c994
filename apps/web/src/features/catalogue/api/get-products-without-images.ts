// GET /api/Product/WithoutImages: the staff work list of products that have no picture yet.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CATALOGUE_KEY } from "./catalogue-keys";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";

export const WORK_LIST_PAGE_SIZE = 12;

/** One page of the list; with `search`, only products whose code or description holds it. */
export function getProductsWithoutImagesQueryOptions(pageNumber: number, search = "") {
  return queryOptions({
    queryKey: [...CATALOGUE_KEY, "without-images", pageNumber, search],
    queryFn: ({ signal }) =>
      apiRequest(pendingProductRoutes.withoutImages, {
        query: {
          pageNumber: String(pageNumber),
          resultsPerPage: String(WORK_LIST_PAGE_SIZE),
          ...(search ? { search } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProductsWithoutImages(pageNumber: number, search = "") {
  return useQuery(getProductsWithoutImagesQueryOptions(pageNumber, search));
}
