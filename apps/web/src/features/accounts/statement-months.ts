// The months a customer can pick a statement for: this month in Johannesburg and the eleven
// before it, newest first, as "2026-11" with "November 2026" to show.
import { formatMonth } from "@trade-shop/contracts/format";

const SAST_MS = 2 * 3_600_000;

export function statementMonths(now: Date, count = 12): { value: string; label: string }[] {
  const today = new Date(now.getTime() + SAST_MS);
  return Array.from({ length: count }, (_, back) => {
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    const value = at.toISOString().slice(0, 7);
    return { value, label: formatMonth(value) };
  });
}
