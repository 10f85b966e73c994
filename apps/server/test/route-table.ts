// Every route of the contracts' route table with its stable key ("cart.addItem"), for tests
// that sweep the whole API, and the check every refusal of any route must pass: an RFC 9457
// problem whose code decides both its status and its `type`.
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { ApiRoute } from "@trade-shop/contracts/api";
import { ROUTE_TABLE, type TableRoute } from "@trade-shop/contracts/route-table";
import { ProblemDetails } from "@trade-shop/contracts/common";
import { problemType, statusOf } from "@trade-shop/contracts/problems";

export type { TableRoute };

/**
 * The route table (packages/contracts/src/route-table.ts): every route the server serves with a
 * contract, which the server refuses to start without (http/route-table-check.ts).
 */
export const ROUTES: readonly TableRoute[] = ROUTE_TABLE;

/** Fills the route's `:name` segments and appends the query. */
export function urlOf(
  route: ApiRoute,
  params: Record<string, string | number> = {},
  query: Record<string, string> = {},
) {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Asserts `res` is a problem-details answer (type, code and status agreeing) and returns it. */
export function expectProblem(res: LightMyRequestResponse, where = ""): ProblemDetails {
  const context = `${where} ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.headers["content-type"], context).toMatch(/^application\/problem\+json/);
  const parsed = ProblemDetails.safeParse(JSON.parse(res.body));
  expect(parsed.success, context).toBe(true);
  const body = parsed.data!;
  expect(body.type, context).toBe(problemType(body.code));
  expect(statusOf(body.code), context).toBe(res.statusCode);
  return body;
}
