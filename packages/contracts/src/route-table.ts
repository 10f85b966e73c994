// Every route the server serves, in one table. The routes with a contract (ApiRoute) live in
// their domain's module (decision 129) and are gathered here under a stable key ("cart.addItem",
// "products.pending.images"): the server must serve exactly these under /api (the route-table
// check in apps/server/src/http/route-table-check.ts refuses to start otherwise), the access
// matrix and the contract fuzzer sweep them, and the OpenAPI document is built from them (its
// operationIds are the keys). The few routes served without a contract are listed after them,
// each with the reason it has none. The web app never imports this module: it imports each
// domain's table by name, so a page downloads only the schemas of the routes it calls.
import type { ApiRoute } from "./http";
import { accountRoutes } from "./accounts";
import { alertRoutes } from "./alerts";
import { applicationRoutes } from "./applications";
import { backOfficeRoutes } from "./backoffice";
import { buyerRoutes } from "./buyers";
import { cartRoutes } from "./cart";
import { pendingProductRoutes } from "./catalogue-images";
import { catalogueSearchRoutes } from "./catalogue-search";
import { productRoutes } from "./catalogue";
import { healthRoutes } from "./health";
import { userRoutes } from "./identity";
import { orderListRoutes } from "./order-lists";
import { orderRoutes } from "./orders";
import { paymentRoutes } from "./payments";
import { productsPageRoutes } from "./products-page";
import { quickOrderRoutes } from "./quick-order";
import { realtimeRoutes } from "./realtime";
import { reportRoutes } from "./reports";
import { repRoutes } from "./reps";
import { backOfficeAccountRoutes, statementRoutes } from "./statements";
import { wishlistRoutes } from "./wishlist";

export type HttpMethod = ApiRoute["method"];

/** A route of the HTTP API with its contract. */
export interface TableRoute {
  /** Stable and unique: `<group>.<name>`, the route's name in its domain's table under its group. */
  key: string;
  method: HttpMethod;
  /** Fastify syntax, as in the contract. */
  path: string;
  route: ApiRoute;
}

/**
 * Each domain's table under the group its keys start with. A group may gather several tables
 * (`users` is the identity and the account routes), as long as no two routes get one key.
 */
const PIECES: readonly (readonly [group: string, routes: Record<string, ApiRoute>])[] = [
  ["cart", cartRoutes],
  ["wishlist", wishlistRoutes],
  ["orders", orderRoutes],
  ["products", productRoutes],
  // GET /api/Product/ProductSearch: the /products page's own params (products-page.ts).
  ["products", productsPageRoutes],
  ["users", userRoutes],
  ["users", accountRoutes],
  ["backOffice", backOfficeRoutes],
  ["reports", reportRoutes],
  ["realtime", realtimeRoutes],
  ["health", healthRoutes],
  ["products.pending", pendingProductRoutes],
  ["products.vocabulary", catalogueSearchRoutes],
  ["cart.quickOrder", quickOrderRoutes],
  ["orderLists", orderListRoutes],
  ["statements", statementRoutes],
  ["backOfficeAccount", backOfficeAccountRoutes],
  ["buyers", buyerRoutes],
  ["reps", repRoutes],
  ["alerts", alertRoutes],
  ["payments", paymentRoutes],
  ["applications", applicationRoutes],
];

/** Every domain's route table that PIECES gathers, for the test that no table is left out. */
export const ROUTE_TABLE_PIECES: readonly Record<string, ApiRoute>[] = PIECES.map(([, routes]) => routes);

function gather(): readonly TableRoute[] {
  const table: TableRoute[] = [];
  const keys = new Set<string>();
  const endpoints = new Map<string, string>();
  for (const [group, routes] of PIECES) {
    for (const [name, route] of Object.entries(routes)) {
      const key = `${group}.${name}`;
      const endpoint = `${route.method} ${route.path}`;
      if (keys.has(key)) throw new Error(`route-table: two routes are keyed ${key}`);
      const other = endpoints.get(endpoint);
      if (other) throw new Error(`route-table: ${key} and ${other} are both ${endpoint}`);
      keys.add(key);
      endpoints.set(endpoint, key);
      table.push({ key, method: route.method, path: route.path, route });
    }
  }
  return table;
}

/** Every route of the HTTP API with its contract, keyed; in a stable order. */
export const ROUTE_TABLE: readonly TableRoute[] = gather();

const BY_ROUTE = new Map<ApiRoute, TableRoute>(ROUTE_TABLE.map((entry) => [entry.route, entry]));

/** The table's entry for a contract route object, if the table holds it. */
export function tableEntryOf(route: ApiRoute): TableRoute | undefined {
  return BY_ROUTE.get(route);
}

/** The OpenAPI operationId of a route's key: "products.pending.images" -> "productsPendingImages". */
export function operationIdOf(key: string): string {
  return key.replace(/\.(\w)/g, (_dot, letter: string) => letter.toUpperCase());
}

/** A route the server serves without a contract, and why it has none. */
export interface UncontractedRoute {
  method: HttpMethod;
  /** Fastify syntax; `*` is a wildcard (Fastify's). */
  path: string;
  why: string;
}

const PAYFAST_SANDBOX =
  "the built-in PayFast sandbox (demo mode, tests): PayFast's protocol, not the shop's API";
const SWAGGER_UI = "the OpenAPI document and its viewer (@fastify/swagger-ui), not an API call";

/**
 * The routes served without a contract. Under /api these are all there may be: the route-table
 * check refuses any other /api route that is not in ROUTE_TABLE. Outside /api they are listed for
 * the reader (the route-table test checks the list against the app); the web app's files and
 * pages are not routes of their own here (the not-found handler answers pages, web-app.ts).
 */
export const UNCONTRACTED_ROUTES: readonly UncontractedRoute[] = [
  {
    method: "GET",
    path: "/api/Order/GetOrderById",
    why: "orders.getById without its id: answers a validation problem naming id (docs/behaviour.md)",
  },
  {
    method: "GET",
    path: "/api/Order/GetOrderById/",
    why: "orders.getById with an empty id: answers a validation problem naming id (docs/behaviour.md)",
  },
  {
    method: "POST",
    path: "/api/Payments/PayFast/Notify",
    why: "PayFast's ITN: a form-encoded POST from PayFast, believed by its signature and PayFast's validate call (docs/payments.md)",
  },
  { method: "GET", path: "/api/docs", why: SWAGGER_UI },
  { method: "GET", path: "/api/docs/json", why: SWAGGER_UI },
  { method: "GET", path: "/api/docs/yaml", why: SWAGGER_UI },
  { method: "GET", path: "/api/docs/static/index.html", why: SWAGGER_UI },
  { method: "GET", path: "/api/docs/static/swagger-initializer.js", why: SWAGGER_UI },
  { method: "GET", path: "/api/docs/static/*", why: SWAGGER_UI },
  { method: "GET", path: "/metrics", why: "Prometheus metrics, for this machine or the metrics token" },
  { method: "GET", path: "/robots.txt", why: "for crawlers" },
  { method: "GET", path: "/sitemap.xml", why: "for crawlers" },
  { method: "GET", path: "/problems", why: "the problem types' documentation pages (HTML)" },
  { method: "GET", path: "/problems/:code", why: "the problem types' documentation pages (HTML)" },
  { method: "GET", path: "/images/products/:file", why: "image files, content-addressed" },
  { method: "GET", path: "/images/brands/:file", why: "image files (brand logos)" },
  {
    method: "GET",
    path: "/dev/mailbox",
    why: "demo mode only: the messages the shop sent, for this machine",
  },
  { method: "POST", path: "/dev/payfast/eng/process", why: PAYFAST_SANDBOX },
  { method: "POST", path: "/dev/payfast/eng/process/:id", why: PAYFAST_SANDBOX },
  { method: "POST", path: "/dev/payfast/eng/query/validate", why: PAYFAST_SANDBOX },
];

/** Whether a path is the HTTP API's: every route under /api is in ROUTE_TABLE or UNCONTRACTED_ROUTES. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}
