// How the shop writes money and times: rand as "R1 234.56" and times in Johannesburg as
// "21-Nov-2026 14:05", the same on every screen whatever the browser's own locale or zone.
import { formatRandCents } from "@trade-shop/contracts/format";
import { toCents } from "@trade-shop/contracts/common";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * Made on first use, not as the app loads: building a formatter for a time zone costs a phone
 * some 25 ms, and the first screen of a visitor shows no time.
 */
let johannesburgFormat: Intl.DateTimeFormat | undefined;
function johannesburgParts(date: Date): Intl.DateTimeFormatPart[] {
  johannesburgFormat ??= new Intl.DateTimeFormat("en-ZA", {
    timeZone: "Africa/Johannesburg",
    year: "numeric",
    month: "numeric",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return johannesburgFormat.formatToParts(date);
}

/** Shown where a value is missing or unreadable, so a bad field never breaks a whole page. */
export const NO_VALUE = "—";

/** Rand amount as "R1 234.56": prefix R, space between thousands, point before cents. */
export function formatRand(rand: number): string {
  if (!Number.isFinite(rand)) return NO_VALUE;
  // The one conversion (toCents: 1.005 is 101 cents, as on the server); an amount that rounds
  // to 0 shows no minus.
  return formatRandCents(toCents(rand));
}

/** ISO timestamp as "dd-MMM-yyyy HH:mm" in Africa/Johannesburg, e.g. "21-Nov-2026 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (iso.trim() === "" || Number.isNaN(date.getTime())) return NO_VALUE;
  const parts = johannesburgParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const month = MONTHS[Number(part("month")) - 1] ?? "";
  return `${part("day")}-${month}-${part("year")} ${part("hour")}:${part("minute")}`;
}
