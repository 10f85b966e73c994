// The route-table check on a small Fastify app that serves the table's routes with stand-in
// handlers: it starts when the /api routes are the table's, and refuses to when one is added
// outside the table or one of the table's is left out. The real app is checked in
// route-table.api.test.ts.
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { isApiPath, ROUTE_TABLE } from "@trade-shop/contracts/route-table";
import { checkRouteTable, TABLE_ENDPOINTS, type ServedRoute } from "./route-table-check";

const ok = async () => ({ ok: true });
const API_ENDPOINTS = TABLE_ENDPOINTS.filter((route) => isApiPath(route.path));

/** A small app with the check installed first, serving `routes` (and what a real app has beside them). */
async function appServing(routes: readonly ServedRoute[], more?: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  checkRouteTable(app);
  // Routes outside /api are not the check's business.
  app.get("/robots.txt", ok);
  app.get("/some/page", ok);
  // Routes registered in a plugin (an encapsulated context, with a prefix) are seen too.
  await app.register(
    async (scope) => {
      for (const { method, path } of routes)
        scope.route({ method, url: path.slice("/api".length), handler: ok });
      more?.(scope);
    },
    { prefix: "/api" },
  );
  return app;
}

const ready = async (app: FastifyInstance) => {
  try {
    await app.ready();
    return "started";
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close();
  }
};

describe("checkRouteTable", () => {
  it("lets an app start that serves exactly the table's /api routes (with their HEAD twins)", async () => {
    expect(await ready(await appServing(API_ENDPOINTS))).toBe("started");
  });

  it("refuses to start when an /api route is served that the table does not list, naming it", async () => {
    const message = await ready(
      await appServing(API_ENDPOINTS, (scope) => {
        scope.post("/Cart/Secret", ok);
        scope.route({ method: ["GET", "DELETE"], url: "/Cart/Other", handler: ok });
      }),
    );
    expect(message).toContain("Served but not in the table");
    expect(message).toContain("POST /api/Cart/Secret");
    expect(message).toContain("GET /api/Cart/Other");
    expect(message).toContain("DELETE /api/Cart/Other");
    expect(message).not.toContain("In the table but not served");
  });

  it("refuses to start when a route of the table is not served, naming it", async () => {
    const left = ROUTE_TABLE.find((r) => r.key === "products.searchPage")!;
    const message = await ready(
      await appServing(API_ENDPOINTS.filter((r) => r.path !== left.path || r.method !== left.method)),
    );
    expect(message).toContain("In the table but not served");
    expect(message).toContain(`GET /api/Product/ProductSearch`);
    expect(message).not.toContain("Served but not in the table");
  });

  it("tells apart a route served with another method than the table's", async () => {
    const message = await ready(
      await appServing(
        API_ENDPOINTS.map((r) => (r.path === "/api/Cart/ClearUserCart" ? { ...r, method: "DELETE" } : r)),
      ),
    );
    expect(message).toContain("DELETE /api/Cart/ClearUserCart");
    expect(message).toContain("POST /api/Cart/ClearUserCart");
  });
});
