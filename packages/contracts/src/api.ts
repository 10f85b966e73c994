// The HTTP API of docs/api.md as one table: the server registers its routes from it and the web
// client calls through it, so a path, a payload or a role rule is written down exactly once.
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
 * Every route by domain. The server registers them all; the web app imports each domain's table
 * from its own module (and http.ts), so a page's download holds only the schemas of the routes it calls.
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
