import { describe, expect, it } from "vitest";
import { parseSize } from "./search-sizes";

describe("parseSize", () => {
  it.each([
    ["coke 2l", "coke", "2000ml", null],
    ["coke 2 l", "coke", "2000ml", null],
    ["coke 2lt", "coke", "2000ml", null],
    ["Coke 2 Litre", "Coke", "2000ml", null],
    ["cola 1.5L", "cola", "1500ml", null],
    ["cola 1,5 l", "cola", "1500ml", null],
    ["simba 125g", "simba", "125g", null],
    ["rusks 1kg", "rusks", "1000g", null],
    ["500ml", "", "500ml", null],
    ["6x2l cola", "cola", "2000ml", 6],
    ["cola 6 x 2l", "cola", "2000ml", 6],
    ["wafer 6×40g", "wafer", "40g", 6],
  ])("reads %s as %s and a size", (typed, rest, unitSize, count) => {
    expect(parseSize(typed)).toEqual({ text: rest, size: { unitSize, count } });
  });

  it("leaves words that only begin with a number, codes and counts of other things alone", () => {
    for (const typed of ["2 lemons", "100 pieces", "CHP-00123", "7up", "80 wipes", "gin 3l2"]) {
      expect(parseSize(typed)).toEqual({ text: typed, size: null });
    }
  });
});
