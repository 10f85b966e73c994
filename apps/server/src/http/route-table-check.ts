// The server serves under /api exactly the routes of the contracts' route table
// (packages/contracts/src/route-table.ts: ROUTE_TABLE, and UNCONTRACTED_ROUTES with the reason
// each has no contract), so the access matrix, the contract fuzzer and the OpenAPI document, which
// all walk that table, cannot miss one. checkRouteTable is called by buildApp (app.ts) before any
// route is registered; app.ready() then fails, and the server does not start, listing every /api
// route served but not in the table and every one in the table but not served.
import type { FastifyInstance } from "fastify";
import { isApiPath, ROUTE_TABLE, UNCONTRACTED_ROUTES } from "@trade-shop/contracts/route-table";

/** A route as Fastify registered it: one method, the full path (prefixes included). */
export interface ServedRoute {
  method: string;
  path: string;
}

const endpoint = ({ method, path }: ServedRoute) => `${method} ${path}`;

/** Every route the table lists: its contract routes and the uncontracted ones. */
export const TABLE_ENDPOINTS: readonly ServedRoute[] = [
  ...ROUTE_TABLE.map(({ method, path }) => ({ method, path })),
  ...UNCONTRACTED_ROUTES.map(({ method, path }) => ({ method, path })),
];

/**
 * Collects the routes registered on `app` from now on (an onRoute hook: call it before any route
 * is registered). HEAD is left out: Fastify adds one beside every GET (exposeHeadRoutes), and a
 * GET is what the table lists.
 */
export function collectRoutes(app: FastifyInstance): ServedRoute[] {
  const served: ServedRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") served.push({ method, path: route.url });
  });
  return served;
}

/** What `served` and the table disagree on, under /api unless `everywhere`. */
export function compareWithTable(
  served: readonly ServedRoute[],
  { everywhere = false }: { everywhere?: boolean } = {},
): { unlisted: string[]; unserved: string[] } {
  const inScope = (route: ServedRoute) => everywhere || isApiPath(route.path);
  const listed = new Set(TABLE_ENDPOINTS.filter(inScope).map(endpoint));
  const seen = new Set(served.filter(inScope).map(endpoint));
  return {
    unlisted: [...seen].filter((route) => !listed.has(route)).sort(),
    unserved: [...listed].filter((route) => !seen.has(route)).sort(),
  };
}

/** The error naming what `served` and the table disagree on under /api, or undefined when they agree. */
export function routeTableMismatch(served: readonly ServedRoute[]): Error | undefined {
  const { unlisted, unserved } = compareWithTable(served);
  if (!unlisted.length && !unserved.length) return undefined;
  const lines = [
    "The /api routes the server serves and its route table (packages/contracts/src/route-table.ts) disagree.",
    ...(unlisted.length
      ? [
          "Served but not in the table (add each to its domain's route table, or to UNCONTRACTED_ROUTES with the reason it has no contract):",
          ...unlisted.map((route) => `  ${route}`),
        ]
      : []),
    ...(unserved.length
      ? [
          "In the table but not served (register it, or take it out of the table):",
          ...unserved.map((r) => `  ${r}`),
        ]
      : []),
  ];
  return new Error(lines.join("\n"));
}

/**
 * Makes app.ready() (and so listen) fail when the /api routes registered on `app` are not the
 * route table's. Call it on the new instance before registering any plugin or route.
 */
export function checkRouteTable(app: FastifyInstance): void {
  const served = collectRoutes(app);
  app.addHook("onReady", async () => {
    const mismatch = routeTableMismatch(served);
    if (mismatch) throw mismatch;
  });
}
