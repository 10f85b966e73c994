import { describe, expect, it } from "vitest";
import { legalDocumentPdf, pdfString, textWidth, wrapText } from "./legal-document-pdf";
import { paiaManual } from "./paia-manual";
import { shopDetails } from "./shop-details";
import { tradeTerms } from "./trade-terms";

describe("legalDocumentPdf", () => {
  it("is the PDF the footer links to (run vitest with -u after changing the terms)", async () => {
    await expect(legalDocumentPdf(tradeTerms, shopDetails.name)).toMatchFileSnapshot(
      "../../../public/docs/terms-and-conditions.pdf",
    );
  });

  it("writes a well-formed file: header, one object per xref entry at its offset, trailer", () => {
    const pdf = legalDocumentPdf(tradeTerms, shopDetails.name);
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(pdf).toMatch(/^[\x00-\x7f]*$/);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref).startsWith("xref\n")).toBe(true);
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
    const pages = Number(/\/Count (\d+)/.exec(pdf)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pdf).toContain(`page ${pages} of ${pages}`);
  });

  it("contains every section heading of the terms page", () => {
    const pdf = legalDocumentPdf(tradeTerms, shopDetails.name);
    tradeTerms.sections.forEach((section, i) => expect(pdf).toContain(`(${i + 1}. ${section.title})`));
  });

  it("can also print the PAIA manual, tables and all", () => {
    expect(() => legalDocumentPdf(paiaManual, shopDetails.name)).not.toThrow();
  });
});

describe("text helpers", () => {
  it("escapes brackets and backslashes and writes typographic characters as WinAnsi codes", () => {
    expect(pdfString("a (b) \\ c")).toBe("(a \\(b\\) \\\\ c)");
    expect(pdfString("• it’s")).toBe("(\\225 it\\222s)");
    expect(() => pdfString("R 1 000 ₿")).toThrow(/cannot show/);
  });

  it("measures with the font's metrics and wraps within the width", () => {
    expect(textWidth("MMMM", "regular", 10)).toBeCloseTo(33.32);
    expect(textWidth("iiii", "regular", 10)).toBeCloseTo(8.88);
    const lines = wrapText("The quick brown fox jumps over the lazy dog again and again", "regular", 10, 100);
    expect(lines.length).toBeGreaterThan(2);
    lines.forEach((line) => expect(textWidth(line, "regular", 10)).toBeLessThanOrEqual(100));
    expect(lines.join(" ")).toBe("The quick brown fox jumps over the lazy dog again and again");
  });
});
