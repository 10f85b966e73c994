import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("rounds the number of pages up", () => {
    expect(pageWindow(49, 24, 1)).toEqual({ pages: 3, currentPage: 1, offset: 0 });
    expect(pageWindow(48, 24, 2)).toEqual({ pages: 2, currentPage: 2, offset: 24 });
  });

  it("has one page even when nothing matches", () => {
    expect(pageWindow(0, 24, 1)).toEqual({ pages: 1, currentPage: 1, offset: 0 });
    expect(pageWindow(0, 24, 5)).toEqual({ pages: 1, currentPage: 1, offset: 0 });
  });

  it("clamps a page past the end to the last page, and one below 1 to the first", () => {
    expect(pageWindow(100, 12, 99)).toEqual({ pages: 9, currentPage: 9, offset: 96 });
    expect(pageWindow(100, 12, 0)).toEqual({ pages: 9, currentPage: 1, offset: 0 });
  });
});
