// Turns what a person typed into the search box into PostgreSQL tsquery text. Words are split
// exactly as migration 0002 splits product text (every run of punctuation or space is a break),
// so "CHP-00123", "2.5kg" and "Nature's" find what they name on both sides.

/** More words than this add nothing but cost; the rest are ignored. */
export const MAX_SEARCH_TERMS = 8;
/** Longer "words" are pasted junk, not something to look up in the index. */
const MAX_TERM_LENGTH = 40;

/**
 * The distinct lower-case words of a search, in the order typed. A lone letter next to other
 * words is dropped (the person is still typing it, or it is an initial that matches too much).
 */
export function searchTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  const distinct = [...new Set(words)];
  const meaningful = distinct.length > 1 ? distinct.filter((w) => w.length > 1) : distinct;
  return meaningful.slice(0, MAX_SEARCH_TERMS);
}

/** A lexeme quoted for to_tsquery; the splitter leaves only letters and digits, this is belt and braces. */
function lexeme(word: string): string {
  return `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/**
 * Every word is a prefix ("choc" finds chocolates as it is typed, "chocolate" finds the
 * "Chocolates" category); all words must match. Corrections, when given, are real words of the
 * catalogue that the typed word may have meant: the product matches the word or any of them.
 * With `weight` "A" the words must be found in the description or brand (migration 0002's
 * weights), which is how the search tells products named for the words from those filed under them.
 */
export function prefixTsquery(
  terms: readonly string[],
  corrections: ReadonlyMap<string, readonly string[]> = new Map(),
  weight: "A" | "" = "",
): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((term) => {
      const alternatives = [
        `${lexeme(term)}:*${weight}`,
        ...(corrections.get(term) ?? []).map((word) => `${lexeme(word)}${weight ? `:${weight}` : ""}`),
      ];
      return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(" | ")})`;
    })
    .join(" & ");
}
