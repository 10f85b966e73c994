// A catalogue page opened by its address asks for its data as the app starts, under the query
// keys the page then reads, so the answers are on their way while the first render is built
// (decision 130): the products page's search, or a product page's product and pictures.
// A visitor's page was asked for earlier still, by index.html's first script (decision 132): the
// list's search by the page's own params, a product page's product and pictures; the app takes
// those answers rather than asking again.
import type { QueryClient } from "@tanstack/react-query";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";
import type { ApiRoute, ResponseBody } from "@trade-shop/contracts/http";
import { productsPageRoutes } from "@trade-shop/contracts/products-page";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiAnswer, apiRequest } from "../../../lib/api-client";
import { productSearchRequest, readProductsView } from "../products-query";
import { currentViewer } from "./catalogue-keys";
import { getProductImagesQueryOptions } from "./get-product-images";
import { getProductQueryOptions } from "./get-product";
import { getProductSearchQueryOptions } from "./search-products";

const PRODUCT_PAGE = /^\/products\/([^/]+)$/;

/** What index.html's first script asked for a visitor, and the address it was on. */
export interface FirstAnswer {
  address: string;
  answer: Promise<Response>;
}

/** The list's search, or a product page's product and pictures. */
export type FirstAnswers = Partial<Record<"search" | "product" | "images", FirstAnswer>>;

declare global {
  interface Window {
    __tradeshopFirstAnswers?: FirstAnswers;
  }
}

/** The first script's answers, once: later pages ask for their own. */
function takeFirstAnswers(): FirstAnswers {
  const first = window.__tradeshopFirstAnswers ?? {};
  delete window.__tradeshopFirstAnswers;
  return first;
}

/**
 * A query function that reads the first script's answer as any answer of `route` is read (a
 * refusal shows once, as the page's own request's would), and asks as the page does when there
 * was none or it never arrived (offline, the service worker then answers from its copy).
 */
function earlyOr<R extends ApiRoute>(
  early: Promise<Response> | undefined,
  route: R,
  ask: (signal: AbortSignal) => Promise<ResponseBody<R>>,
) {
  return async ({ signal }: { signal: AbortSignal }): Promise<ResponseBody<R>> => {
    const response = early && (await early.catch(() => null));
    return response ? apiAnswer(route, response) : ask(signal);
  };
}

export function prefetchCataloguePage(
  client: QueryClient,
  { pathname, search }: Pick<Location, "pathname" | "search">,
  first: FirstAnswers = takeFirstAnswers(),
): void {
  const viewer = currentViewer();
  /** The first script's answer of `kind`, if it was for this address and a visitor is looking. */
  const early = (kind: keyof FirstAnswers) => {
    const answer = first[kind];
    return answer?.address === pathname + search && viewer === "guest" ? answer.answer : undefined;
  };
  if (pathname === appRoutes.products) {
    const request = productSearchRequest(readProductsView(new URLSearchParams(search)));
    void client.prefetchQuery({
      ...getProductSearchQueryOptions(request, viewer),
      queryFn: earlyOr(early("search"), productsPageRoutes.searchPage, (signal) =>
        apiRequest(productRoutes.search, { body: request, signal }),
      ),
    });
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
  void client.prefetchQuery({
    ...getProductQueryOptions(skuCode, viewer),
    queryFn: earlyOr(early("product"), productRoutes.getBySkuCode, (signal) =>
      apiRequest(productRoutes.getBySkuCode, { body: { skuCode }, signal }),
    ),
  });
  void client.prefetchQuery({
    ...getProductImagesQueryOptions(skuCode),
    queryFn: earlyOr(early("images"), pendingProductRoutes.images, (signal) =>
      apiRequest(pendingProductRoutes.images, { params: { skuCode }, signal }),
    ),
  });
}
