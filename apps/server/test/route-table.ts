// Every route of the contracts' route tables with a stable key ("cart.addItem"), for tests
// that sweep the whole API, and the check every refusal of any route must pass: an RFC 9457
// problem whose code decides both its status and its `type`.
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { api, type ApiRoute } from "@trade-shop/contracts/api";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";
import { catalogueSearchRoutes } from "@trade-shop/contracts/catalogue-search";
import { orderListRoutes } from "@trade-shop/contracts/order-lists";
import { quickOrderRoutes } from "@trade-shop/contracts/quick-order";
import { repRoutes } from "@trade-shop/contracts/reps";
import { backOfficeAccountRoutes, statementRoutes } from "@trade-shop/contracts/statements";
import { buyerRoutes } from "@trade-shop/contracts/buyers";
import { ProblemDetails } from "@trade-shop/contracts/common";
import { problemType, statusOf } from "@trade-shop/contracts/problems";

export interface TableRoute {
  key: string;
  route: ApiRoute;
}

const tables: Record<string, Record<string, Record<string, ApiRoute>>> = {
  // Order lists sit beside api's groups, keyed orderLists.<name>.
  "": {
    ...api,
    orderLists: orderListRoutes,
    statements: statementRoutes,
    backOfficeAccount: backOfficeAccountRoutes,
    buyers: buyerRoutes,
    reps: repRoutes,
  },
  // The No Images work list's routes live beside their payloads, outside `api`.
  "products.": { pending: pendingProductRoutes, vocabulary: catalogueSearchRoutes },
  // The quick order pad's routes live beside their payloads too.
  "cart.": { quickOrder: quickOrderRoutes },
};

/** `api`'s routes keyed group.name, then the catalogue-images routes keyed products.pending.name. */
export const ROUTES: readonly TableRoute[] = Object.entries(tables).flatMap(([prefix, table]) =>
  Object.entries(table).flatMap(([group, routes]) =>
    Object.entries(routes).map(([name, route]) => ({ key: `${prefix}${group}.${name}`, route })),
  ),
);

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
