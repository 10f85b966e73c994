// The OpenAPI document the app serves can be built on by others' tools: Redocly's linter (the
// recommended rules and redocly.yaml) finds nothing in it; openapi-typescript generates types from
// it; and a client written against those types alone (test/openapi-client/calls.ts) type-checks,
// including the calls it must refuse. Its shape is checked too: every route of the route table with
// its operationId and security, named schemas, one parameter per query property, a modest size.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIdOf, ROUTE_TABLE } from "@trade-shop/contracts/route-table";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { OpenApiDocument } from "./openapi";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CLIENT = path.join(ROOT, "apps/server/test/openapi-client/calls.ts");

/** The pairs of paths Redocly's no-ambiguous-paths finds, which redocly.yaml explains (and turns off). */
const KNOWN_AMBIGUOUS = [
  "/api/Order/GetOrderById/{id} ~ /api/Order/{id}/Approve",
  "/api/Order/GetOrderById/{id} ~ /api/Order/{id}/Cancel",
  "/api/Order/GetOrderById/{id} ~ /api/Order/{id}/Lines",
  "/api/Order/GetOrderById/{id} ~ /api/Order/{id}/Reject",
  "/api/Order/Invoice/{id} ~ /api/Order/{id}/Approve",
  "/api/Order/Invoice/{id} ~ /api/Order/{id}/Cancel",
  "/api/Order/Invoice/{id} ~ /api/Order/{id}/Lines",
  "/api/Order/Invoice/{id} ~ /api/Order/{id}/Reject",
];

/** Redocly's no-ambiguous-paths: as many segments and parameters, each segment equal or a parameter. */
function ambiguousPairs(paths: string[]): string[] {
  const shape = (p: string) => p.split("/").map((segment) => /^\{.+\}$/.test(segment));
  const pairs: string[] = [];
  for (const [i, a] of paths.entries())
    for (const b of paths.slice(i + 1)) {
      const [sa, sb] = [a.split("/"), b.split("/")];
      const [va, vb] = [shape(a), shape(b)];
      if (sa.length !== sb.length || va.filter(Boolean).length !== vb.filter(Boolean).length) continue;
      if (sa.every((segment, k) => va[k] || vb[k] || segment === sb[k]))
        pairs.push([a, b].sort().join(" ~ "));
    }
  return pairs.sort();
}

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};

describe("the OpenAPI document", () => {
  let t: TestApp;
  let body: string;
  let doc: OpenApiDocument;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.request({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    body = res.body;
    doc = JSON.parse(body) as OpenApiDocument;
    dir = await mkdtemp(path.join(os.tmpdir(), "tradeshop-openapi-"));
    await writeFile(path.join(dir, "openapi.json"), body);
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path: p,
        method,
        operation: operation as Operation,
      })),
    );

  it("has every route of the route table, under its key's operationId, and nothing else", () => {
    const listed = operations().map(
      ({ path: p, method, operation }) => `${operation.operationId} ${method.toUpperCase()} ${p}`,
    );
    const table = ROUTE_TABLE.map(
      ({ key, method, path: p }) => `${operationIdOf(key)} ${method} ${p.replace(/:(\w+)/g, "{$1}")}`,
    );
    expect(listed.sort()).toEqual(table.sort());
  });

  it("names its schemas, declares its servers and security, and says what every operation needs", () => {
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(50);
    expect(doc.components.schemas).toHaveProperty("CreateOrderCommand");
    expect(doc.components.schemas).toHaveProperty("ProblemDetails");
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(
      ["backOfficeSignature", "backOfficeTimestamp", "bearer", "tenant", "xsrfCookie", "xsrfHeader"].sort(),
    );
    for (const { path: p, method, operation } of operations()) {
      const where = `${method} ${p}`;
      expect(operation.security, where).toBeDefined();
      const route = ROUTE_TABLE.find((r) => operationIdOf(r.key) === operation.operationId)!.route;
      const alternatives = operation.security!.map((s) => Object.keys(s).sort().join("+"));
      if (route.signed) expect(alternatives, where).toEqual(["backOfficeSignature+backOfficeTimestamp"]);
      else if (route.auth)
        expect(
          alternatives.every((a) => a.includes("bearer")),
          where,
        ).toBe(true);
      else expect(alternatives, where).toContain(method === "get" ? "" : "xsrfCookie+xsrfHeader");
      if (method !== "get" && !route.signed)
        expect(
          alternatives.every((a) => a.includes("xsrfCookie+xsrfHeader")),
          where,
        ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses))
        if (Number(status) >= 400)
          expect(Object.keys(response.content ?? {}), `${where} ${status}`).toEqual([
            "application/problem+json",
          ]);
    }
  });

  it("gives a query one parameter per property of its schema, with its type and whether it is required", () => {
    const page = doc.paths["/api/Product/ProductSearch"]!.get as Operation;
    const parameters = Object.fromEntries(page.parameters!.map((p) => [p.name, p]));
    expect(Object.keys(parameters)).toEqual(
      expect.arrayContaining(["category", "searchText", "pageNumber", "sort", "pageSize", "brand"]),
    );
    expect(parameters.sort).toMatchObject({
      in: "query",
      required: false,
      schema: { enum: expect.arrayContaining(["price"]) },
    });
    expect(parameters.pageNumber).toMatchObject({ in: "query", schema: { type: "integer", minimum: 1 } });
    const stream = doc.paths["/api/Realtime/Stream"]!.get as Operation;
    expect(stream.parameters!.find((p) => p.name === "ticket")).toMatchObject({
      in: "query",
      required: true,
    });
    // The cart add's Idempotency-Key (decision 159), as the server checks it.
    const add = doc.paths["/api/Cart/AdditemToCart"]!.post as Operation;
    expect(add.parameters!.find((p) => p.name === "Idempotency-Key")).toMatchObject({
      in: "header",
      required: false,
      schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{8,64}$" },
    });
    for (const { path: p, method, operation } of operations())
      for (const parameter of operation.parameters ?? []) {
        expect(["type", "additionalProperties", "properties"], `${method} ${p}`).not.toContain(
          parameter.name,
        );
        expect(typeof parameter.schema, `${method} ${p} ${parameter.name}`).toBe("object");
      }
  });

  it("stays a modest size, and has no ambiguous paths but the six redocly.yaml explains", () => {
    // 934 KB when every schema was inlined in every operation.
    expect(body.length).toBeLessThan(300_000);
    expect(ambiguousPairs(Object.keys(doc.paths))).toEqual(KNOWN_AMBIGUOUS);
  });

  it("passes Redocly's recommended rules with redocly.yaml: no error, no warning", async () => {
    const file = path.join(dir, "openapi.json");
    const cli = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
    const { stdout } = await run(
      process.execPath,
      [cli, "lint", file, "--config", path.join(ROOT, "redocly.yaml"), "--format", "json"],
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("gives openapi-typescript types that a client's calls type-check against", async () => {
    const types = astToString(await openapiTS(body));
    await writeFile(path.join(dir, "schema.d.ts"), types);
    const client = await readFile(CLIENT, "utf8");
    // The client is inert in the repository (its ./schema is not there): here it is checked.
    const checked = client
      .split("\n")
      .filter((line) => !line.startsWith("// @ts-nocheck") && !line.includes("ban-ts-comment"))
      .join("\n");
    expect(checked).not.toContain("@ts-nocheck");
    await writeFile(path.join(dir, "calls.ts"), checked);
    await writeFile(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2023",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          module: "ESNext",
          moduleResolution: "Bundler",
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          types: [],
        },
        files: ["calls.ts", "schema.d.ts"],
      }),
    );
    const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");
    const result = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")]).then(
      () => "",
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(result).toBe("");
  });
});
