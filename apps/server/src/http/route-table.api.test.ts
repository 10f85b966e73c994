// The real app serves exactly the route table (packages/contracts/src/route-table.ts): every
// /api route Fastify has is in ROUTE_TABLE or UNCONTRACTED_ROUTES and every one of them is served,
// and outside /api the app serves the uncontracted routes listed there and nothing else. The
// routes are read as Fastify registers them (an onRoute hook put on the app as it is created,
// through Fastify's fastify.initialization channel), so a route added anywhere is seen.
import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "@trade-shop/contracts/route-table";
import {
  checkRouteTable,
  collectRoutes,
  compareWithTable,
  routeTableMismatch,
  type ServedRoute,
} from "./route-table-check";
import { createTestApp, type TestApp } from "../../test/test-app";

/** Builds the test app with `install` run on the Fastify instance the moment it is created. */
async function buildWatched(install: (app: FastifyInstance) => void): Promise<TestApp> {
  const listener = (message: unknown) => install((message as { fastify: FastifyInstance }).fastify);
  diagnostics.subscribe("fastify.initialization", listener);
  try {
    return await createTestApp();
  } finally {
    diagnostics.unsubscribe("fastify.initialization", listener);
  }
}

describe("the route table is what the app serves", () => {
  let t: TestApp;
  let served: ServedRoute[] = [];

  beforeAll(async () => {
    t = await buildWatched((app) => {
      served = collectRoutes(app);
    });
  });
  afterAll(() => t?.close());

  it("serves every /api route of the table, and no /api route that is not in it", () => {
    expect(served.length).toBeGreaterThan(ROUTE_TABLE.length);
    expect(compareWithTable(served)).toEqual({ unlisted: [], unserved: [] });
    expect(routeTableMismatch(served)).toBeUndefined();
  });

  it("serves outside /api only the uncontracted routes the table lists (the web app is not built here)", () => {
    expect(compareWithTable(served, { everywhere: true })).toEqual({ unlisted: [], unserved: [] });
  });

  it("fails the comparison when the app serves an /api route the table leaves out, or leaves one out", () => {
    const page = ROUTE_TABLE.find((r) => r.key === "products.searchPage")!;
    const without = served.filter((r) => !(r.method === page.method && r.path === page.path));
    expect(compareWithTable(without).unserved).toEqual(["GET /api/Product/ProductSearch"]);
    const extra = [...served, { method: "POST", path: "/api/Cart/Secret" }];
    expect(compareWithTable(extra).unlisted).toEqual(["POST /api/Cart/Secret"]);
    expect(routeTableMismatch(extra)?.message).toContain("POST /api/Cart/Secret");
  });

  it("answers every route of the table as registered (none falls through to the not-found handler)", async () => {
    const unrouted: string[] = [];
    for (const { method, path } of ROUTE_TABLE) {
      const url = path.replace(/:(\w+)/g, "1");
      const res = await t.app.inject({ method, url, headers: { accept: "application/json" } });
      if (res.statusCode === 404 && /No resource at/.test(res.body)) unrouted.push(`${method} ${path}`);
    }
    expect(unrouted).toEqual([]);
  });
});

describe("checkRouteTable on the real app", () => {
  it("lets the app start: its routes are the table's", async () => {
    const t = await buildWatched(checkRouteTable);
    await t.close();
  });
});
