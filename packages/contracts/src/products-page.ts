// The /products page's address as a search: docs/screens.md's params (category levels, brand,
// searchText, pageNumber) plus our sort and pageSize, read into the view the page shows and the
// search request it stands for. The web app reads its own address with it; the server answers a
// visitor's first load of the page with it (GET /api/Product/ProductSearch, decision 140), so
// both make the same request of the same address.
import { z } from "zod";
import type { ApiRoute } from "./http";
import {
  ProductSearchResult,
  RESULTS_PER_PAGE_CHOICES,
  type ProductSearchRequest,
  type ProductSortBy,
  type SortDirection,
} from "./catalogue";
import { ProductsRouteQuery, productSearchFromRoute } from "./routes";

interface SortOption {
  value: string;
  label: string;
  sortBy: ProductSortBy;
  sortDirection: SortDirection;
}

/** docs/rules.md's sorts; "asc" is each sort's natural order (best, cheapest, A to Z, newest). */
export const SORT_OPTIONS = [
  { value: "relevance", label: "Best match", sortBy: "relevance", sortDirection: "asc" },
  { value: "description", label: "Name: A to Z", sortBy: "description", sortDirection: "asc" },
  { value: "description-desc", label: "Name: Z to A", sortBy: "description", sortDirection: "desc" },
  { value: "price", label: "Price: low to high", sortBy: "price", sortDirection: "asc" },
  { value: "price-desc", label: "Price: high to low", sortBy: "price", sortDirection: "desc" },
  { value: "brand", label: "Brand: A to Z", sortBy: "brand", sortDirection: "asc" },
  { value: "newest", label: "Newest first", sortBy: "newest", sortDirection: "asc" },
] as const satisfies readonly SortOption[];
export type SortValue = (typeof SORT_OPTIONS)[number]["value"];

export const DEFAULT_SORT: SortValue = "relevance";
export const DEFAULT_PAGE_SIZE = 24;
export type PageSize = (typeof RESULTS_PER_PAGE_CHOICES)[number];

const SortParam = z.enum(SORT_OPTIONS.map((option) => option.value) as [SortValue, ...SortValue[]]);
const PageSizeParam = z.coerce.number<string>().pipe(z.literal(RESULTS_PER_PAGE_CHOICES));

/** What the page shows, read from its URL; anything unreadable falls back to the default. */
export interface ProductsView {
  route: ProductsRouteQuery;
  sort: SortValue;
  pageSize: PageSize;
}

/** The URL's text for a param, trimmed; blank counts as absent. */
function textParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
}

export function readProductsView(params: URLSearchParams): ProductsView {
  const category = textParam(params, "category");
  // The header writes home and featured in lower case; a hand-typed "Home" means the same.
  const special = category?.toLowerCase();
  const route = ProductsRouteQuery.parse({
    category: special === "home" || special === "featured" ? special : category,
    subCategory: textParam(params, "subCategory"),
    subCategory3: textParam(params, "subCategory3"),
    subCategory4: textParam(params, "subCategory4"),
    brand: textParam(params, "brand"),
    pageNumber: params.get("pageNumber") ?? "1",
    searchText: textParam(params, "searchText"),
    exact: textParam(params, "exact"),
  });
  return {
    route,
    sort: SortParam.catch(DEFAULT_SORT).parse(params.get("sort") ?? undefined),
    pageSize: PageSizeParam.catch(DEFAULT_PAGE_SIZE as PageSize).parse(params.get("pageSize") ?? undefined),
  };
}

export function productSearchRequest(view: ProductsView): ProductSearchRequest {
  const sort = SORT_OPTIONS.find((option) => option.value === view.sort) ?? SORT_OPTIONS[0];
  return {
    ...productSearchFromRoute(view.route),
    resultsPerPage: view.pageSize,
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
    newProductsOnly: false,
    inStockOnly: false,
  };
}

/** One of the page's params: what the page makes of it, never a refusal (see ProductsPageQuery). */
const pageParam = <T extends z.ZodType>(schema: T, description: string) =>
  schema.optional().catch(undefined).describe(description);

/**
 * A page address's params. The server reads them from the raw query string as the page reads its
 * address (URLSearchParams: the first of a repeated param, what a bad escape leaves), ignoring
 * the rest as the page does; the search request they make is checked as the POST's body is. So
 * this schema names and describes them (for the OpenAPI document and the fuzzer) but refuses
 * nothing: a value the page cannot read falls back to its default there.
 */
export const ProductsPageQuery = z.looseObject({
  category: pageParam(z.string(), "A category's name; home: every product, featured: featured products only"),
  subCategory: pageParam(z.string(), "The category's subcategory (the search's subCategory1Filter)"),
  subCategory3: pageParam(z.string(), "The next level down (subCategory2Filter)"),
  subCategory4: pageParam(z.string(), "The level below that (subCategory3Filter)"),
  brand: pageParam(z.string(), "A brand's name"),
  searchText: pageParam(z.string(), "The words searched for"),
  exact: pageParam(z.literal("1"), "1: the words as typed, without correcting misspelt ones"),
  pageNumber: pageParam(z.coerce.number<string>().int().min(1), "From 1; anything else shows page 1"),
  sort: pageParam(SortParam, `The order; ${DEFAULT_SORT} when absent`),
  pageSize: pageParam(
    z.enum(RESULTS_PER_PAGE_CHOICES.map(String) as [`${PageSize}`, ...`${PageSize}`[]]),
    `Results per page; ${DEFAULT_PAGE_SIZE} when absent`,
  ),
});

export const productsPageRoutes = {
  /**
   * The search the /products page at `?query` makes, as a GET of the page's own params: an
   * address another system (or a cache) can hold for a page's results (decision 140).
   * The answer is the POST's for the same page.
   */
  searchPage: {
    method: "GET",
    path: "/api/Product/ProductSearch",
    query: ProductsPageQuery,
    response: ProductSearchResult,
    auth: false,
    summary: "Search the catalogue as the /products page at these params does",
    tag: "Products",
  },
} as const satisfies Record<string, ApiRoute>;
