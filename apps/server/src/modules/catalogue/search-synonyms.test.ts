import { describe, expect, it } from "vitest";
import { nearestCategory, normalisedSearchText, trigramSimilarity } from "./search-misses";
import { synonymSlots } from "./search-synonyms";
import { slotsTsquery } from "./search-text";
import { synonymIndex, type Vocabulary } from "./search-vocabulary";

const index = synonymIndex([
  ["crisps", "chips"],
  ["cooldrink", "cold drink", "soft drink", "fizzy"],
]);

describe("synonymSlots", () => {
  it("gives a word of a group the group's other terms, as exact word sequences", () => {
    expect(synonymSlots(["salted", "crisps"], index)).toEqual([
      { words: ["salted"], alternatives: [] },
      { words: ["crisps"], alternatives: [["chips"]] },
    ]);
  });

  it("takes a run of words that is a term as one place", () => {
    expect(synonymSlots(["cold", "drink", "2l"], index)).toEqual([
      { words: ["cold", "drink"], alternatives: [["cooldrink"], ["soft", "drink"], ["fizzy"]] },
      { words: ["2l"], alternatives: [] },
    ]);
    // The same words apart or in another order are words, not the term.
    expect(synonymSlots(["drink", "cold"], index).map((s) => s.alternatives)).toEqual([[], []]);
  });

  it("becomes a tsquery in which a synonym's words stand in order", () => {
    expect(slotsTsquery(synonymSlots(["cooldrink"], index))).toBe(
      "('cooldrink':* | ('cold' <-> 'drink') | ('soft' <-> 'drink') | 'fizzy')",
    );
    expect(slotsTsquery(synonymSlots(["crisps"], index), "A")).toBe("('crisps':*A | 'chips':A)");
  });
});

describe("searches that found nothing", () => {
  it("counts a search as lower-case words", () => {
    expect(normalisedSearchText("  Simba  125g!! Salt&Vinegar ")).toBe("simba 125g salt vinegar");
  });

  it("measures likeness as pg_trgm does", () => {
    expect(trigramSimilarity("chips", "chips")).toBe(1);
    expect(trigramSimilarity("chipz", "chips")).toBeCloseTo(4 / 8);
    expect(trigramSimilarity("xyz", "chips")).toBe(0);
  });

  it("finds the nearest category by spelling or through a synonym", () => {
    const node = (name: string, depth: number, products: number) => ({
      name,
      category: depth === 1 ? name : "Chips",
      subCategory: depth === 2 ? name : null,
      subCategory3: null,
      subCategory4: null,
      products,
      words: name.toLowerCase().split(" "),
      depth,
    });
    const vocabulary: Vocabulary = {
      synonyms: index,
      brands: [],
      categories: [node("Chips", 1, 400), node("Potato Chips", 2, 120), node("Chocolates", 1, 300)],
    };
    expect(nearestCategory(["crisps"], vocabulary)?.name).toBe("Chips");
    expect(nearestCategory(["chocolatez", "unicorn"], vocabulary)?.name).toBe("Chocolates");
    expect(nearestCategory(["potato"], vocabulary)?.name).toBe("Potato Chips");
    expect(nearestCategory(["zzz"], vocabulary)).toBeNull();
  });
});
