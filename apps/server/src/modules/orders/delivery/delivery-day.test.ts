import { describe, expect, it } from "vitest";
import { deliveryPromise, weekdayNamed, type DeliveryTerms } from "./delivery-day";
import { easterSunday, holidayCalendar, publicHolidays } from "./public-holidays";

const isHoliday = holidayCalendar();
/** An instant given in South African time. */
const sast = (local: string) => new Date(`${local}+02:00`);
const WEDNESDAY_ROUND: DeliveryTerms = {
  method: "Delivery",
  deliveryWeekday: 3,
  orderWeekday: 2,
  cutoffMinutes: 14 * 60,
};

function promise(now: string, terms: Partial<DeliveryTerms> = {}) {
  const found = deliveryPromise(sast(now), { ...WEDNESDAY_ROUND, ...terms }, isHoliday);
  return { day: found.day, orderBy: found.orderBy.toISOString(), method: found.method };
}

describe("South Africa's public holidays", () => {
  it.each([
    [2026, "04-05"],
    [2027, "03-28"],
    [2028, "04-16"],
    [2029, "04-01"],
    [2030, "04-21"],
  ])("finds Easter Sunday of %i", (year, day) => {
    expect(easterSunday(year)).toBe(`${year}-${day}`);
  });

  // The gazetted lists, one a year: Saturdays stay where they fall, Sundays give the Monday.
  it.each([
    [2026, "01-01 03-21 04-03 04-06 04-27 05-01 06-16 08-09 08-10 09-24 12-16 12-25 12-26"],
    [2027, "01-01 03-21 03-22 03-26 03-29 04-27 05-01 06-16 08-09 09-24 12-16 12-25 12-26 12-27"],
    [2028, "01-01 03-21 04-14 04-17 04-27 05-01 06-16 08-09 09-24 09-25 12-16 12-25 12-26"],
    [2024, "01-01 03-21 03-29 04-01 04-27 05-01 05-29 06-16 06-17 08-09 09-24 12-16 12-25 12-26"],
  ])("lists %i's", (year, days) => {
    const found = [...publicHolidays(year).keys()].sort();
    expect(found).toEqual(days.split(" ").map((d) => `${year}-${d}`));
  });

  it("takes declared days from the setting", () => {
    expect(holidayCalendar(["2026-11-04"])("2026-11-04")).toBe(true);
    expect(isHoliday("2026-11-04")).toBe(false);
  });
});

describe("the delivery day", () => {
  it("promises the nominated delivery day when the order is in before the order day's cut-off", () => {
    expect(promise("2026-11-30T10:00:00")).toEqual({
      day: "2026-12-02",
      orderBy: "2026-12-01T12:00:00.000Z",
      method: "Delivery",
    });
    expect(promise("2026-12-01T13:59:59").day).toBe("2026-12-02");
  });

  it("moves to the next delivery once the cut-off has passed", () => {
    expect(promise("2026-12-01T14:00:00")).toMatchObject({
      day: "2026-12-09",
      orderBy: "2026-12-08T12:00:00.000Z",
    });
    expect(promise("2026-12-02T08:00:00").day).toBe("2026-12-09");
  });

  it("orders a Monday delivery on the Friday before, across the weekend", () => {
    const monday = { deliveryWeekday: 1, orderWeekday: 5 };
    expect(promise("2026-12-04T10:00:00", monday)).toMatchObject({
      day: "2026-12-07",
      orderBy: "2026-12-04T12:00:00.000Z",
    });
    expect(promise("2026-12-04T15:00:00", monday)).toMatchObject({
      day: "2026-12-14",
      orderBy: "2026-12-11T12:00:00.000Z",
    });
    expect(promise("2026-12-05T09:00:00", monday).day).toBe("2026-12-14");
  });

  it("delivers the day after a public holiday that falls on the delivery day", () => {
    // Wednesday 16 December 2026 is the Day of Reconciliation.
    expect(promise("2026-12-14T09:00:00")).toMatchObject({
      day: "2026-12-17",
      orderBy: "2026-12-15T12:00:00.000Z",
    });
  });

  it("brings the cut-off forward when the order day is a public holiday", () => {
    // Monday 10 August 2026 is Women's Day observed (the 9th is a Sunday).
    const tuesday = { deliveryWeekday: 2, orderWeekday: 1 };
    expect(promise("2026-08-06T09:00:00", tuesday)).toMatchObject({
      day: "2026-08-11",
      orderBy: "2026-08-07T12:00:00.000Z",
    });
    // Easter 2027: Good Friday the 26th, Family Day the 29th.
    const monday = { deliveryWeekday: 1, orderWeekday: 5 };
    expect(promise("2027-03-24T09:00:00", monday)).toMatchObject({
      day: "2027-03-30",
      orderBy: "2027-03-25T12:00:00.000Z",
    });
  });

  it("without a nominated day delivers on the next working day after the cut-off", () => {
    const any = { deliveryWeekday: null, orderWeekday: null };
    expect(promise("2026-12-01T10:00:00", any).day).toBe("2026-12-02");
    expect(promise("2026-12-01T15:00:00", any).day).toBe("2026-12-03");
    // Christmas Eve after the cut-off: Christmas, Goodwill (a Saturday) and the weekend go by.
    expect(promise("2026-12-24T15:00:00", any)).toMatchObject({
      day: "2026-12-29",
      orderBy: "2026-12-28T12:00:00.000Z",
    });
  });

  it("has a collection ready on the next working day, whatever the delivery round", () => {
    expect(promise("2026-12-03T10:00:00", { method: "Collect" })).toMatchObject({
      day: "2026-12-04",
      method: "Collect",
    });
    expect(promise("2026-12-04T15:00:00", { method: "Collect" }).day).toBe("2026-12-08");
  });

  it("uses the warehouse's own cut-off", () => {
    expect(promise("2026-12-01T12:30:00", { cutoffMinutes: 12 * 60 }).day).toBe("2026-12-09");
    expect(promise("2026-12-01T12:30:00", { cutoffMinutes: 13 * 60 }).day).toBe("2026-12-02");
  });

  it("reads the account's day names as the back office writes them", () => {
    expect(["Monday", "mon", " TUESDAY ", "Wed", "", null, "Someday", "mo"].map(weekdayNamed)).toEqual([
      1,
      1,
      2,
      3,
      null,
      null,
      null,
      null,
    ]);
  });
});
