import { describe, expect, it } from "vitest";
import { brandInitials, brandLogoSvg } from "./brand-drawing";

describe("brandLogoSvg", () => {
  it("draws a brand logo as a small SVG with the name escaped", () => {
    const svg = brandLogoSvg("Fynbos Fudge & Co. <Test>");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="320" height="120"/);
    expect(svg).toContain("&amp;");
    expect(svg).toContain("&lt;Test&gt;");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(brandLogoSvg("Fynbos Fudge & Co. <Test>")).toBe(svg);
  });
});

describe("brandInitials", () => {
  it("takes the first letter of each word, skipping what is not a letter", () => {
    expect(brandInitials("Cape Cocoa Co.", 3)).toBe("CCC");
    expect(brandInitials("Cape Cocoa Co.", 2)).toBe("CC");
    expect(brandInitials("tannie 'sarie's", 3)).toBe("TS");
  });
});
