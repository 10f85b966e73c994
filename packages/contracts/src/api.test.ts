import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { api, buildPath } from "./api";
import type { ApiRoute, RequestBody, ResponseBody } from "./api";
import type { Cart } from "./cart";

const routes: ApiRoute[] = Object.values(api).flatMap((group) => Object.values(group));

describe("api route table", () => {
  it("puts every path under /api/", () => {
    for (const route of routes) {
      expect(route.path).toMatch(/^\/api\//);
    }
  });

  it("has no two routes with the same method and path", () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("declares a params schema exactly for the paths that have parameters", () => {
    for (const route of routes) {
      expect(route.path.includes(":"), route.path).toBe(route.params !== undefined);
    }
  });

  it("gives a role list only to routes that need a login", () => {
    for (const route of routes) {
      if (route.roles) expect(route.auth, route.path).toBe(true);
    }
  });

  it("can render every schema as JSON Schema for the OpenAPI document", () => {
    for (const route of routes) {
      for (const schema of [route.body, route.params, route.query]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: "input" }), route.path).not.toThrow();
      }
      if (route.response) expect(() => z.toJSONSchema(route.response!), route.path).not.toThrow();
    }
  });

  it("keeps each route's payload types", () => {
    expectTypeOf<RequestBody<typeof api.cart.addItem>>().toHaveProperty("skuCode");
    expectTypeOf<ResponseBody<typeof api.cart.getUserCart>>().toEqualTypeOf<Cart>();
    expectTypeOf<RequestBody<typeof api.cart.getUserCart>>().toEqualTypeOf<undefined>();
    expectTypeOf(api.orders.getById.path).toEqualTypeOf<"/api/Order/GetOrderById/:id">();
  });
});

describe("buildPath", () => {
  it("fills and URL-encodes path parameters", () => {
    expect(buildPath(api.orders.getById, { id: 42 })).toBe("/api/Order/GetOrderById/42");
    expect(buildPath(api.users.roles, { userId: "a/b c" })).toBe("/api/Users/a%2Fb%20c/Roles");
  });

  it("leaves paths without parameters as they are", () => {
    expect(buildPath(api.cart.getUserCart)).toBe("/api/Cart/GetUserCart");
  });

  it("refuses to build a path with a parameter missing", () => {
    const loose: ApiRoute = api.users.enable;
    expect(() => buildPath(loose, {})).toThrow("The parameter 'id' must be defined.");
  });
});
