import { describe, expect, it } from "vitest";
import { monthAndYear, shortMonth } from "./month-label";

describe("month labels", () => {
  it("names report months like the shop's dates do", () => {
    expect(shortMonth("2026-03")).toBe("Mar");
    expect(shortMonth("2025-12")).toBe("Dec");
    expect(monthAndYear("2026-01")).toBe("Jan 2026");
  });

  it("shows an unreadable month as it came rather than a wrong one", () => {
    expect(shortMonth("2026-13")).toBe("2026-13");
    expect(monthAndYear("soon")).toBe("soon");
  });
});
