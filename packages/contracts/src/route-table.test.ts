import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApiRoute } from "./http";
import {
  isApiPath,
  operationIdOf,
  ROUTE_TABLE,
  ROUTE_TABLE_PIECES,
  tableEntryOf,
  UNCONTRACTED_ROUTES,
} from "./route-table";
import { SCHEMA_MODULES } from "./schema-names";

const SOURCE = fileURLToPath(new URL(".", import.meta.url));
const MODULE_FILES = readdirSync(SOURCE).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

/** Every module of the contracts, by file name. */
async function modules(): Promise<[string, Record<string, unknown>][]> {
  return Promise.all(
    MODULE_FILES.map(
      async (file) =>
        [file, (await import(`./${file}`)) as Record<string, unknown>] as [string, Record<string, unknown>],
    ),
  );
}

const isRoute = (value: unknown): value is ApiRoute =>
  !!value &&
  typeof value === "object" &&
  typeof (value as ApiRoute).method === "string" &&
  typeof (value as ApiRoute).path === "string" &&
  typeof (value as ApiRoute).summary === "string";

const routes = ROUTE_TABLE.map((entry) => entry.route);

describe("the route table", () => {
  it("gathers every domain's route table the contracts export, and every route in them", async () => {
    const tables: string[] = [];
    const missing: string[] = [];
    for (const [file, exports] of await modules()) {
      for (const [name, value] of Object.entries(exports)) {
        if (!value || typeof value !== "object" || Array.isArray(value)) continue;
        const entries = Object.entries(value);
        if (!entries.length || !entries.every(([, route]) => isRoute(route))) continue;
        tables.push(`${file}:${name}`);
        if (!ROUTE_TABLE_PIECES.includes(value as Record<string, ApiRoute>)) missing.push(`${file}:${name}`);
        for (const [routeName, route] of entries)
          if (!tableEntryOf(route as ApiRoute)) missing.push(`${file}:${name}.${routeName}`);
      }
    }
    expect(missing, "route tables (or routes) left out of ROUTE_TABLE").toEqual([]);
    // api.ts's `api` gathers ten of them; the other nine are gathered only here.
    expect(tables.length).toBeGreaterThanOrEqual(ROUTE_TABLE_PIECES.length);
  });

  it("keys each route once, and gives each a distinct method and path", () => {
    const keys = ROUTE_TABLE.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.map(operationIdOf)).size).toBe(keys.length);
    const endpoints = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    expect(new Set(endpoints).size).toBe(endpoints.length);
    for (const entry of ROUTE_TABLE) {
      expect(entry.method).toBe(entry.route.method);
      expect(entry.path).toBe(entry.route.path);
    }
  });

  it("holds the /products page's GET search", () => {
    expect(ROUTE_TABLE.find((r) => r.key === "products.searchPage")).toMatchObject({
      method: "GET",
      path: "/api/Product/ProductSearch",
    });
  });

  it("puts every route under /api/, with params exactly for the paths that have parameters", () => {
    for (const route of routes) {
      expect(isApiPath(route.path), route.path).toBe(true);
      expect(route.path.includes(":"), route.path).toBe(route.params !== undefined);
    }
  });

  it("gives roles only to routes that need a login, a signature only to public ones, and one kind of answer", () => {
    for (const route of routes) {
      if (route.roles) expect(route.auth, route.path).toBe(true);
      if (route.signed) expect(route.auth, route.path).toBe(false);
      expect(route.response !== undefined && route.produces !== undefined, route.path).toBe(false);
    }
  });

  it("gives params and query as objects, whose properties become the OpenAPI document's parameters", () => {
    for (const route of routes)
      for (const schema of [route.params, route.query])
        if (schema) {
          const json = z.toJSONSchema(schema, { io: "input" });
          expect(json.type, route.path).toBe("object");
          expect(Object.keys(json.properties ?? {}).length, route.path).toBeGreaterThan(0);
        }
  });

  it("lists routes without a contract each with the reason, none of them a contract route's", () => {
    const contracted = new Set(ROUTE_TABLE.map((r) => `${r.method} ${r.path}`));
    for (const route of UNCONTRACTED_ROUTES) {
      expect(route.why.length, route.path).toBeGreaterThan(5);
      expect(contracted.has(`${route.method} ${route.path}`), route.path).toBe(false);
    }
  });
});

describe("the schema names", () => {
  it("read every module that exports a zod schema", async () => {
    const unread: string[] = [];
    for (const [file, exports] of await modules()) {
      const name = file.replace(/\.ts$/, "");
      if (Object.values(exports).some((value) => value instanceof z.ZodType) && !(name in SCHEMA_MODULES))
        unread.push(file);
    }
    expect(unread, "modules to add to SCHEMA_MODULES (schema-names.ts)").toEqual([]);
  });
});
