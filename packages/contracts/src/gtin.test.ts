import { describe, expect, it } from "vitest";
import { Gtin, gtinCheckDigit, gtinProblem, isGtin, toGtin14 } from "./gtin";

describe("GTIN barcodes", () => {
  it("computes GS1 check digits for every length", () => {
    // Published examples: an EAN-13, a UPC-A, an EAN-8 and a GTIN-14.
    expect(gtinCheckDigit("400638133393")).toBe(1); // 4006381333931
    expect(gtinCheckDigit("03600029145")).toBe(2); // 036000291452
    expect(gtinCheckDigit("9638507")).toBe(4); // 96385074
    expect(gtinCheckDigit("1001234567890")).toBe(2); // 10012345678902
  });

  it("accepts the valid forms and says what is wrong with the rest", () => {
    for (const code of ["4006381333931", "036000291452", "96385074", "10012345678902"]) {
      expect(gtinProblem(code)).toBeNull();
    }
    expect(gtinProblem("4006381333932")).toBe(
      "The barcode 4006381333932 has a wrong check digit: it should end in 1.",
    );
    expect(gtinProblem("12345")).toBe("A barcode has 8, 12, 13 or 14 digits.");
    expect(gtinProblem("40063813339x1")).toBe("A barcode is digits only.");
    expect(isGtin(" 4006381 333931 ")).toBe(true);
    expect(isGtin("chips 125g")).toBe(false);
  });

  it("reads every form of one barcode as the same GTIN-14", () => {
    expect(toGtin14("036000291452")).toBe("00036000291452");
    expect(Gtin.parse(" 4006381333931")).toBe("04006381333931");
    expect(Gtin.parse("04006381333931")).toBe("04006381333931");
    expect(Gtin.safeParse("4006381333932").success).toBe(false);
  });
});
