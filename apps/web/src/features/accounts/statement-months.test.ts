import { describe, expect, it } from "vitest";
import { statementMonths } from "./statement-months";

describe("statementMonths", () => {
  it("lists this month in Johannesburg first and goes back across the year", () => {
    const months = statementMonths(new Date("2026-01-31T22:30:00Z"), 3);
    expect(months).toEqual([
      { value: "2026-02", label: "February 2026" },
      { value: "2026-01", label: "January 2026" },
      { value: "2025-12", label: "December 2025" },
    ]);
  });
});
