// The quick order pad's words ("coke 2l", "lite cola 2l", "crisps") read through the shop's own
// search: its words, synonyms, pack sizes, typo correction and its ranking's keys (size, the
// product's own name, ts_rank), every line in one statement (a 500-line paste is one query, not
// 500 searches), with the customer's prices and stock. Each line's best candidates are then weighed by how much of what was written each one's
// own name (description and brand) holds: one candidate holding all of it, alone, is the clear
// match; otherwise the pad offers the best few to choose from (docs/behaviour.md "Quick order").
import type { Product } from "@trade-shop/contracts/catalogue";
import type { Db } from "../../db/database";
import type { Shopper } from "./product-queries";
import { sql } from "kysely";
import { loadProducts } from "./products";
import { chooseCorrections, correctedText, FEW_RESULTS, type SearchContext } from "./search";
import { probeWords } from "./search-queries";
import { parseSize } from "./search-sizes";
import { synonymSlots } from "./search-synonyms";
import { searchTerms, slotsTsquery, type QuerySlot } from "./search-text";
import type { SynonymIndex } from "./search-vocabulary";

/** At most this many candidates are offered on a line. */
export const LINE_CHOICES = 5;
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
    // Equally close, those the shopper's warehouse has come first: the choice is to order.
    .sort(
      (a, b) =>
        b.points - a.points ||
        Number(b.product.stockOnHand > 0) - Number(a.product.stockOnHand > 0) ||
        a.rank - b.rank,
    );
  const [best, next] = weighed;
  if (best!.of > 0 && best!.points === best!.of && (next === undefined || next.points < best!.points))
    return { product: best!.product, choices: [] };
  // Several hold all of it: those are the choice (another size is not what was written).
  const close =
    best!.of > 0 && best!.points === best!.of ? weighed.filter((w) => w.points === best!.points) : weighed;
  return { product: null, choices: close.slice(0, LINE_CHOICES).map((w) => w.product) };
}

/** Candidates weighed per line: the search's first page of 12. */
const CANDIDATES = 12;

/** A line's words read as the search reads them: a size taken out, each word with its synonyms. */
interface LineQuery {
  slots: QuerySlot[];
  unitSize: string | null;
}

function lineQuery(text: string, synonyms: SynonymIndex): LineQuery {
  const { text: rest, size } = parseSize(text.slice(0, MAX_WORDS_TEXT));
  return { slots: synonymSlots(searchTerms(rest), synonyms), unitSize: size?.unitSize ?? null };
}

/**
 * Every query's best candidates in one statement: for each, the products matching every word
 * (products_search_vector_idx), those of the size written first, then those named for the
 * words (their own name, not their brand's: migration 0021's weights), then by ts_rank; with the
 * number matching in all.
 */
async function candidates(
  db: Db,
  queries: readonly LineQuery[],
): Promise<{ skuCodes: string[]; total: number }[]> {
  const found = queries.map(() => ({ skuCodes: [] as string[], total: 0 }));
  const asked = queries.flatMap((q, i) => {
    const tsquery = slotsTsquery(q.slots);
    const named = slotsTsquery(q.slots, "A");
    return tsquery && named ? [{ i, tsquery, named, size: q.unitSize }] : [];
  });
  if (asked.length === 0) return found;
  const { rows } = await sql<{ i: number; skuCode: string; total: number }>`
    SELECT q.i::int AS i, c.sku_code, c.total::int AS total
      FROM unnest(${asked.map((a) => a.i)}::int[], ${asked.map((a) => a.tsquery)}::text[],
                  ${asked.map((a) => a.named)}::text[], ${asked.map((a) => a.size)}::text[]) AS q(i, tsq, named, size)
     CROSS JOIN LATERAL (
       SELECT p.sku_code, count(*) OVER () AS total
         FROM products p
        WHERE p.active AND p.search_vector @@ to_tsquery('simple'::regconfig, q.tsq)
        ORDER BY coalesce(p.unit_size = q.size, false) DESC,
                 p.search_vector @@ to_tsquery('simple'::regconfig, q.named) DESC,
                 ts_rank(p.search_vector, to_tsquery('simple'::regconfig, q.tsq)) DESC,
                 p.description, p.sku_code
        LIMIT ${CANDIDATES}) c
     ORDER BY q.i`.execute(db);
  for (const row of rows) {
    found[row.i]!.skuCodes.push(row.skuCode);
    found[row.i]!.total = row.total;
  }
  return found;
}

/** The query with each misspelt word's corrections as alternatives, as the search corrects. */
const withCorrections = (
  query: LineQuery,
  corrections: ReadonlyMap<string, readonly string[]>,
): LineQuery => ({
  ...query,
  slots: query.slots.map((slot) => {
    const fixes = slot.words.length === 1 ? corrections.get(slot.words[0]!) : undefined;
    return fixes ? { ...slot, alternatives: [...slot.alternatives, ...fixes.map((word) => [word])] } : slot;
  }),
});

/**
 * Every distinct text's match: all read in one statement, then those that found fewer than the
 * search's FEW_RESULTS with their misspelt words corrected against the vocabulary (one probe of
 * all their words) and read again; the candidates loaded with the shopper's prices and stock.
 */
export async function searchLines(
  db: Db,
  shopper: Shopper,
  context: SearchContext,
  texts: readonly string[],
): Promise<Map<string, LineMatch>> {
  const distinct = [...new Set(texts.map((t) => t.trim()).filter((t) => t !== ""))];
  const { synonyms } = await context.vocabulary.current();
  const queries = distinct.map((text) => lineQuery(text, synonyms));
  const found = await candidates(db, queries);

  // Few or none: correct the words no product has, as the search does, and try again.
  const few = queries.flatMap((q, i) => (found[i]!.total < FEW_RESULTS && q.slots.length > 0 ? [i] : []));
  const searchedFor = new Map<number, string>();
  if (few.length > 0) {
    const probed = [
      ...new Set(
        few.flatMap((i) =>
          queries[i]!.slots.filter((s) => s.words.length === 1 && s.alternatives.length === 0).map(
            (s) => s.words[0]!,
          ),
        ),
      ),
    ];
    const corrections = chooseCorrections(await probeWords(db, probed));
    if (corrections.size > 0) {
      const retried = few.filter((i) =>
        queries[i]!.slots.some((s) => s.words.length === 1 && corrections.has(s.words[0]!)),
      );
      const again = await candidates(
        db,
        retried.map((i) => withCorrections(queries[i]!, corrections)),
      );
      retried.forEach((i, k) => {
        if (again[k]!.total <= found[i]!.total) return;
        found[i] = again[k]!;
        const used = new Map(
          [...corrections].filter(([word]) => queries[i]!.slots.some((s) => s.words[0] === word)),
        );
        searchedFor.set(i, correctedText(distinct[i]!, used));
      });
    }
  }

  const products = new Map(
    (await loadProducts(db, shopper, [...new Set(found.flatMap((f) => f.skuCodes))])).map((p) => [
      p.skuCode,
      p,
    ]),
  );
  const byText = new Map(
    distinct.map((text, i): [string, LineMatch] => {
      const { skuCodes, total } = found[i]!;
      const corrected = searchedFor.get(i) ?? null;
      const listed = skuCodes.flatMap((sku) => products.get(sku) ?? []);
      return [
        text,
        { ...weighCandidates(corrected ?? text, listed, total, synonyms), searchedFor: corrected },
      ];
    }),
  );
  return new Map(texts.map((t) => [t, byText.get(t.trim()) ?? NO_MATCH]));
}
