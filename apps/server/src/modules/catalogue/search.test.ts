import { describe, expect, it } from "vitest";
import { chooseCorrections } from "./search";

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
