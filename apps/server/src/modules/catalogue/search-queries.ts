// The SQL of the product search: one statement. With text, the matching products are found
// once through the GIN index and kept (a materialised CTE); every facet and the total come
// from one grouping of that set by (category path, brand), and the page from a top-N sort in
// which ts_rank orders a bounded window only. Relevance: a brand named, then the pack size, then
// the product's own name holding every word (its description without its brand's name), then
// ts_rank, in which the own name weighs most (migration 0021). Browsing without text plans the
// grouping and the page separately on their own indexes. Index use is noted beside each
// condition (indexes are created in migration 0002).
import { sql, type RawBuilder } from "kysely";
import type { ProductSortBy, SortDirection } from "@trade-shop/contracts/catalogue";
import type { Db } from "../../db/database";
import type { CategoryPathCount } from "./category-tree";
import { stockWarehouse, type Shopper } from "./product-queries";
import type { SizeQuery } from "./search-sizes";

export interface TextQuery {
  /** tsquery text (search-text.ts) the products must match. */
  tsquery: string;
  /**
   * The same words required in the product's own name (weight A: the description without the
   * brand's name): the cut of relevance after the lead keys, before ts_rank.
   */
  namedTsquery: string;
}

export interface SearchFilters {
  /** Null for browsing without text. */
  text: TextQuery | null;
  category: string | null;
  subCategory: string | null;
  subCategory2: string | null;
  subCategory3: string | null;
  brand: string | null;
  featuredOnly: boolean;
  newOnly: boolean;
  inStockOnly: boolean;
  /** Brands the words name: their products come first in relevance order. */
  namedBrandIds: readonly number[];
  /** A pack size typed with the words: products of that size come first in relevance order. */
  size: SizeQuery | null;
  /** Only products of this unit size (a search that was nothing but a size). */
  unitSizeOnly: string | null;
}

export interface SearchPage {
  sortBy: ProductSortBy;
  sortDirection: SortDirection;
  limit: number;
  offset: number;
}

export interface SearchRows {
  /** Matching products after every filter. */
  total: number;
  /** Category paths among the matches, counted without the sub-category filters (repeats add up). */
  paths: CategoryPathCount[];
  /** Brands among the matches, found without the brand filter, by name. */
  brands: { name: string; imageUrl: string | null }[];
  /** The SKU codes of the page, in order. */
  skuCodes: string[];
}

interface SortKey {
  expr: RawBuilder<unknown>;
  /** The order "asc" asks for: best, cheapest, A to Z, newest first. */
  descending: boolean;
  /** Whether "desc" reverses this key (tie-breakers keep their order). */
  reversible: boolean;
}

interface SortPlan {
  keys: SortKey[];
  /** How many of the first keys come before relevance by ts_rank (brand and size named, own name). */
  leadKeys: number;
  /** Extra joins the keys need inside the match set. */
  joins: RawBuilder<unknown>;
  /** Relevance by text: the best candidates by the keys are re-ordered by ts_rank. */
  rankBy?: TextQuery;
}

/**
 * How many of the best candidates (brand and size named, then own name holding the words, then
 * by description) ts_rank orders; the rest follow in candidate order. Ranking work stays the
 * same however broad the search; the first pages, which people read, are fully ranked.
 */
export const RANK_WINDOW = 480;

function textQuery(tsquery: string) {
  return sql`to_tsquery('simple'::regconfig, ${tsquery})`;
}

function sortPlan(sortBy: ProductSortBy, filters: SearchFilters, shopper: Shopper): SortPlan {
  const none = sql``;
  const description: SortKey = { expr: sql`p.description`, descending: false, reversible: false };
  switch (sortBy) {
    case "relevance": {
      // Best first whatever the direction: "least relevant first" helps nobody. A brand or a
      // pack size named in the search puts its products ahead of every other ranking; then the
      // products whose own name holds every word ("Kalahari Quench Original Cola 2L" for "coke
      // 2l") come before those that match only through their brand ("Umoya Cola Apple Soft
      // Drink 2L") or categories, whatever ts_rank says: ts_rank orders within each of these.
      const lead = leadKeys(filters);
      return filters.text
        ? {
            keys: [
              ...lead,
              {
                expr: sql`p.search_vector @@ ${textQuery(filters.text.namedTsquery)}`,
                descending: true,
                reversible: false,
              },
              description,
            ],
            leadKeys: lead.length + 1,
            joins: none,
            rankBy: filters.text,
          }
        : {
            keys: [
              ...lead,
              { expr: sql`(p.is_featured::int * 2 + p.is_new::int)`, descending: true, reversible: false },
              description,
            ],
            leadKeys: lead.length,
            joins: none,
          };
    }
    case "description":
      return { keys: [{ ...description, reversible: true }], leadKeys: 0, joins: none };
    case "price":
      return shopper
        ? {
            keys: [
              {
                expr: sql`coalesce(plp.list_price_cents, p.list_price_cents)`,
                descending: false,
                reversible: true,
              },
              description,
            ],
            leadKeys: 0,
            // Uses the primary key (price_list_id, sku_code) of price_list_prices.
            joins: sql`LEFT JOIN price_list_prices plp ON plp.price_list_id = ${shopper.pricelistId} AND plp.sku_code = p.sku_code`,
          }
        : {
            keys: [{ expr: sql`p.list_price_cents`, descending: false, reversible: true }, description],
            leadKeys: 0,
            joins: none,
          };
    case "brand":
      return {
        keys: [{ expr: sql`b.name`, descending: false, reversible: true }, description],
        leadKeys: 0,
        joins: sql`JOIN brands b ON b.id = p.brand_id`,
      };
    case "newest":
      return {
        keys: [
          { expr: sql`p.is_new`, descending: true, reversible: true },
          { expr: sql`p.created_at`, descending: true, reversible: true },
          description,
        ],
        leadKeys: 0,
        joins: none,
      };
  }
}

/**
 * Brand named first, then the pack size: the unit's size, and more so with the count typed
 * ("6x2l": six in a case or a six-pack). unit_size and unit_count are columns of the row the
 * search reads anyway (migration 0014).
 */
function leadKeys(filters: SearchFilters): SortKey[] {
  const keys: SortKey[] = [];
  if (filters.namedBrandIds.length > 0) {
    keys.push({
      expr: sql`p.brand_id = ANY (${[...filters.namedBrandIds]}::int[])`,
      descending: true,
      reversible: false,
    });
  }
  if (filters.size) keys.push({ expr: sizeMatch(filters.size), descending: true, reversible: false });
  return keys;
}

/**
 * How well product `p` is of the size typed, higher first: 0 another size, 1 the unit's size,
 * 2 the size and the count typed ("6x2l": six in a case or a six-pack). The suggestions order by
 * it too.
 */
export function sizeMatch(size: SizeQuery): RawBuilder<number> {
  const counted =
    size.count === null
      ? sql`0`
      : sql`(p.unit_count = ${size.count} OR p.pack_size = ${String(size.count)})::int`;
  return sql<number>`CASE WHEN p.unit_size = ${size.unitSize} THEN 1 + ${counted} ELSE 0 END`;
}

/** `rankAlias` names the relation holding text_rank when the window's ranks come first. */
function orderBy(plan: SortPlan, direction: SortDirection, alias: string, rankAlias?: string) {
  const parts = plan.keys.map((key, i) => {
    const descending = key.reversible && direction === "desc" ? !key.descending : key.descending;
    return sql`${sql.ref(`${alias}.s${i}`)} ${sql.raw(descending ? "DESC" : "ASC")}`;
  });
  const rank = rankAlias ? [sql`${sql.ref(`${rankAlias}.text_rank`)} DESC NULLS LAST`] : [];
  return sql.join([
    ...parts.slice(0, plan.leadKeys),
    ...rank,
    ...parts.slice(plan.leadKeys),
    sql`${sql.ref(`${alias}.sku_code`)} ASC`,
  ]);
}

function conditions(parts: (RawBuilder<unknown> | false)[]) {
  const present = parts.filter((p): p is RawBuilder<unknown> => p !== false);
  return present.length === 0 ? sql`true` : sql.join(present, sql` AND `);
}

export async function searchProductRows(
  db: Db,
  shopper: Shopper,
  filters: SearchFilters,
  page: SearchPage,
): Promise<SearchRows> {
  const sort = sortPlan(page.sortBy, filters, shopper);
  const sortColumns = sql.join(sort.keys.map((key, i) => sql`${key.expr} AS ${sql.ref(`s${i}`)}`));

  const where = conditions([
    sql`p.active`,
    // products_search_vector_idx (GIN): the text match, prefix terms included.
    filters.text !== null && sql`p.search_vector @@ ${textQuery(filters.text.tsquery)}`,
    // products_facets_idx: the header category narrows the set the facets are counted over.
    filters.category !== null && sql`p.category = ${filters.category}`,
    filters.featuredOnly && sql`p.is_featured`,
    filters.newOnly && sql`p.is_new`,
    // stocked_in is kept by the stock triggers of migration 0002; the shopper's one warehouse.
    filters.inStockOnly && sql`${stockWarehouse(shopper)} = ANY (p.stocked_in)`,
    filters.unitSizeOnly !== null && sql`p.unit_size = ${filters.unitSizeOnly}`,
  ]);
  // The facet filters narrow the page but not every facet: the category tree leaves out its
  // own sub-category levels, the brand list leaves out the brand. They are tested once per
  // (path, brand) group rather than once per product.
  const brandOk = (column: string) =>
    filters.brand === null
      ? sql`true`
      : sql`${sql.ref(column)} IN (SELECT id FROM brands WHERE lower(name) = lower(${filters.brand}))`;
  const subCategoryOk = (alias: string) =>
    conditions([
      filters.subCategory !== null && sql`${sql.ref(`${alias}.sub_category`)} = ${filters.subCategory}`,
      filters.subCategory2 !== null && sql`${sql.ref(`${alias}.sub_category2`)} = ${filters.subCategory2}`,
      filters.subCategory3 !== null && sql`${sql.ref(`${alias}.sub_category3`)} = ${filters.subCategory3}`,
    ]);
  const pageFilter = sql`${brandOk("m.brand_id")} AND ${subCategoryOk("m")}`;
  // The ranked window holds the first RANK_WINDOW candidates (a multiple of every page size,
  // so a page lies wholly inside it or wholly after it). Inside, ts_rank orders them, reading
  // the stored vectors again by primary key for those rows only; after it, candidate order.
  const rankedPage = sort.rankBy !== undefined && page.offset < RANK_WINDOW;
  const pageSql = rankedPage
    ? sql`
      SELECT * FROM (
        SELECT w.*, ts_rank(p.search_vector, ${textQuery(sort.rankBy!.tsquery)}) AS text_rank
          FROM (SELECT m.* FROM matches m WHERE ${pageFilter}
                 ORDER BY ${orderBy(sort, page.sortDirection, "m")} LIMIT ${RANK_WINDOW}) w
          JOIN products p ON p.sku_code = w.sku_code) r
       ORDER BY ${orderBy(sort, page.sortDirection, "r", "r")}
       LIMIT ${page.limit} OFFSET ${page.offset}`
    : sql`
      SELECT m.* FROM matches m WHERE ${pageFilter}
       ORDER BY ${orderBy(sort, page.sortDirection, "m")}
       LIMIT ${page.limit} OFFSET ${page.offset}`;

  // Text: the GIN index bounds the matches, so they are found once and kept for the facets
  // and the page. Browsing: the two are planned separately, each on its own index
  // (products_facets_idx, products_browse_idx), rather than keeping every product in memory.
  const materialized = filters.text ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const result = await sql<{
    groups: [
      string,
      string | null,
      string | null,
      string | null,
      string,
      string | null,
      number,
      boolean,
      boolean,
    ][];
    page: string[];
  }>`
    WITH matches AS ${materialized} (
      SELECT p.sku_code, p.brand_id, p.category, p.sub_category, p.sub_category2, p.sub_category3, ${sortColumns}
        FROM products p ${sort.joins}
       WHERE ${where}
    ), groups AS (
      -- Every facet and the total come from this one grouping of the matches.
      SELECT g.category, g.sub_category, g.sub_category2, g.sub_category3, g.brand_id, count(*) AS n
        FROM matches g
       GROUP BY g.category, g.sub_category, g.sub_category2, g.sub_category3, g.brand_id
    ), page AS (${pageSql}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_array(g.category, g.sub_category, g.sub_category2, g.sub_category3,
                                                 b.name, b.image_url, g.n, ${brandOk("g.brand_id")}, ${subCategoryOk("g")})), '[]')
         FROM groups g JOIN brands b ON b.id = g.brand_id) AS groups,
      (SELECT coalesce(json_agg(pg.sku_code ORDER BY ${orderBy(sort, page.sortDirection, "pg", rankedPage ? "pg" : undefined)}), '[]')
         FROM page pg) AS page
  `.execute(db);

  const row = result.rows[0]!;
  const paths: CategoryPathCount[] = [];
  const brands = new Map<string, string | null>();
  let total = 0;
  for (const [
    category,
    subCategory,
    subCategory2,
    subCategory3,
    brand,
    imageUrl,
    n,
    brandOk,
    subOk,
  ] of row.groups) {
    if (brandOk) paths.push({ category, subCategory, subCategory2, subCategory3, count: n });
    if (subOk) brands.set(brand, imageUrl);
    if (brandOk && subOk) total += n;
  }
  return {
    total,
    paths,
    brands: [...brands]
      .map(([name, imageUrl]) => ({ name, imageUrl }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    skuCodes: row.page,
  };
}

export interface WordProbe {
  word: string;
  /** The word is in the vocabulary or begins one of its words. */
  known: boolean;
  /** Vocabulary words that look like it, most alike first. */
  suggestions: { term: string; similarity: number }[];
}

/** Words shorter than this are not corrected: too few trigrams to tell a typo from another word. */
const MIN_CORRECTABLE_LENGTH = 3;

export async function probeWords(db: Db, words: readonly string[]): Promise<WordProbe[]> {
  if (words.length === 0) return [];
  const result = await sql<{ word: string; nextTerm: string | null; suggestions: [string, number][] }>`
    SELECT w.word,
           -- search_terms primary key (byte order): the first word at or after this one starts with it if any does.
           (SELECT t.term FROM search_terms t WHERE t.term >= w.word COLLATE "C" ORDER BY t.term LIMIT 1) AS next_term,
           -- search_terms_trgm_idx (GIN trigram): look-alike words of the catalogue.
           CASE WHEN length(w.word) >= ${MIN_CORRECTABLE_LENGTH} THEN
             (SELECT coalesce(json_agg(json_build_array(c.term, c.sim)), '[]') FROM (
                SELECT t.term, similarity(t.term, w.word) AS sim FROM search_terms t
                 WHERE t.term % w.word
                 ORDER BY sim DESC, t.documents DESC, t.term LIMIT 5) c)
           ELSE '[]' END AS suggestions
      FROM unnest(${[...words]}::text[]) WITH ORDINALITY AS w(word, n)
     ORDER BY w.n
  `.execute(db);
  return result.rows.map((row) => ({
    word: row.word,
    known: row.nextTerm !== null && row.nextTerm.startsWith(row.word),
    suggestions: row.suggestions.map(([term, similarity]) => ({ term, similarity })),
  }));
}
