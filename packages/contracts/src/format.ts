// How the shop writes rand, on every screen and in the messages the server writes (docs/behaviour.md):
// "R1 234.56", prefix R, a space between thousands (not a comma), a point before the cents.

/** Cents as rand, rounded to the whole cent: 123456 -> "R1 234.56", -50 -> "-R0.50". */
export function formatRandCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${sign}R${whole}.${String(abs % 100).padStart(2, "0")}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const SAST_OFFSET_MS = 2 * 3_600_000; // Africa/Johannesburg: UTC+2 all year

/** A moment as the shop writes it (docs/rules.md), in Johannesburg: "21-Nov-2026 14:05". */
export function formatShopDateTime(at: Date | string): string {
  const sast = new Date(new Date(at).getTime() + SAST_OFFSET_MS).toISOString();
  return `${formatShopDate(sast.slice(0, 10))} ${sast.slice(11, 16)}`;
}

/** A calendar day (YYYY-MM-DD, or a moment's day in Johannesburg) as "21-Nov-2026". */
export function formatShopDate(day: Date | string): string {
  const iso =
    typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day)
      ? day
      : new Date(new Date(day).getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
  const [year, month, date] = iso.split("-");
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A statement month "2026-11" as "November 2026" (the page's month picker and the PDF's title). */
export function formatMonth(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1] ?? ""} ${year ?? ""}`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A calendar day with its weekday: "Wed 02-Dec-2026". */
export function formatShopWeekday(day: string): string {
  return `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${formatShopDate(day)}`;
}

/** A cut-off as a buyer reads it, in Johannesburg: "Tue 14:00". */
export function formatCutOff(at: string): string {
  const sast = new Date(new Date(at).getTime() + SAST_OFFSET_MS).toISOString();
  return `${WEEKDAYS[new Date(`${sast.slice(0, 10)}T00:00:00Z`).getUTCDay()]} ${sast.slice(11, 16)}`;
}

/**
 * When an order placed now arrives (docs/rules.md "Delivery day"): "Order by Tue 14:00 for
 * delivery on Wed 02-Dec-2026", or "… to collect on …".
 */
export function formatDeliveryPromise(promise: {
  method: "Delivery" | "Collect";
  day: string;
  orderBy: string;
}): string {
  const what = promise.method === "Delivery" ? "for delivery on" : "to collect on";
  return `Order by ${formatCutOff(promise.orderBy)} ${what} ${formatShopWeekday(promise.day)}`;
}

/** An order's own day: "Delivery expected on Wed 02-Dec-2026" or "Ready to collect on …"; null before the rule. */
export function expectedDayText(order: {
  expectedDeliveryDate: string | null;
  homeDelivery: boolean;
}): string | null {
  if (!order.expectedDeliveryDate) return null;
  const day = formatShopWeekday(order.expectedDeliveryDate);
  return order.homeDelivery ? `Delivery expected on ${day}` : `Ready to collect on ${day}`;
}
