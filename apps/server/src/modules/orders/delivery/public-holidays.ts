// South Africa's public holidays (docs/rules.md "Delivery day"), by the Public Holidays Act 36 of
// 1994: ten fixed days, Good Friday and Family Day from Easter, and the Monday after any of them
// that falls on a Sunday. Days the President declares once (an election day, a Monday added to
// a Christmas on Sunday) are listed in DECLARED, and an operator adds more with the
// PUBLIC_HOLIDAYS setting without a release. Why a table of our own rather than a holiday
// library: docs/decisions/0149-the-delivery-day.md.

/** A calendar day, "yyyy-MM-dd". */
export type Day = string;

const FIXED: readonly [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, "Human Rights Day"],
  [4, 27, "Freedom Day"],
  [5, 1, "Workers' Day"],
  [6, 16, "Youth Day"],
  [8, 9, "National Women's Day"],
  [9, 24, "Heritage Day"],
  [12, 16, "Day of Reconciliation"],
  [12, 25, "Christmas Day"],
  [12, 26, "Day of Goodwill"],
];

/** Declared by the President for one year only. */
const DECLARED: Readonly<Record<Day, string>> = {
  "2022-12-27": "Public holiday (declared)",
  "2024-05-29": "General elections",
};

/** Easter Sunday of `year` (Gregorian; the anonymous algorithm in Meeus's Astronomical Algorithms). */
export function easterSunday(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, day);
}

export const dayOf = (year: number, month: number, day: number): Day =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** `day` moved by `days` (negative: back). */
export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export const weekday = (day: Day): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The public holidays of `year`, day → name, the Sunday rule applied. */
export function publicHolidays(year: number, extra: readonly Day[] = []): Map<Day, string> {
  const easter = easterSunday(year);
  const days = new Map<Day, string>([
    ...FIXED.map(([month, day, name]): [Day, string] => [dayOf(year, month, day), name]),
    [addDays(easter, -2), "Good Friday"],
    [addDays(easter, 1), "Family Day"],
  ]);
  // "Whenever any public holiday falls on a Sunday, the Monday following on it shall be a public
  // holiday" (section 2(1)); a Monday that is a holiday already gains nothing more.
  for (const [day, name] of [...days]) {
    const monday = addDays(day, 1);
    if (weekday(day) === 0 && !days.has(monday)) days.set(monday, `${name} (observed)`);
  }
  for (const [day, name] of Object.entries(DECLARED)) if (day.startsWith(`${year}-`)) days.set(day, name);
  for (const day of extra) if (day.startsWith(`${year}-`)) days.set(day, "Public holiday");
  return days;
}

/** Whether a day is a public holiday; remembers each year once worked out. */
export function holidayCalendar(extra: readonly Day[] = []): (day: Day) => boolean {
  const years = new Map<number, Map<Day, string>>();
  return (day) => {
    const year = Number(day.slice(0, 4));
    let holidays = years.get(year);
    if (!holidays) years.set(year, (holidays = publicHolidays(year, extra)));
    return holidays.has(day);
  };
}
