import { describe, expect, it } from "vitest";
import { chooseCorrections, correctedText, namedBrands, ownNameSlots, textQuery } from "./search";

describe("chooseCorrections", () => {
  it("leaves known words alone", () => {
    const probes = [{ word: "choc", known: true, suggestions: [{ term: "chocolate", similarity: 0.4 }] }];
    expect(chooseCorrections(probes).size).toBe(0);
  });

  it("takes the best look-alikes of an unknown word, and those nearly as good", () => {
    const probes = [
      {
        word: "choclate",
        known: false,
        suggestions: [
          { term: "chocolate", similarity: 0.58 },
          { term: "chocolates", similarity: 0.5 },
          { term: "chocolatiers", similarity: 0.36 },
        ],
      },
    ];
    expect(chooseCorrections(probes)).toEqual(new Map([["choclate", ["chocolate", "chocolates"]]]));
  });

  it("does not correct to words that are hardly alike", () => {
    const probes = [{ word: "xyzzy", known: false, suggestions: [{ term: "fizz", similarity: 0.2 }] }];
    expect(chooseCorrections(probes).size).toBe(0);
  });
});

describe("correctedText", () => {
  it("replaces each corrected word where it stands, in any case, and nothing inside other words", () => {
    const corrections = new Map([["choclate", ["chocolate", "chocolates"]]]);
    expect(correctedText("Milk CHOCLATE 80g", corrections)).toBe("Milk chocolate 80g");
    expect(correctedText("choclatey choclate", corrections)).toBe("choclatey chocolate");
  });
});

describe("namedBrands", () => {
  const brands = [
    { id: 1, name: "Karoo Crunch", imageUrl: null, products: 3, words: ["karoo", "crunch"] },
    { id: 2, name: "Umoya Cola", imageUrl: null, products: 3, words: ["umoya", "cola"] },
    { id: 3, name: "Ox", imageUrl: null, products: 1, words: ["ox"] },
  ];

  it("names a brand by all its words or by its first word", () => {
    expect(namedBrands(["karoo", "chips"], brands)).toEqual([1]);
    expect(namedBrands(["cola", "umoya"], brands)).toEqual([2]);
    expect(namedBrands(["ox"], brands)).toEqual([3]);
  });

  it("does not name a brand by a later word alone or a short first word inside a longer search", () => {
    expect(namedBrands(["cola", "2l"], brands)).toEqual([]);
    expect(namedBrands(["crunch"], brands)).toEqual([]);
  });
});

describe("ownNameSlots and textQuery", () => {
  const brands = [
    { id: 1, name: "Karoo Crunch", imageUrl: null, products: 3, words: ["karoo", "crunch"] },
    { id: 2, name: "Umoya Cola", imageUrl: null, products: 3, words: ["umoya", "cola"] },
  ];
  const slot = (word: string, ...alternatives: string[]) => ({
    words: [word],
    alternatives: alternatives.map((a) => [a]),
  });

  it("asks the own name for every word when no brand is named, synonyms included", () => {
    const slots = [slot("coke", "cola", "colas")];
    expect(ownNameSlots(slots, [], brands)).toEqual(slots);
    expect(textQuery({ slots, nameSlots: ownNameSlots(slots, [], brands) })).toEqual({
      tsquery: "('coke':* | 'cola' | 'colas')",
      namedTsquery: "('coke':*A | 'cola':A | 'colas':A)",
    });
  });

  it("leaves out the words of a brand named, which leads already", () => {
    const slots = [slot("karoo"), slot("chips", "crisps")];
    expect(ownNameSlots(slots, [1], brands)).toEqual([slot("chips", "crisps")]);
  });

  it("counts every match as named when every word is a named brand's", () => {
    const slots = [slot("umoya"), slot("cola", "coke")];
    const read = { slots, nameSlots: ownNameSlots(slots, [2], brands) };
    expect(read.nameSlots).toEqual([]);
    expect(textQuery(read)!.namedTsquery).toBe(textQuery(read)!.tsquery);
  });
});
