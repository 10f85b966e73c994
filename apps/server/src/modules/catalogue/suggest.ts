// Suggestions while a person types into the search box: a few products, brands and
// categories for the letters so far. The last word is a prefix of a word or of a synonym
// ("cris" -> crisps -> chips); brands and categories come from the process's vocabulary, the
// products from one query on the search's GIN index. Nothing is priced, so the answer is the
// same for every caller.
import { sql } from "kysely";
import type { CategoryLink } from "@trade-shop/contracts/catalogue";
import type { SuggestedBrand, SuggestedProduct, Suggestions } from "@trade-shop/contracts/catalogue-search";
import type { Db } from "../../db/database";
import { productImageUrl } from "./image-urls";
import { namedBrands } from "./search";
import { searchTerms, slotsTsquery, type QuerySlot } from "./search-text";
import type { Vocabulary, VocabularyBrand, VocabularyCategory } from "./search-vocabulary";

const PRODUCTS = 6;
const BRANDS = 3;
const CATEGORIES = 3;
/** One letter matches most of the catalogue: products wait for a second. */
const MIN_PRODUCT_LETTERS = 2;
/** Synonym groups the letters may have begun. */
const MAX_GROUPS = 3;

/** Word sequences the typed words may mean: themselves, and terms of groups whose term they begin. */
function meanings(words: readonly string[], vocabulary: Vocabulary): string[][] {
  const typed = words.join(" ");
  const groups = new Set<number>();
  for (const [term, group] of vocabulary.synonyms.groupOf) {
    if (groups.size >= MAX_GROUPS) break;
    if (term.startsWith(typed)) groups.add(group);
  }
  const seen = new Set<string>([typed]);
  const result = [[...words]];
  for (const group of groups) {
    for (const term of vocabulary.synonyms.groups[group]!) {
      const termWords = searchTerms(term);
      const key = termWords.join(" ");
      if (termWords.length > 0 && !seen.has(key)) {
        seen.add(key);
        result.push(termWords);
      }
    }
  }
  return result;
}

/** Every word of `wanted` begins some word of `have`. */
function begins(wanted: readonly string[], have: readonly string[]): boolean {
  return wanted.every((w) => have.some((h) => h.startsWith(w)));
}

function suggestedBrands(options: readonly string[][], brands: readonly VocabularyBrand[]): SuggestedBrand[] {
  return brands
    .filter((brand) => options.some((words) => begins(words, brand.words)))
    .sort((a, b) => b.products - a.products || a.name.localeCompare(b.name))
    .slice(0, BRANDS)
    .map(({ name, imageUrl, products }) => ({ name, imageUrl, products }));
}

function suggestedCategories(
  options: readonly string[][],
  categories: readonly VocabularyCategory[],
): CategoryLink[] {
  return categories
    .filter((node) => options.some((words) => begins(words, node.words)))
    .sort((a, b) => a.depth - b.depth || b.products - a.products || a.name.localeCompare(b.name))
    .slice(0, CATEGORIES)
    .map(({ name, category, subCategory, subCategory3, subCategory4, products }) => ({
      name,
      category,
      subCategory,
      subCategory3,
      subCategory4,
      products,
    }));
}

async function suggestedProducts(
  db: Db,
  options: readonly string[][],
  brandIds: readonly number[],
): Promise<SuggestedProduct[]> {
  // One slot: as typed (every word a prefix) or as a synonym's words (the last one a prefix too,
  // since it may still be being typed).
  const [typed, ...others] = options;
  const slot: QuerySlot = { words: typed!, alternatives: others };
  const tsquery = slotsTsquery([slot]);
  const named = slotsTsquery([slot], "A");
  if (!tsquery || !named) return [];
  const { rows } = await sql<{
    skuCode: string;
    description: string;
    brand: string;
    coverHash: string | null;
  }>`
    SELECT p.sku_code, p.description, b.name AS brand,
           (SELECT i.content_hash FROM product_images i WHERE i.sku_code = p.sku_code
             ORDER BY i.is_cover DESC, i.position LIMIT 1) AS cover_hash
      FROM (
        -- products_search_vector_idx (GIN): the prefix match; a top-N sort of the matches.
        SELECT p.sku_code, p.description, p.brand_id,
               p.brand_id = ANY (${[...brandIds]}::int[]) AS of_brand,
               p.search_vector @@ to_tsquery('simple'::regconfig, ${named}) AS named, p.is_featured
          FROM products p
         WHERE p.active AND p.search_vector @@ to_tsquery('simple'::regconfig, ${tsquery})
         ORDER BY of_brand DESC, named DESC, p.is_featured DESC, length(p.description), p.description, p.sku_code
         LIMIT ${PRODUCTS}) p
      JOIN brands b ON b.id = p.brand_id
     ORDER BY p.of_brand DESC, p.named DESC, p.is_featured DESC, length(p.description), p.description, p.sku_code
  `.execute(db);
  return rows.map((row) => ({
    skuCode: row.skuCode,
    description: row.description,
    brand: row.brand,
    imageUrl: row.coverHash === null ? null : productImageUrl(row.coverHash),
  }));
}

export async function suggest(db: Db, q: string, vocabulary: Vocabulary): Promise<Suggestions> {
  const words = searchTerms(q);
  if (words.length === 0) return { q, products: [], brands: [], categories: [] };
  const options = meanings(words, vocabulary);
  const letters = words.join("").length;
  return {
    q,
    products:
      letters >= MIN_PRODUCT_LETTERS
        ? await suggestedProducts(db, options, namedBrands(words, vocabulary.brands))
        : [],
    brands: suggestedBrands(options, vocabulary.brands),
    categories: suggestedCategories(options, vocabulary.categories),
  };
}
