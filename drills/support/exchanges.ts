// Judging what the clients saw: which answers a drill allows, and a failure message that quotes
// the offending exchanges with the server's own log lines for each request id.
import type { Exchange } from "./shop-client";
import { linesAbout, type DrillServer } from "./servers";

/** The refusals an order may meet under load (stock or credit ran out). */
export const orderRefusal = (e: Exchange) =>
  e.status === 409 && (e.code === "stock_short" || e.code === "credit_exceeded");

/** The shop's "not now" while its database is away: 503 problem details with Retry-After. */
export const databaseUnavailable = (e: Exchange) =>
  e.status === 503 &&
  e.code === "database_unavailable" &&
  typeof e.retryAfter === "string" &&
  e.retryAfter !== "";

export const answered = (e: Exchange) => e.status === 200 || orderRefusal(e);

/** "" when every exchange is allowed; otherwise the first few that are not, with their log lines. */
export function disallowed(
  exchanges: readonly Exchange[],
  allow: (e: Exchange) => boolean,
  servers: readonly DrillServer[],
): string {
  const bad = exchanges.filter((e) => !allow(e));
  if (bad.length === 0) return "";
  const shown = bad.slice(0, 8);
  const summary = shown.map(
    (e) =>
      `${e.method} ${e.path} -> ${e.status}${e.code ? ` ${e.code}` : ""}${e.error ? ` (${e.error})` : ""} after ${e.ms} ms, request id ${e.requestId ?? "-"}${e.servedBy ? ` via ${e.servedBy}` : ""}`,
  );
  const lines = linesAbout(
    servers,
    shown.map((e) => e.requestId),
  );
  return [
    `${bad.length} exchange(s) not allowed here, e.g.:`,
    ...summary,
    ...(lines.length ? ["server log lines for them:", ...lines.slice(0, 12)] : []),
  ].join("\n");
}

export function slowest(exchanges: readonly Exchange[]): Exchange | undefined {
  return exchanges.reduce<Exchange | undefined>(
    (worst, e) => (!worst || e.ms > worst.ms ? e : worst),
    undefined,
  );
}
