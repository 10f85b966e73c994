// The HTTP API of docs/api.md by domain: the server registers its routes from the domains' tables
// and the web client calls through them, so a path, a payload or a role rule is written down
// exactly once. The one table of every route is ROUTE_TABLE (route-table.ts).
import type { ApiRoute } from "./http";
import { accountRoutes } from "./accounts";
import { backOfficeRoutes } from "./backoffice";
import { cartRoutes } from "./cart";
import { productRoutes } from "./catalogue";
import { healthRoutes } from "./health";
import { userRoutes } from "./identity";
import { orderRoutes } from "./orders";
import { realtimeRoutes } from "./realtime";
import { reportRoutes } from "./reports";
import { wishlistRoutes } from "./wishlist";

export * from "./http";

/**
 * The first ten domains' routes by domain, as the server's modules name them (`api.cart.addItem`).
 * Every route the server serves, these and the other domains', is in ROUTE_TABLE
 * (route-table.ts). The web app imports each domain's table from its own module (and http.ts),
 * so a page's download holds only the schemas of the routes it calls.
 */
export const api = {
  cart: cartRoutes,
  wishlist: wishlistRoutes,
  orders: orderRoutes,
  products: productRoutes,
  users: { ...userRoutes, ...accountRoutes },
  backOffice: backOfficeRoutes,
  reports: reportRoutes,
  realtime: realtimeRoutes,
  health: healthRoutes,
} as const satisfies Record<string, Record<string, ApiRoute>>;
