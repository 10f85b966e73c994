// The quick order pad's words ("coke 2l", "lite cola 2l", "crisps") read through the shop's own
// search: its synonyms, pack sizes, typo correction and ranking, with the customer's prices and
// stock. Each line's best candidates are then weighed by how much of what was written each one's
// own name (description and brand) holds: one candidate holding all of it, alone, is the clear
// match; otherwise the pad offers the best few to choose from (docs/behaviour.md "Quick order").
import type { Product, ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import type { Db } from "../../db/database";
import type { Shopper } from "./product-queries";
import { searchProducts, type SearchContext } from "./search";
import { parseSize } from "./search-sizes";
import { synonymSlots } from "./search-synonyms";
import { searchTerms } from "./search-text";
import type { SynonymIndex } from "./search-vocabulary";

/** At most this many candidates are offered on a line. */
export const LINE_CHOICES = 5;
/** Distinct searches run at once (PGlite takes them one by one anyway). */
const AT_ONCE = 4;
/** The search's longest text. */
const MAX_WORDS_TEXT = 100;

export interface LineMatch {
  /** The one product the words clearly mean; null when there is a choice or nothing. */
  product: Product | null;
  /** Several close candidates, best first (at most LINE_CHOICES); [] with a clear match or none. */
  choices: Product[];
  /** The words the search used, once corrected ("chocolate" for "choclate"); null when as written. */
  searchedFor: string | null;
}

const NO_MATCH: LineMatch = { product: null, choices: [], searchedFor: null };

function lineRequest(text: string): ProductSearchRequest {
  return {
    descriptionFilter: text.slice(0, MAX_WORDS_TEXT),
    pageNumber: 1,
    resultsPerPage: 12,
    sortBy: "relevance",
    sortDirection: "asc",
    featuredProductsOnly: false,
    newProductsOnly: false,
    inStockOnly: false,
  };
}

/** A name's words as the search splits text (search-text.ts), all of them. */
const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * How much of what was written the product's name holds: a point for each word found in its
 * description (or one of the word's synonyms, or a word it starts: "choc" for "chocolate"), or
 * found as written in its brand ("simba"; a synonym through the brand does not count, so "coke"
 * is not any "Umoya Cola" flavour), and a point for the size.
 */
function coverage(
  product: Product,
  slots: ReturnType<typeof synonymSlots>,
  size: string | null,
): { points: number; of: number } {
  const description = nameWords(product.skuDescription);
  const brand = nameWords(product.skuBrand);
  const holds = (name: readonly string[]) => (words: readonly string[]) =>
    words.every((w) => name.some((n) => n === w || (w.length >= 3 && n.startsWith(w))));
  let points = 0;
  for (const slot of slots)
    if (
      holds(description)(slot.words) ||
      slot.alternatives.some(holds(description)) ||
      holds(brand)(slot.words)
    )
      points += 1;
  if (size !== null && parseSize(product.skuDescription).size?.unitSize === size) points += 1;
  return { points, of: slots.length + (size === null ? 0 : 1) };
}

/** One line's match from the search's best candidates. */
export function weighCandidates(
  written: string,
  candidates: readonly Product[],
  total: number,
  synonyms: SynonymIndex,
): Pick<LineMatch, "product" | "choices"> {
  if (candidates.length === 0) return { product: null, choices: [] };
  if (total === 1) return { product: candidates[0]!, choices: [] };
  const { text, size } = parseSize(written);
  const slots = synonymSlots(searchTerms(text), synonyms);
  const weighed = candidates
    .map((product, rank) => ({ product, rank, ...coverage(product, slots, size?.unitSize ?? null) }))
    .sort((a, b) => b.points - a.points || a.rank - b.rank);
  const [best, next] = weighed;
  if (best!.of > 0 && best!.points === best!.of && (next === undefined || next.points < best!.points))
    return { product: best!.product, choices: [] };
  // Several hold all of it: those are the choice (another size is not what was written).
  const close =
    best!.of > 0 && best!.points === best!.of ? weighed.filter((w) => w.points === best!.points) : weighed;
  return { product: null, choices: close.slice(0, LINE_CHOICES).map((w) => w.product) };
}

/**
 * Every distinct text's match, searched as the catalogue screen searches it (its kept answers
 * serve a text searched before), a few at a time.
 */
export async function searchLines(
  db: Db,
  shopper: Shopper,
  context: SearchContext,
  texts: readonly string[],
): Promise<Map<string, LineMatch>> {
  const distinct = [...new Set(texts.map((t) => t.trim()).filter((t) => t !== ""))];
  const vocabulary = await context.vocabulary.current();
  const found = new Map<string, LineMatch>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const text = distinct[next++]!;
      const answer = await searchProducts(db, shopper, lineRequest(text), context);
      const searchedFor = answer.correctedSearchText ?? null;
      found.set(text, {
        ...weighCandidates(searchedFor ?? text, answer.skuResults, answer.total, vocabulary.synonyms),
        searchedFor,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, distinct.length) }, worker));
  return new Map(texts.map((t) => [t, found.get(t.trim()) ?? NO_MATCH]));
}
