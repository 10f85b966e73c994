// Suggestions while a person types into the search box: a few products, brands and
// categories for the letters so far, read as the search reads them (search.ts): a pack size
// taken out and its products first ("coke 2l"), each word standing also for its synonyms, the
// last word a prefix of a word or of a synonym ("cris" -> crisps -> chips), and when no product
// matches, misspelt words corrected against the catalogue's vocabulary as the search corrects
// them ("choclate" -> chocolate). Brands and categories come from the process's vocabulary, the
// products from one query on the search's GIN index (two, and a probe of the vocabulary, when
// words are corrected). Nothing is priced, so the answer is the same for every caller.
import { sql } from "kysely";
import type { CategoryLink } from "@trade-shop/contracts/catalogue";
import type { SuggestedBrand, SuggestedProduct, Suggestions } from "@trade-shop/contracts/catalogue-search";
import type { Db } from "../../db/database";
import { productImageUrl } from "./image-urls";
import { chooseCorrections, namedBrands, ownNameSlots, textQuery } from "./search";
import { probeWords, sizeMatch } from "./search-queries";
import { parseSize, type SizeQuery } from "./search-sizes";
import { synonymSlots } from "./search-synonyms";
import { searchTerms, type QuerySlot } from "./search-text";
import type { SynonymIndex, Vocabulary, VocabularyBrand, VocabularyCategory } from "./search-vocabulary";

const PRODUCTS = 6;
const BRANDS = 3;
const CATEGORIES = 3;
/** One letter matches most of the catalogue: products wait for a second. */
const MIN_PRODUCT_LETTERS = 2;
/** Synonym groups the letters may have begun. */
const MAX_GROUPS = 3;
/** Word sequences the brands and categories are matched with, at most. */
const MAX_MEANINGS = 12;

/** The letters as the suggestions read them. */
interface ReadLetters {
  words: string[];
  size: SizeQuery | null;
  slots: QuerySlot[];
}

/** Groups with a term that the letters begin ("cris": crisps' group), at most MAX_GROUPS. */
function groupsBegun(letters: string, synonyms: SynonymIndex): number[] {
  const groups = new Set<number>();
  for (const [term, group] of synonyms.groupOf) {
    if (groups.size >= MAX_GROUPS) break;
    if (term.startsWith(letters)) groups.add(group);
  }
  return [...groups];
}

/** The groups' terms as word sequences, each once, but not the words typed. */
function termsOf(groups: readonly number[], synonyms: SynonymIndex, typed: readonly string[]): string[][] {
  const seen = new Set<string>([typed.join(" ")]);
  const result: string[][] = [];
  for (const group of groups) {
    for (const term of synonyms.groups[group]!) {
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

/**
 * The places of the words as the search reads them (search-synonyms.ts), with the last word
 * still being typed: when the whole text begins a synonym term ("cold dr", "cris") it is one
 * place standing also for those groups' terms; otherwise each word is a place with its
 * synonyms, and the last one stands also for the terms it begins.
 */
function suggestionSlots(words: readonly string[], synonyms: SynonymIndex): QuerySlot[] {
  const whole = groupsBegun(words.join(" "), synonyms);
  if (whole.length > 0) return [{ words, alternatives: termsOf(whole, synonyms, words) }];
  const slots = synonymSlots(words, synonyms);
  const last = slots[slots.length - 1]!;
  if (last.words.length === 1 && last.alternatives.length === 0) {
    const begun = groupsBegun(last.words[0]!, synonyms);
    if (begun.length > 0) {
      slots[slots.length - 1] = { words: last.words, alternatives: termsOf(begun, synonyms, last.words) };
    }
  }
  return slots;
}

function readLetters(q: string, synonyms: SynonymIndex): ReadLetters {
  const parsed = parseSize(q);
  const words = searchTerms(parsed.text);
  // A size alone ("2l", "500 m") is still being typed, or is too broad to suggest by: its letters.
  if (words.length === 0) {
    const typed = searchTerms(q);
    return { words: typed, size: null, slots: typed.length > 0 ? suggestionSlots(typed, synonyms) : [] };
  }
  return { words, size: parsed.size, slots: suggestionSlots(words, synonyms) };
}

/** Word sequences the typed words may mean: as typed first, then with synonyms, a few at most. */
function meanings(slots: readonly QuerySlot[]): string[][] {
  let options: string[][] = [[]];
  for (const slot of slots) {
    const choices = [slot.words, ...slot.alternatives];
    options = options
      .flatMap((words) => choices.map((choice) => [...words, ...choice]))
      .slice(0, MAX_MEANINGS);
  }
  return options;
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
  read: ReadLetters,
  brands: readonly VocabularyBrand[],
): Promise<SuggestedProduct[]> {
  // Each place: as typed (every word a prefix) or as a synonym's words. As the search ranks: a
  // brand named, the size typed, the own name holding the words.
  const brandIds = namedBrands(read.words, brands);
  const text = textQuery({ slots: read.slots, nameSlots: ownNameSlots(read.slots, brandIds, brands) });
  if (!text) return [];
  const { tsquery, namedTsquery: named } = text;
  const ofSize = read.size ? sizeMatch(read.size) : sql<number>`0`;
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
               p.brand_id = ANY (${[...brandIds]}::int[]) AS of_brand, ${ofSize} AS of_size,
               p.search_vector @@ to_tsquery('simple'::regconfig, ${named}) AS named, p.is_featured
          FROM products p
         WHERE p.active AND p.search_vector @@ to_tsquery('simple'::regconfig, ${tsquery})
         ORDER BY of_brand DESC, of_size DESC, named DESC, p.is_featured DESC, length(p.description), p.description, p.sku_code
         LIMIT ${PRODUCTS}) p
      JOIN brands b ON b.id = p.brand_id
     ORDER BY p.of_brand DESC, p.of_size DESC, p.named DESC, p.is_featured DESC, length(p.description), p.description, p.sku_code
  `.execute(db);
  return rows.map((row) => ({
    skuCode: row.skuCode,
    description: row.description,
    brand: row.brand,
    imageUrl: row.coverHash === null ? null : productImageUrl(row.coverHash),
  }));
}

async function suggestionsFor(
  db: Db,
  q: string,
  read: ReadLetters,
  vocabulary: Vocabulary,
): Promise<Suggestions> {
  const options = meanings(read.slots);
  const letters = read.words.join("").length;
  return {
    q,
    products: letters >= MIN_PRODUCT_LETTERS ? await suggestedProducts(db, read, vocabulary.brands) : [],
    brands: suggestedBrands(options, vocabulary.brands),
    categories: suggestedCategories(options, vocabulary.categories),
  };
}

export async function suggest(db: Db, q: string, vocabulary: Vocabulary): Promise<Suggestions> {
  const read = readLetters(q, vocabulary.synonyms);
  if (read.words.length === 0) return { q, products: [], brands: [], categories: [] };
  const found = await suggestionsFor(db, q, read, vocabulary);
  if (found.products.length > 0 || read.words.join("").length < MIN_PRODUCT_LETTERS) return found;
  // No product: misspelt words corrected as the search corrects them (a word that begins one of
  // the catalogue's is known, so letters still being typed are left alone), each replaced by its
  // best correction. Words that are a synonym stand for their group and are not misspelt.
  const probed = read.slots.filter((slot) => slot.words.length === 1 && slot.alternatives.length === 0);
  if (probed.length === 0) return found;
  const corrections = chooseCorrections(
    await probeWords(
      db,
      probed.map((slot) => slot.words[0]!),
    ),
  );
  if (corrections.size === 0) return found;
  const words = read.words.map((word) => corrections.get(word)?.[0] ?? word);
  const fixed: ReadLetters = { words, size: read.size, slots: suggestionSlots(words, vocabulary.synonyms) };
  const again = await suggestionsFor(db, q, fixed, vocabulary);
  return again.products.length > 0 ? again : found;
}
