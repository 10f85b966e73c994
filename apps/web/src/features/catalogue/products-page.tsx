// The catalogue (docs/screens.md /products): everything it shows comes from the URL — category levels,
// brand, search, sort, page size and page — so any view can be bookmarked, shared or gone back to.
import { Suspense, lazy, useDeferredValue, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { HEADER_CATEGORIES, type ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { useShopper } from "@/entities/shopper";
import { useSession } from "@/lib/session";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useProductSearch } from "./api/search-products";
import { BroadsheetBanner } from "./components/broadsheet-banner";
import { FacetSidebar } from "./components/facet-sidebar";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Pagination } from "./components/pagination";
import { ProductCard, ProductCardSkeleton } from "./components/product-card";
import { ResultsToolbar } from "./components/results-toolbar";
import { useProductView } from "./product-view";
import { formatCount } from "@/entities/products";
import { useMediaQuery } from "@/lib/ui/use-media-query";
import { preloadable } from "@/lib/ui/preloadable";
import { rendersFromScratch } from "@/lib/browser-value";
import {
  clearFiltersHref,
  isPseudoCategory,
  productSearchRequest,
  productsHref,
  readProductsView,
  selectedCategoryPath,
  type ProductsView,
} from "./products-query";

/** Loaded when needed, not with the list: the phone's filter sheet when first opened, and the way on from no results. */
const FiltersDrawer = lazy(() =>
  import("./components/filters-drawer").then((module) => ({ default: module.FiltersDrawer })),
);
/**
 * The compact list a buyer types quantities into, when chosen instead of the cards (the app's
 * start asks for it at once for a login).
 */
export const productListView = preloadable(() =>
  import("./components/product-list-view").then((module) => module.ProductListView),
);
const NoResults = lazy(() =>
  import("./components/no-results").then((module) => ({ default: module.NoResults })),
);

/** Cards enough to fill the first screen at any width (two rows of three on a wide one). */
const FIRST_SCREEN_CARDS = 6;
/** Tailwind's lg, where the filters sidebar shows. */
const WIDE_SCREEN = "(min-width: 64rem)";

/** The list's heading and its tab's title. */
export function pageTitle(view: ProductsView): string {
  const { searchText, category } = view.route;
  if (searchText) return `Results for “${searchText}”`;
  if (category === undefined || category === "home") return "All products";
  if (category === "featured") return "Featured products";
  const path = selectedCategoryPath(view);
  const deepest = path[path.length - 1] ?? category;
  return HEADER_CATEGORIES.find((c) => c.category.toLowerCase() === deepest.toLowerCase())?.label ?? deepest;
}

/** "13–24 of 453 products", "1 product", "No products". */
function countText(result: ProductSearchResult, brand: string | undefined): string {
  const from = brand ? ` from ${brand}` : "";
  if (result.total === 0) return `No products${from}`;
  const noun = result.total === 1 ? "product" : "products";
  if (result.pages <= 1) return `${formatCount(result.total)} ${noun}${from}`;
  const first = (result.currentPage - 1) * result.resultsPerPage + 1;
  const last = first + result.resultCount - 1;
  return `${formatCount(first)}–${formatCount(last)} of ${formatCount(result.total)} ${noun}${from}`;
}

/**
 * The count, and for a visitor or staff which warehouse the cards' stock is for (every result
 * has the same one; decision 98). A customer's is the warehouse that supplies them, as their
 * product pages say, and the line stays short enough to sit beside the heading on a phone.
 */
/** What a results line looks like, to hold its place while the search runs. */
const RESULTS_LINE_SHAPE = "1–24 of 0 000 products";

function resultsLine(result: ProductSearchResult, brand: string | undefined, isCustomer: boolean): string {
  const warehouse = result.skuResults[0]?.stockingWarehouseCode;
  return warehouse && !isCustomer
    ? `${countText(result, brand)} · stock at ${warehouse}`
    : countText(result, brand);
}

/** Sub-categories and brand chosen in the sidebar, for the Filters button's badge. */
function activeFilterCount(view: ProductsView): number {
  const { subCategory, subCategory3, subCategory4, brand, category } = view.route;
  const levels = [subCategory, subCategory3, subCategory4].filter(Boolean).length;
  const searchCategory = view.route.searchText && category && !isPseudoCategory(category) ? 1 : 0;
  return levels + (brand ? 1 : 0) + searchCategory;
}

/**
 * After a new search or a page change (not on arrival, and not when a filter is ticked, where
 * the buyer is still choosing), focus moves to the results heading, so a keyboard user goes on
 * from the results rather than from the top of the page and through every filter again.
 */
function useFocusOnNewResults(searchText: string | null | undefined, pageNumber: string | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  const seen = useRef(`${searchText ?? ""}|${pageNumber ?? "1"}`);
  useEffect(() => {
    const now = `${searchText ?? ""}|${pageNumber ?? "1"}`;
    if (now === seen.current) return;
    seen.current = now;
    heading.current?.focus();
  }, [searchText, pageNumber]);
  return heading;
}

export function ProductsPage() {
  const [params] = useSearchParams();
  const view = readProductsView(params);
  const search = useProductSearch(productSearchRequest(view));
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The sheet's code loads when it is first opened; it stays mounted from then on.
  const [filtersOpened, setFiltersOpened] = useState(false);
  // A rep ordering for an account sees it as its customer does (decision 127).
  const isCustomer = useShopper() !== null;
  const session = useSession();
  const layout = useProductView();
  // The sidebar shows from lg up; a phone (the filter sheet instead) does not build it.
  const wide = useMediaQuery(WIDE_SCREEN);
  const title = pageTitle(view);
  useDocumentTitle(title);
  const heading = useFocusOnNewResults(view.route.searchText, params.get("pageNumber"));

  // The answer as rendered: when it arrives, the cards are rendered in a deferred render that
  // yields to the browser every few milliseconds, not in one long task (a phone's first seconds).
  const result = useDeferredValue(search.data);
  // The next answer is on its way, or here and still being rendered: what shows is the last one.
  const catchingUp = search.isPlaceholderData || (result !== undefined && result !== search.data);
  // A page the browser renders itself shows its first screen of cards in one commit and the rest
  // in the next (a phone's main thread is never held by all of them at once); a hydrated page's
  // cards are all in the server's HTML.
  const cardCount = result?.skuResults.length ?? 0;
  const shownCards = useDeferredValue(
    cardCount,
    rendersFromScratch() ? Math.min(cardCount, FIRST_SCREEN_CARDS) : cardCount,
  );
  const showBanner =
    !view.route.searchText && (view.route.category === "home" || view.route.category === "featured");
  const sidebar = (onNavigate?: () => void) => (
    <FacetSidebar view={view} params={params} result={result} onNavigate={onNavigate} />
  );

  const loading = (
    <div
      role="status"
      aria-label="Loading products"
      className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3"
    >
      {Array.from({ length: Math.min(view.pageSize, 12) }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
  let content;
  if (search.isError) {
    content = (
      <LoadFailed
        variant="page"
        message="We could not load the products"
        error={search.error}
        onRetry={() => void search.refetch()}
      />
    );
  } else if (result === undefined) {
    content = loading;
  } else if (result.total === 0) {
    content = (
      <Suspense fallback={null}>
        <NoResults
          searchText={view.route.searchText}
          clearHref={clearFiltersHref(params, view)}
          help={result.noResults}
        />
      </Suspense>
    );
  } else {
    const loadingNext = catchingUp;
    content = (
      <>
        {layout === "list" ? (
          <div aria-busy={loadingNext} className={`transition-opacity ${loadingNext ? "opacity-60" : ""}`}>
            <Suspense fallback={loading}>
              <productListView.Component products={result.skuResults} />
            </Suspense>
          </div>
        ) : (
          <ul
            aria-busy={loadingNext}
            className={`grid gap-3 transition-opacity sm:grid-cols-2 sm:gap-4 xl:grid-cols-3 ${loadingNext ? "opacity-60" : ""}`}
          >
            {result.skuResults
              .slice(0, Math.max(shownCards, Math.min(cardCount, FIRST_SCREEN_CARDS)))
              .map((product, index) => (
                <li key={product.skuCode}>
                  <ProductCard product={product} eager={index < 3} />
                </li>
              ))}
          </ul>
        )}
        <Pagination
          total={result.total}
          pageSize={result.resultsPerPage}
          currentPage={result.currentPage}
          hrefFor={(page) => productsHref(params, { pageNumber: page })}
          label="Product pages"
        />
      </>
    );
  }

  return (
    <div className="pb-4 pt-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-fg outline-none sm:text-3xl"
        >
          {title}
        </h1>
        <p aria-live="polite" className="text-sm text-muted">
          {catchingUp ? (
            "Searching…"
          ) : result ? (
            resultsLine(result, view.route.brand, isCustomer)
          ) : (
            // Before the answer, an unseen line of about the answer's width holds its place (on
            // a phone a visitor's wraps below the title), so the count arriving moves nothing.
            <span aria-hidden="true" className="invisible">
              {isCustomer ? RESULTS_LINE_SHAPE : `${RESULTS_LINE_SHAPE} · stock at XXX`}
            </span>
          )}
        </p>
      </div>
      {result?.correctedSearchText && view.route.searchText && !catchingUp && (
        <p className="mt-1 text-sm">
          Showing results for <strong>{result.correctedSearchText}</strong> — search instead for{" "}
          <Link
            to={productsHref(params, { exact: "1" })}
            className="font-semibold text-brand underline underline-offset-2"
          >
            {view.route.searchText}
          </Link>
        </p>
      )}
      {showBanner && <BroadsheetBanner />}
      {showBanner && !session && (
        <p className="mt-1 text-sm">
          New trade customer?{" "}
          <Link
            to={appRoutes.apply}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
          >
            Apply for an account
          </Link>
        </p>
      )}

      <div className="mt-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="mb-3 text-lg font-bold text-fg">
            Filters
          </h2>
          {wide && sidebar()}
        </aside>
        <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <ResultsToolbar
            view={view}
            params={params}
            activeFilters={activeFilterCount(view)}
            onOpenFilters={() => {
              setFiltersOpened(true);
              setFiltersOpen(true);
            }}
          />
          {content}
        </section>
      </div>

      {filtersOpened && (
        <Suspense fallback={null}>
          <FiltersDrawer
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            doneLabel={
              result
                ? `Show ${formatCount(result.total)} ${result.total === 1 ? "product" : "products"}`
                : "Show products"
            }
          >
            {sidebar(() => setFiltersOpen(false))}
          </FiltersDrawer>
        </Suspense>
      )}
    </div>
  );
}
