import { describe, expect, it } from "vitest";
import { clampPage, lastPage, pageLinks, type PageSlot } from "./page-links";

/** The slots as a pager reads them, e.g. "1 … 9 [10] 11 … 20". */
function render(slots: PageSlot[]): string {
  return slots
    .map((slot) => (slot.kind === "gap" ? "…" : slot.isCurrent ? `[${slot.page}]` : String(slot.page)))
    .join(" ");
}

describe("lastPage", () => {
  it("is the total divided by the page size, rounded up, and at least 1", () => {
    expect(lastPage(0, 24)).toBe(1);
    expect(lastPage(1, 24)).toBe(1);
    expect(lastPage(24, 24)).toBe(1);
    expect(lastPage(25, 24)).toBe(2);
    expect(lastPage(453, 12)).toBe(38);
  });

  it("survives a page size of zero", () => {
    expect(lastPage(10, 0)).toBe(1);
  });
});

describe("clampPage", () => {
  it("keeps the page between 1 and the last page", () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(99, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});

describe("pageLinks", () => {
  it("shows every page when there are 7 or fewer", () => {
    expect(render(pageLinks(100, 24, 2).slots)).toBe("1 [2] 3 4 5");
    expect(render(pageLinks(7 * 24, 24, 7).slots)).toBe("1 2 3 4 5 6 [7]");
  });

  it("shows one page link for no results, with Previous and Next off", () => {
    expect(pageLinks(0, 24, 1)).toEqual({
      current: 1,
      last: 1,
      previous: null,
      next: null,
      slots: [{ kind: "page", page: 1, isCurrent: true }],
    });
  });

  it("lays out long ranges like the shop's original pager", () => {
    const total = 20 * 12;
    expect(render(pageLinks(total, 12, 1).slots)).toBe("[1] 2 3 4 5 … 20");
    expect(render(pageLinks(total, 12, 4).slots)).toBe("1 2 3 [4] 5 … 20");
    expect(render(pageLinks(total, 12, 5).slots)).toBe("1 … 4 [5] 6 … 20");
    expect(render(pageLinks(total, 12, 10).slots)).toBe("1 … 9 [10] 11 … 20");
    expect(render(pageLinks(total, 12, 16).slots)).toBe("1 … 15 [16] 17 … 20");
    expect(render(pageLinks(total, 12, 17).slots)).toBe("1 … 16 [17] 18 19 20");
    expect(render(pageLinks(total, 12, 20).slots)).toBe("1 … 16 17 18 19 [20]");
  });

  it("clamps the requested page and sets Previous and Next from it", () => {
    expect(pageLinks(240, 12, 999)).toMatchObject({ current: 20, last: 20, previous: 19, next: null });
    expect(pageLinks(240, 12, -4)).toMatchObject({ current: 1, previous: null, next: 2 });
    expect(pageLinks(240, 12, 8)).toMatchObject({ current: 8, previous: 7, next: 9 });
  });

  it("never shows more than 7 slots, always the first, last and current page, in order", () => {
    for (let last = 1; last <= 30; last++) {
      for (let current = 1; current <= last; current++) {
        const { slots } = pageLinks(last * 10, 10, current);
        const pages = slots.flatMap((slot) => (slot.kind === "page" ? [slot.page] : []));
        expect(slots.length).toBeLessThanOrEqual(7);
        expect(pages).toContain(1);
        expect(pages).toContain(last);
        expect(pages).toContain(current);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(new Set(pages).size).toBe(pages.length);
        expect(slots.filter((slot) => slot.kind === "page" && slot.isCurrent)).toHaveLength(1);
      }
    }
  });
});
