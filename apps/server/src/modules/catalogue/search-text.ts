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
 * One place in the search: the word (or words of a synonym such as "cold drink") as typed, each
 * a prefix, and the exact word sequences it may stand for instead: corrections of a misspelt
 * word, or the other terms of its synonym group ("soft drink" is `soft <-> drink`).
 */
export interface QuerySlot {
  words: readonly string[];
  alternatives: readonly (readonly string[])[];
}

function sequence(words: readonly string[], weight: "A" | "", prefix: boolean): string {
  const parts = words.map((word) => `${lexeme(word)}${prefix ? ":*" : weight ? ":" : ""}${weight}`);
  if (parts.length === 1) return parts[0]!;
  // Typed words are each required anywhere; a synonym's words must stand in that order.
  return prefix ? `(${parts.join(" & ")})` : `(${parts.join(" <-> ")})`;
}

/**
 * Every slot must match: as typed (every word a prefix, so "choc" finds chocolates as it is
 * typed) or as one of its alternatives (exact words). With `weight` "A" the words must be found
 * in the product's own name, its description without its brand's name (migration 0021's
 * weights), which is how the search tells products named for the words from those only filed
 * under them or made by a brand whose name holds them.
 */
export function slotsTsquery(slots: readonly QuerySlot[], weight: "A" | "" = ""): string | null {
  if (slots.length === 0) return null;
  return slots
    .map((slot) => {
      const options = [
        sequence(slot.words, weight, true),
        ...slot.alternatives.map((words) => sequence(words, weight, false)),
      ];
      return options.length === 1 ? options[0] : `(${options.join(" | ")})`;
    })
    .join(" & ");
}
