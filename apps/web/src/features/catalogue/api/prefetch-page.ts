// A catalogue page opened by its address asks for its data as the app starts, under the query
// keys the page then reads, so the answers are on their way while the first render is built
// (decision 130): the products page's search, or a product page's product and pictures.
import type { QueryClient } from "@tanstack/react-query";
import { appRoutes } from "@trade-shop/contracts/routes";
import { productSearchRequest, readProductsView } from "../products-query";
import { currentViewer } from "./catalogue-keys";
import { getProductImagesQueryOptions } from "./get-product-images";
import { getProductQueryOptions } from "./get-product";
import { getProductSearchQueryOptions } from "./search-products";

const PRODUCT_PAGE = /^\/products\/([^/]+)$/;

export function prefetchCataloguePage(client: QueryClient, { pathname, search }: Location): void {
  if (pathname === appRoutes.products) {
    const request = productSearchRequest(readProductsView(new URLSearchParams(search)));
    void client.prefetchQuery(getProductSearchQueryOptions(request, currentViewer()));
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
