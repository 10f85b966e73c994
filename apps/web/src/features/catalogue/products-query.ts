// The /products URL as the catalogue page reads and writes it: docs/screens.md's params (category
// levels, brand, searchText, pageNumber) plus our sort and pageSize. Reading it into a view and
// a search request is the contracts' (products-page.ts); every link on the page is built here,
// so the URL stays the single source.
import type { CategoryLink } from "@trade-shop/contracts/catalogue";
import { appRoutes } from "@trade-shop/contracts/routes";
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, type ProductsView } from "@trade-shop/contracts/products-page";

// The address read as a view and a search request is shared with the server (decision 140).
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  SORT_OPTIONS,
  productSearchRequest,
  readProductsView,
  type PageSize,
  type ProductsView,
  type SortValue,
} from "@trade-shop/contracts/products-page";

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
