// The product search of the catalogue screen: full text first; only when that finds little
// are misspelt words corrected against the catalogue's vocabulary (trigrams over a few
// thousand words, not over every product) and the full-text search run again.
import type { ProductSearchRequest, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type { Db } from "../../db/database";
import { buildCategoryTree } from "./category-tree";
import { pageWindow } from "./pagination";
import type { Shopper } from "./product-queries";
import { loadProducts } from "./products";
import {
  probeWords,
  searchProductRows,
  type SearchFilters,
  type SearchRows,
  type TextQuery,
  type WordProbe,
} from "./search-queries";
import { prefixTsquery, searchTerms } from "./search-text";

/** Fewer full-text hits than this and typo correction is tried. */
export const FEW_RESULTS = 3;
/** Look-alike words must be at least this alike (pg_trgm similarity, 0 to 1)... */
const MIN_SIMILARITY = 0.3;
/** ...and nearly as alike as the best one. */
const SIMILARITY_SPREAD = 0.1;
const MAX_CORRECTIONS_PER_WORD = 3;

/** For each unknown word, the catalogue words it was probably meant to be. */
export function chooseCorrections(probes: readonly WordProbe[]): Map<string, string[]> {
  const corrections = new Map<string, string[]>();
  for (const probe of probes) {
    if (probe.known) continue;
    const best = probe.suggestions[0]?.similarity ?? 0;
    const words = probe.suggestions
      .filter(
        (s) =>
          s.similarity >= MIN_SIMILARITY && s.similarity >= best - SIMILARITY_SPREAD && s.term !== probe.word,
      )
      .slice(0, MAX_CORRECTIONS_PER_WORD)
      .map((s) => s.term);
    if (words.length > 0) corrections.set(probe.word, words);
  }
  return corrections;
}

function filtersOf(request: ProductSearchRequest, text: TextQuery | null): SearchFilters {
  return {
    text,
    category: request.categoryFilter ?? null,
    subCategory: request.subCategory1Filter ?? null,
    subCategory2: request.subCategory2Filter ?? null,
    subCategory3: request.subCategory3Filter ?? null,
    brand: request.brandFilter ?? null,
    featuredOnly: request.featuredProductsOnly,
    newOnly: request.newProductsOnly,
    inStockOnly: request.inStockOnly,
  };
}

function textQuery(
  terms: readonly string[],
  corrections?: ReadonlyMap<string, readonly string[]>,
): TextQuery | null {
  const tsquery = prefixTsquery(terms, corrections);
  const namedTsquery = prefixTsquery(terms, corrections, "A");
  return tsquery && namedTsquery ? { tsquery, namedTsquery } : null;
}

async function runSearch(
  db: Db,
  shopper: Shopper,
  request: ProductSearchRequest,
  text: TextQuery | null,
): Promise<SearchRows> {
  const filters = filtersOf(request, text);
  const size = request.resultsPerPage;
  const requested = pageWindow(Number.MAX_SAFE_INTEGER, size, request.pageNumber);
  const rows = await searchProductRows(db, shopper, filters, {
    sortBy: request.sortBy,
    sortDirection: request.sortDirection,
    limit: size,
    offset: requested.offset,
  });
  const clamped = pageWindow(rows.total, size, request.pageNumber);
  if (rows.total === 0 || clamped.offset === requested.offset) return rows;
  // A page past the end: answer with the last page (SPEC §4 clamps), which needs the total first.
  return searchProductRows(db, shopper, filters, {
    sortBy: request.sortBy,
    sortDirection: request.sortDirection,
    limit: size,
    offset: clamped.offset,
  });
}

export async function searchProducts(
  db: Db,
  shopper: Shopper,
  request: ProductSearchRequest,
): Promise<ProductSearchResult> {
  const terms = searchTerms(request.descriptionFilter);
  let rows = await runSearch(db, shopper, request, textQuery(terms));
  if (terms.length > 0 && rows.total < FEW_RESULTS) {
    const corrections = chooseCorrections(await probeWords(db, terms));
    if (corrections.size > 0) {
      const corrected = await runSearch(db, shopper, request, textQuery(terms, corrections));
      if (corrected.total > rows.total) rows = corrected;
    }
  }

  const window = pageWindow(rows.total, request.resultsPerPage, request.pageNumber);
  const skuResults = await loadProducts(db, shopper, rows.skuCodes);
  return {
    total: rows.total,
    resultsPerPage: request.resultsPerPage,
    resultCount: skuResults.length,
    pages: window.pages,
    currentPage: window.currentPage,
    sortOrder: request.sortDirection,
    sortBy: request.sortBy,
    brandFilter: request.brandFilter ?? null,
    searchFilter: request.descriptionFilter ?? null,
    skuResults,
    categoryResults: buildCategoryTree(rows.paths),
    brandResults: rows.brands,
  };
}
