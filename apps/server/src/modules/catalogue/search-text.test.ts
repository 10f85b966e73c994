import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, searchTerms, slotsTsquery } from "./search-text";

/** Slots of single words, each with its corrections if any. */
const prefixTsquery = (terms: string[], corrections = new Map<string, string[]>(), weight: "A" | "" = "") =>
  slotsTsquery(
    terms.map((term) => ({ words: [term], alternatives: (corrections.get(term) ?? []).map((w) => [w]) })),
    weight,
  );

describe("searchTerms", () => {
  it("lower-cases and splits on punctuation the way migration 0002 splits product text", () => {
    expect(searchTerms("CHP-00123")).toEqual(["chp", "00123"]);
    expect(searchTerms("Tannie Sarie's 2.5kg")).toEqual(["tannie", "sarie", "5kg"]);
    expect(searchTerms("  Salt & Vinegar  ")).toEqual(["salt", "vinegar"]);
  });

  it("keeps letters outside ASCII", () => {
    expect(searchTerms("Rosé Crème")).toEqual(["rosé", "crème"]);
  });

  it("drops a lone letter next to other words but keeps it on its own", () => {
    expect(searchTerms("milk c")).toEqual(["milk"]);
    expect(searchTerms("c")).toEqual(["c"]);
  });

  it("removes repeats and stops at a sensible number of words", () => {
    expect(searchTerms("choc choc CHOC")).toEqual(["choc"]);
    expect(searchTerms("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10")).toHaveLength(MAX_SEARCH_TERMS);
  });

  it("has nothing for empty, blank or punctuation-only text", () => {
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms(null)).toEqual([]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms("&*()!")).toEqual([]);
  });

  it("only ever yields letters and digits, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const term of searchTerms(text)) expect(term).toMatch(/^[\p{L}\p{N}]{1,40}$/u);
      }),
    );
  });
});

describe("slotsTsquery", () => {
  it("is null without words", () => {
    expect(prefixTsquery([])).toBeNull();
  });

  it("makes every word a prefix and requires all of them", () => {
    expect(prefixTsquery(["choc"])).toBe("'choc':*");
    expect(prefixTsquery(["milk", "choc"])).toBe("'milk':* & 'choc':*");
  });

  it("lets a corrected word match itself or any of its corrections", () => {
    const corrections = new Map([["choclate", ["chocolate", "chocolates"]]]);
    expect(prefixTsquery(["milk", "choclate"], corrections)).toBe(
      "'milk':* & ('choclate':* | 'chocolate' | 'chocolates')",
    );
  });

  it("can ask for the words in the description or brand only", () => {
    const corrections = new Map([["choclate", ["chocolate"]]]);
    expect(prefixTsquery(["milk", "choclate"], corrections, "A")).toBe(
      "'milk':*A & ('choclate':*A | 'chocolate':A)",
    );
  });

  it("quotes a lexeme so no typed character can change the query's structure", () => {
    expect(prefixTsquery(["it's"])).toBe("'it''s':*");
    expect(prefixTsquery(["a\\b"])).toBe("'a\\\\b':*");
  });
});
