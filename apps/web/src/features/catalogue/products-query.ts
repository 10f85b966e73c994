// The /products URL as the catalogue page reads and writes it: SPEC §2's params (category
// levels, brand, searchText, pageNumber) plus our sort and pageSize, and the search request
// they stand for. Every link on the page is built here, so the URL stays the single source.
import { z } from "zod";
import {
  type CategoryLink,
  RESULTS_PER_PAGE_CHOICES,
  type ProductSearchRequest,
  type ProductSortBy,
  type SortDirection,
} from "@trade-shop/contracts/catalogue";
import { ProductsRouteQuery, appRoutes, productSearchFromRoute } from "@trade-shop/contracts/routes";

export const CATEGORY_LEVELS = ["category", "subCategory", "subCategory3", "subCategory4"] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

/** Every query param the page understands, in the order links write them. */
const PARAM_ORDER = [
  ...CATEGORY_LEVELS,
  "brand",
  "searchText",
  "exact",
  "sort",
  "pageSize",
  "pageNumber",
] as const;
export type ProductsParam = (typeof PARAM_ORDER)[number];

interface SortOption {
  value: string;
  label: string;
  sortBy: ProductSortBy;
  sortDirection: SortDirection;
}

/** DESIGN §4's sorts; "asc" is each sort's natural order (best, cheapest, A to Z, newest). */
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

export type ProductsChanges = Partial<Record<ProductsParam, string | number | null>>;

/**
 * The products URL after `changes` (null removes a param). Any change other than the page
 * itself starts again at page 1, so a narrower selection never opens on an empty page.
 * Defaults (relevance, 24 per page) are left out to keep shared links short.
 */
export function productsHref(params: URLSearchParams, changes: ProductsChanges): string {
  const next = new URLSearchParams();
  for (const name of PARAM_ORDER) {
    const value = name in changes ? changes[name] : params.get(name);
    if (value !== null && value !== undefined && String(value).trim() !== "") next.set(name, String(value));
  }
  if (!("pageNumber" in changes)) next.set("pageNumber", "1");
  if (next.get("sort") === DEFAULT_SORT) next.delete("sort");
  if (next.get("pageSize") === String(DEFAULT_PAGE_SIZE)) next.delete("pageSize");
  return `${appRoutes.products}?${next}`;
}

/** Changes that select one category node, `path` from the top level down; deeper levels are cleared. */
export function categoryChanges(path: readonly string[]): ProductsChanges {
  return Object.fromEntries(CATEGORY_LEVELS.map((level, depth) => [level, path[depth] ?? null]));
}

/** The narrowing a visitor chose beyond the header category: sub-categories and brand. */
export function hasNarrowing(view: ProductsView): boolean {
  const { subCategory, subCategory3, subCategory4, brand } = view.route;
  return Boolean(subCategory || subCategory3 || subCategory4 || brand);
}

/**
 * Where "Clear filters" leads: without sub-categories and brand; a search also drops its
 * category (the words alone are the widest search). Null when there is nothing to clear.
 */
export function clearFiltersHref(params: URLSearchParams, view: ProductsView): string | null {
  const searching = Boolean(view.route.searchText);
  const category = view.route.category;
  const searchHasCategory = searching && category !== undefined && category !== "home";
  if (!hasNarrowing(view) && !searchHasCategory) return null;
  return productsHref(params, {
    ...categoryChanges(searching ? [] : category ? [category] : []),
    brand: null,
  });
}

/** Whether the URL's category is one of the two header pseudo-categories rather than a real one. */
export function isPseudoCategory(category: string | undefined): boolean {
  return category === "home" || category === "featured";
}

/**
 * The selected path of real categories, top level first, stopping at the first missing level;
 * empty on home and featured, which are not categories of the tree.
 */
export function selectedCategoryPath(view: ProductsView): string[] {
  if (isPseudoCategory(view.route.category)) return [];
  const path: string[] = [];
  for (const level of CATEGORY_LEVELS) {
    const value = view.route[level];
    if (!value) break;
    path.push(value);
  }
  return path;
}

/** The products page of a category branch as the search names it (a suggestion, the nearest category). */
export function categoryLinkHref(link: CategoryLink): string {
  return productsHref(new URLSearchParams(), {
    category: link.category,
    subCategory: link.subCategory,
    subCategory3: link.subCategory3,
    subCategory4: link.subCategory4,
  });
}

/** The products of one brand, across the catalogue. */
export function brandHref(brand: string): string {
  return productsHref(new URLSearchParams(), { category: "home", brand });
}
