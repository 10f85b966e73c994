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
import { apiAnswer, type AnswerOptions } from "../../../lib/api-client";
import { productSearchRequest, readProductsView } from "../products-query";
import { currentViewer } from "./catalogue-keys";
import { getProductImagesQueryOptions, PRODUCT_IMAGES_ANSWER } from "./get-product-images";
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
function earlyOr<R extends ApiRoute, C extends { signal: AbortSignal }>(
  early: Promise<Response> | undefined,
  route: R,
  /** The page's own query function (its query options always have one). */
  ask: ((context: C) => ResponseBody<R> | Promise<ResponseBody<R>>) | undefined,
  /** How the page's own call shows a failure. */
  answer: AnswerOptions = {},
) {
  return async (context: C): Promise<ResponseBody<R>> => {
    const response = early && (await early.catch(() => null));
    if (response) return apiAnswer(route, response, answer);
    if (!ask) throw new Error(`no query function to ask ${route.path} with`);
    return ask(context);
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
    const options = getProductSearchQueryOptions(request, viewer);
    void client.prefetchQuery({
      ...options,
      queryFn: earlyOr(early("search"), productsPageRoutes.searchPage, options.queryFn),
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
  const product = getProductQueryOptions(skuCode, viewer);
  void client.prefetchQuery({
    ...product,
    queryFn: earlyOr(early("product"), productRoutes.getBySkuCode, product.queryFn),
  });
  const images = getProductImagesQueryOptions(skuCode);
  void client.prefetchQuery({
    ...images,
    queryFn: earlyOr(early("images"), pendingProductRoutes.images, images.queryFn, PRODUCT_IMAGES_ANSWER),
  });
}
