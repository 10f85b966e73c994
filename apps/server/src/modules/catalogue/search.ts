// The product search of the catalogue screen: full text first, each word standing also for its
// synonyms, a brand or pack size named putting those products first, then the products whose
// own name (description without brand) holds the words; only when that finds little are
// misspelt words corrected against the catalogue's vocabulary (trigrams over a few thousand
// words, not over every product) and the search run again as if the corrected words had been
// typed, the answer saying which words it searched instead. A search that finds nothing is
// counted for staff and answered with a way on.
import type {
  NoResultsHelp,
  Product,
  ProductSearchRequest,
  ProductSearchResult,
} from "@trade-shop/contracts/catalogue";
import type { Database, Db } from "../../db/database";
import { buildCategoryTree } from "./category-tree";
import { pageWindow } from "./pagination";
import { nextDealChange, type Shopper } from "./product-queries";
import { loadProducts } from "./products";
import {
  probeWords,
  searchProductRows,
  type SearchFilters,
  type SearchRows,
  type TextQuery,
  type WordProbe,
} from "./search-queries";
import { createPopularProducts, nearestCategory, recordMiss, type PopularProducts } from "./search-misses";
import { createSearchCache, type CatalogueChange, type SearchCache } from "./search-cache";
import { parseSize, type SizeQuery } from "./search-sizes";
import { synonymSlots } from "./search-synonyms";
import { searchTerms, slotsTsquery, type QuerySlot } from "./search-text";
import {
  createSearchVocabulary,
  type FeedLog,
  type SearchVocabulary,
  type Vocabulary,
  type VocabularyBrand,
} from "./search-vocabulary";

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

/** What a search found that is the same for everyone asking it alike: kept in the search cache. */
export interface FoundRows {
  rows: SearchRows;
  /** The misspelt words the answer was searched with corrected ([] when it was not). */
  corrections: [string, string[]][];
}

/** What the search needs beside the database: the process's vocabulary and caches, and who is asking. */
export interface SearchContext {
  vocabulary: SearchVocabulary;
  popular: PopularProducts;
  /** Kept search answers and visitors' pages (search-cache.ts). */
  results: SearchCache;
  /** The tenant the request acts for (staff too); null for a visitor. */
  tenantId: string | null;
}

/** The words of the search, read against the vocabulary. */
export interface ReadSearch {
  /** The words once a pack size was taken out. */
  words: string[];
  size: SizeQuery | null;
  slots: QuerySlot[];
  namedBrandIds: number[];
  /** The places a product's own name must hold for it to be named for the words (ownNameSlots). */
  nameSlots: QuerySlot[];
}

/**
 * Brands the words name: every word of the brand's name, or its first word (the one people
 * say: "karoo", "umoya") when that is not a lone letter.
 *
 * Only the words as searched name a brand, never their synonyms: "coke" stands for cola in what
 * the search finds, but it does not name the brand Umoya Cola, whose products would then lead
 * with its apple and ginger soft drinks. A synonym says what kind of product is wanted, not whose:
 * Umoya Cola's own colas still come first with the other colas, by their own names. A corrected
 * word does name a brand: the search is then run as if it had been typed ("umoa" is Umoya).
 */
export function namedBrands(words: readonly string[], brands: readonly VocabularyBrand[]): number[] {
  const typed = new Set(words);
  return brands
    .filter((brand) => {
      const first = brand.words[0];
      return (
        (brand.words.length > 0 && brand.words.every((word) => typed.has(word))) ||
        (first !== undefined && first.length >= 3 && typed.has(first))
      );
    })
    .map((brand) => brand.id);
}

/** What the search makes of the text: the pack size, the words, their synonyms, the brands named. */
export function readSearch(text: string | null | undefined, vocabulary: Vocabulary): ReadSearch {
  const { text: rest, size } = parseSize(text ?? "");
  const words = searchTerms(rest);
  const slots = synonymSlots(words, vocabulary.synonyms);
  const namedBrandIds = namedBrands(words, vocabulary.brands);
  return {
    words,
    size,
    slots,
    namedBrandIds,
    nameSlots: ownNameSlots(slots, namedBrandIds, vocabulary.brands),
  };
}

/**
 * The places of the search a product's own name (its description without its brand's name)
 * must hold for the product to be named for the words: all but the words of a brand the words
 * name, which leads already and is not its products' own name ("karoo chips" asks Karoo
 * Crunch's products, and then the others, for chips in their names).
 */
export function ownNameSlots(
  slots: readonly QuerySlot[],
  namedBrandIds: readonly number[],
  brands: readonly VocabularyBrand[],
): QuerySlot[] {
  if (namedBrandIds.length === 0) return [...slots];
  const named = new Set(namedBrandIds);
  const brandWords = new Set(brands.filter((brand) => named.has(brand.id)).flatMap((brand) => brand.words));
  return slots.filter((slot) => !slot.words.every((word) => brandWords.has(word)));
}

function filtersOf(request: ProductSearchRequest, read: ReadSearch, text: TextQuery | null): SearchFilters {
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
    namedBrandIds: read.namedBrandIds,
    size: read.size,
    // A search of nothing but a size ("500ml") lists that size only.
    unitSizeOnly: read.words.length === 0 && read.size ? read.size.unitSize : null,
  };
}

/** The full-text query of the words; when every word is a named brand's, every match is "named". */
export function textQuery(read: Pick<ReadSearch, "slots" | "nameSlots">): TextQuery | null {
  const tsquery = slotsTsquery(read.slots);
  if (!tsquery) return null;
  return { tsquery, namedTsquery: slotsTsquery(read.nameSlots, "A") ?? tsquery };
}

async function runSearch(
  db: Db,
  shopper: Shopper,
  request: ProductSearchRequest,
  filters: SearchFilters,
): Promise<SearchRows> {
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
  // A page past the end: answer with the last page (docs/behaviour.md clamps), which needs the total first.
  return searchProductRows(db, shopper, filters, {
    sortBy: request.sortBy,
    sortDirection: request.sortDirection,
    limit: size,
    offset: clamped.offset,
  });
}

/** What was typed with each corrected word replaced by its best correction: "Showing results for …". */
export function correctedText(typed: string, corrections: ReadonlyMap<string, readonly string[]>): string {
  let text = typed.trim();
  for (const [word, fixes] of corrections) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu"), fixes[0]!);
  }
  return text;
}

/**
 * Everything that changes what a search finds, and nothing else, so that everyone asking alike
 * shares one entry: the tenant, the words as read (not as typed: case and spacing do not
 * count), the filters, order and page, and of the shopper only what the answer depends on —
 * the price list when sorting by price, the warehouse when only what is in stock is asked for.
 */
export function searchCacheKey(
  tenantId: string | null,
  shopper: Shopper,
  request: ProductSearchRequest,
  read: Pick<ReadSearch, "words" | "size">,
): string {
  return JSON.stringify([
    "found",
    tenantId,
    request.sortBy === "price" ? (shopper?.pricelistId ?? "list prices") : null,
    request.inStockOnly ? (shopper?.stockingWarehouseCode ?? "visitors' warehouse") : null,
    read.words,
    read.size,
    request.searchExactly === true,
    request.categoryFilter ?? null,
    request.subCategory1Filter ?? null,
    request.subCategory2Filter ?? null,
    request.subCategory3Filter ?? null,
    request.brandFilter?.toLowerCase() ?? null,
    request.featuredProductsOnly,
    request.newProductsOnly,
    request.sortBy,
    request.sortDirection,
    request.pageNumber,
    request.resultsPerPage,
  ]);
}

/** The changes short of the whole catalogue's that can alter the answer to this request. */
export function searchDependsOn(request: ProductSearchRequest): ReadonlySet<CatalogueChange> {
  const changes = new Set<CatalogueChange>();
  if (request.inStockOnly) changes.add("stock");
  if (request.sortBy === "price") changes.add("prices");
  return changes;
}

/**
 * The search itself: the words, and when they find little, the words corrected. The corrected
 * search is the search of the corrected text (each misspelt word replaced by its best
 * correction, read again for synonyms, brands and size), so "choclate" finds exactly what
 * "chocolate" finds, in the same order, and correctedSearchText says what was searched.
 */
async function findRows(
  db: Db,
  shopper: Shopper,
  request: ProductSearchRequest,
  read: ReadSearch,
  vocabulary: Vocabulary,
): Promise<FoundRows> {
  const rows = await runSearch(db, shopper, request, filtersOf(request, read, textQuery(read)));
  if (read.words.length > 0 && rows.total < FEW_RESULTS && !request.searchExactly) {
    // Words that are a synonym stand for their group and are not misspelt.
    const probed = read.slots.filter((slot) => slot.words.length === 1 && slot.alternatives.length === 0);
    const corrections = chooseCorrections(
      await probeWords(
        db,
        probed.map((slot) => slot.words[0]!),
      ),
    );
    if (corrections.size > 0) {
      const fixed = readSearch(correctedText(request.descriptionFilter ?? "", corrections), vocabulary);
      const again = await runSearch(db, shopper, request, filtersOf(request, fixed, textQuery(fixed)));
      if (again.total > rows.total) return { rows: again, corrections: [...corrections] };
    }
  }
  return { rows, corrections: [] };
}

/** What a page of products is made of beside the catalogue itself. */
const VISITOR_PAGE_DEPENDS_ON: ReadonlySet<CatalogueChange> = new Set(["stock-levels", "images"]);
const CUSTOMER_PAGE_DEPENDS_ON: ReadonlySet<CatalogueChange> = new Set([
  "stock-levels",
  "images",
  "prices",
  "deals",
]);

/**
 * The page's products as the shopper sees them, kept for everyone who sees them alike: a
 * customer's rows are their price list's prices, their tenant's deals and their warehouse's
 * stock, so customers sharing those share the page; everyone without a customer account sees
 * list prices, no deal and one warehouse's stock. A page with deals is kept only until one
 * of them starts or ends.
 */
async function pageProducts(
  db: Db,
  shopper: Shopper,
  skuCodes: readonly string[],
  context: SearchContext,
): Promise<Product[]> {
  if (!shopper) {
    return context.results.answer(
      JSON.stringify(["visitor page", context.tenantId, skuCodes]),
      VISITOR_PAGE_DEPENDS_ON,
      () => loadProducts(db, undefined, skuCodes),
    );
  }
  const page = await context.results.answer(
    JSON.stringify([
      "customer page",
      shopper.tenantId,
      shopper.pricelistId,
      shopper.stockingWarehouseCode,
      skuCodes,
    ]),
    CUSTOMER_PAGE_DEPENDS_ON,
    async () => {
      const [products, dealsChangeAt] = await Promise.all([
        loadProducts(db, shopper, skuCodes),
        nextDealChange(db, shopper.tenantId, skuCodes),
      ]);
      return { products, dealsChangeAt };
    },
    (kept) => kept.dealsChangeAt,
  );
  return page.products;
}

export async function searchProducts(
  db: Db,
  shopper: Shopper,
  request: ProductSearchRequest,
  context: SearchContext,
): Promise<ProductSearchResult> {
  const vocabulary = await context.vocabulary.current();
  const read = readSearch(request.descriptionFilter, vocabulary);
  const { rows, corrections } = await context.results.answer(
    searchCacheKey(shopper?.tenantId ?? context.tenantId, shopper, request, read),
    searchDependsOn(request),
    () => findRows(db, shopper, request, read, vocabulary),
  );
  const correctedSearchText =
    corrections.length > 0 ? correctedText(request.descriptionFilter ?? "", new Map(corrections)) : null;

  const window = pageWindow(rows.total, request.resultsPerPage, request.pageNumber);
  const skuResults = await pageProducts(db, shopper, rows.skuCodes, context);
  const typed = request.descriptionFilter?.trim() ?? "";
  let noResults: NoResultsHelp | null = null;
  if (rows.total === 0 && typed.length > 0) {
    const [, popular] = await Promise.all([
      recordMiss(db, context.tenantId, typed),
      context.popular.skuCodes(shopper?.tenantId ?? context.tenantId),
    ]);
    noResults = {
      nearestCategory: nearestCategory(read.words, vocabulary),
      popularProducts: await loadProducts(db, shopper, popular),
    };
  }
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
    correctedSearchText,
    noResults,
  };
}

/**
 * The search's helpers of one process: the vocabulary and the answers it keeps and hears of
 * changes to, popular products.
 */
export function createSearchServices(database: Database, log: FeedLog): Omit<SearchContext, "tenantId"> {
  return {
    vocabulary: createSearchVocabulary(database, log),
    popular: createPopularProducts(database.db),
    results: createSearchCache(database, log),
  };
}
