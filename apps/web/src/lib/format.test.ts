import { describe, expect, it } from "vitest";
import { NO_VALUE, formatDateTime, formatRand } from "./format";

describe("formatRand", () => {
  it("writes rand with the contracts' formatRandCents", () => {
    expect(formatRand(1234.56)).toBe("R1 234.56");
    expect(formatRand(-0.5)).toBe("-R0.50");
  });

  it("rounds to the cent, half up, without a negative zero", () => {
    expect(formatRand(1.005)).toBe("R1.01");
    expect(formatRand(2.675)).toBe("R2.68");
    expect(formatRand(0.1 + 0.2)).toBe("R0.30");
    expect(formatRand(-0.001)).toBe("R0.00");
  });

  it("shows a dash for values that are not numbers", () => {
    expect(formatRand(Number.NaN)).toBe(NO_VALUE);
    expect(formatRand(Number.POSITIVE_INFINITY)).toBe(NO_VALUE);
  });
});

describe("formatDateTime", () => {
  it("writes dd-MMM-yyyy HH:mm in Johannesburg time (UTC+2)", () => {
    expect(formatDateTime("2026-11-21T12:05:00Z")).toBe("21-Nov-2026 14:05");
    expect(formatDateTime("2026-01-03T07:09:00.000Z")).toBe("03-Jan-2026 09:09");
  });

  it("moves to the next day when UTC evening is after midnight in Johannesburg", () => {
    expect(formatDateTime("2026-12-31T22:30:00Z")).toBe("01-Jan-2027 00:30");
    expect(formatDateTime("2026-02-28T23:59:00Z")).toBe("01-Mar-2026 01:59");
  });

  it("respects an explicit offset in the input", () => {
    expect(formatDateTime("2026-06-15T08:00:00-05:00")).toBe("15-Jun-2026 15:00");
  });

  it("uses 00 for midnight, never 24", () => {
    expect(formatDateTime("2026-05-09T22:00:00Z")).toBe("10-May-2026 00:00");
  });

  it("names every month in English", () => {
    const months = Array.from({ length: 12 }, (_, i) =>
      formatDateTime(`2026-${String(i + 1).padStart(2, "0")}-15T10:00:00Z`).slice(3, 6),
    );
    expect(months).toEqual([
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ]);
  });

  it("shows a dash for an unreadable timestamp", () => {
    expect(formatDateTime("not a date")).toBe(NO_VALUE);
    expect(formatDateTime("")).toBe(NO_VALUE);
  });
});
