// When an order placed now arrives (docs/rules.md "Delivery day", decision 149). Days are South
// African days (SAST is UTC+2 all year: the country keeps no summer time). A working day is
// Monday to Friday and not a public holiday.
//
// Delivery: the truck comes on the account's nominated delivery day (any working day when it
// has none); a nominated day that is a public holiday moves to the next working day. Collect:
// the order is ready at the warehouse on any working day. Either way an order must be in by the
// warehouse's cut-off time on the order day: the account's nominated order day before the
// delivery (the working day before it when that is no working day, or when none is nominated).
// An order after the cut-off goes with the next delivery the account can still make.
import { addDays, weekday, type Day } from "./public-holidays";

export type DeliveryMethod = "Delivery" | "Collect";

export interface DeliveryTerms {
  method: DeliveryMethod;
  /** The account's nominated delivery day, 0 Sunday … 6 Saturday; null: any working day. */
  deliveryWeekday: number | null;
  /** The account's nominated order day, likewise; null: the working day before the delivery. */
  orderWeekday: number | null;
  /** The warehouse's cut-off on the order day, in minutes after midnight. */
  cutoffMinutes: number;
}

export interface DeliveryPromise {
  method: DeliveryMethod;
  /** The day the goods are delivered, or ready to collect. */
  day: Day;
  /** The cut-off an order must beat to go with that day. */
  orderBy: Date;
}

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;
/** How far ahead to look: a year of weekly deliveries, with room for holidays. */
const LOOK_AHEAD_DAYS = 400;

/** The South African day of an instant. */
export const saDay = (at: Date): Day => new Date(at.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);

/** The instant `minutes` after midnight of `day` in South Africa. */
const saInstant = (day: Day, minutes: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000 - SAST_OFFSET_MS);

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** "Monday", "mon", "TUESDAY " → 1, 1, 2; anything else (no day nominated) → null. */
export function weekdayNamed(name: string | null | undefined): number | null {
  const word = name?.trim().toLowerCase() ?? "";
  if (word.length < 3) return null;
  const index = WEEKDAYS.findIndex((day) => day.startsWith(word));
  return index < 0 ? null : index;
}

export function deliveryPromise(
  now: Date,
  terms: DeliveryTerms,
  isHoliday: (day: Day) => boolean,
): DeliveryPromise {
  const working = (day: Day) => weekday(day) >= 1 && weekday(day) <= 5 && !isHoliday(day);
  /** `day` itself when it is a working day, else the next one. */
  const workingFrom = (day: Day) => {
    while (!working(day)) day = addDays(day, 1);
    return day;
  };
  /** The last working day on or before `day`. */
  const workingUpTo = (day: Day) => {
    while (!working(day)) day = addDays(day, -1);
    return day;
  };
  const nominated = terms.method === "Delivery" ? terms.deliveryWeekday : null;
  const today = saDay(now);
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS; ahead++) {
    const planned = addDays(today, ahead);
    let day: Day;
    let orderDay: Day;
    if (nominated !== null) {
      if (weekday(planned) !== nominated) continue;
      day = workingFrom(planned);
      // The order day of that week's delivery: the nominated one before it, or the day before.
      const back = terms.orderWeekday === null ? 1 : (weekday(planned) - terms.orderWeekday + 7) % 7 || 1;
      orderDay = workingUpTo(addDays(planned, -back));
    } else {
      if (!working(planned)) continue;
      day = planned;
      orderDay = workingUpTo(addDays(planned, -1));
    }
    const orderBy = saInstant(orderDay, terms.cutoffMinutes);
    if (now.getTime() < orderBy.getTime()) return { method: terms.method, day, orderBy };
  }
  throw new Error(`No delivery day within ${LOOK_AHEAD_DAYS} days of ${today}`);
}
