import { describe, expect, it } from "vitest";
import {
  formatDeliveryPromise,
  formatRandCents,
  formatShopDate,
  formatShopDateTime,
  formatShopWeekday,
} from "./format";

describe("formatRandCents", () => {
  it("prefixes R and keeps two decimals", () => {
    expect(formatRandCents(0)).toBe("R0.00");
    expect(formatRandCents(5)).toBe("R0.05");
    expect(formatRandCents(1250)).toBe("R12.50");
    expect(formatRandCents(99_999)).toBe("R999.99");
  });

  it("separates thousands with spaces", () => {
    expect(formatRandCents(123_456)).toBe("R1 234.56");
    expect(formatRandCents(15_000_000)).toBe("R150 000.00");
    expect(formatRandCents(123_456_780)).toBe("R1 234 567.80");
  });

  it("puts the minus sign before the R", () => {
    expect(formatRandCents(-123_456)).toBe("-R1 234.56");
    expect(formatRandCents(-50)).toBe("-R0.50");
  });

  it("rounds a fraction of a cent to the whole cent", () => {
    expect(formatRandCents(100.4)).toBe("R1.00");
    expect(formatRandCents(100.5)).toBe("R1.01");
  });
});

describe("formatShopDateTime and formatShopDate", () => {
  it("write Johannesburg time as dd-MMM-yyyy HH:mm", () => {
    expect(formatShopDateTime("2026-11-21T12:05:00Z")).toBe("21-Nov-2026 14:05");
    expect(formatShopDateTime(new Date("2026-12-31T22:30:00Z"))).toBe("01-Jan-2027 00:30");
  });
  it("write a calendar day as dd-MMM-yyyy, a moment by its Johannesburg day", () => {
    expect(formatShopDate("2026-02-03")).toBe("03-Feb-2026");
    expect(formatShopDate("2026-05-31T23:00:00Z")).toBe("01-Jun-2026");
  });
});

describe("formatDeliveryPromise", () => {
  it("says the cut-off in Johannesburg and the day with its weekday", () => {
    expect(formatShopWeekday("2026-12-02")).toBe("Wed 02-Dec-2026");
    expect(
      formatDeliveryPromise({ method: "Delivery", day: "2026-12-02", orderBy: "2026-12-01T12:00:00.000Z" }),
    ).toBe("Order by Tue 14:00 for delivery on Wed 02-Dec-2026");
    // 23:30 UTC on Monday is Tuesday 01:30 in Johannesburg.
    expect(
      formatDeliveryPromise({ method: "Collect", day: "2026-12-02", orderBy: "2026-11-30T23:30:00.000Z" }),
    ).toBe("Order by Tue 01:30 to collect on Wed 02-Dec-2026");
  });
});
