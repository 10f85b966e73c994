// The OpenAPI document (served at /api/docs/json), built from the contracts' route table
// (packages/contracts/src/route-table.ts), not from what Fastify happens to have registered: the
// route-table check makes the two the same. For others' tools to build on it:
// - each exported contract schema is one named component (its export name, schema-names.ts),
//   referred to by $ref wherever it is used; where a schema reads differently as a request than
//   as an answer (defaults, coercions), the request's form is `<Name>Input`;
// - each operation has its route key as operationId ("cart.addItem" -> cartAddItem), its
//   security (bearer login, TenantId, the XSRF cookie/header pair, the back office's signature),
//   its path, query and header parameters one by one, and every answer other than a success as
//   an RFC 9457 problem (application/problem+json) under the statuses its codes have.
import { z } from "zod";
import { BACKOFFICE_SIGNATURE_HEADER, BACKOFFICE_TIMESTAMP_HEADER } from "@trade-shop/contracts/backoffice";
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from "@trade-shop/contracts/cart";
import { ProblemDetails } from "@trade-shop/contracts/common";
import {
  ACTING_FOR_HEADER,
  TENANT_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  type ApiRoute,
} from "@trade-shop/contracts/http";
import { statusOf, type ProblemCode } from "@trade-shop/contracts/problems";
import { operationIdOf, ROUTE_TABLE, type TableRoute } from "@trade-shop/contracts/route-table";
import { contractSchemaNames } from "@trade-shop/contracts/schema-names";
import { problemsOf } from "./route";

// 3.1: its schemas are JSON Schema 2020-12, which zod writes as it is (null as a type, a $ref beside
// a description or default); 3.0 could say neither without workarounds that linters refuse.
export const OPENAPI_VERSION = "3.1.0";

/** A JSON value of the document. */
type Json = Record<string, unknown>;
type Io = "input" | "output";

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; license: { name: string; url: string } };
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

export interface OpenApiOptions {
  info?: { title?: string; version?: string; description?: string };
  /** The shop's address (PUBLIC_URL); "/" (where the document is served from) when absent. */
  serverUrl?: string;
}

const COMPONENTS = "#/components/schemas/";
/** Stands for a component's name in a $ref until it is known which form (output or input) is meant. */
const PLACEHOLDER = "zod-component:";

export const SECURITY_SCHEMES = {
  bearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The token of POST /api/Users/Authenticate. Required by private routes; a public route reads it too when sent " +
      "(a customer's own prices), and refuses an invalid one.",
  },
  tenant: {
    type: "apiKey",
    in: "header",
    name: TENANT_HEADER,
    description:
      "With a bearer token: which of the login's tenants the request is for (the login's first when absent); " +
      "one the login does not hold is refused (403 tenant_forbidden). Without one, registration's first two steps " +
      "read it as a hint of the tenant.",
  },
  xsrfHeader: {
    type: "apiKey",
    in: "header",
    name: XSRF_HEADER,
    description: `Double-submit request-forgery check: every POST, PUT and DELETE echoes the ${XSRF_COOKIE} cookie's value here (403 xsrf_mismatch otherwise).`,
  },
  xsrfCookie: {
    type: "apiKey",
    in: "cookie",
    name: XSRF_COOKIE,
    description:
      "Set by the server on any answer to a client that has none (SameSite=Strict, readable by script).",
  },
  backOfficeSignature: {
    type: "apiKey",
    in: "header",
    name: BACKOFFICE_SIGNATURE_HEADER,
    description:
      `The back office's callbacks: sha256=<hex HMAC-SHA256 of "<${BACKOFFICE_TIMESTAMP_HEADER}>.<raw body>">, ` +
      "keyed with the shared secret (BACKOFFICE_SECRET). A missing, wrong or stale signature is 401 unauthenticated.",
  },
  backOfficeTimestamp: {
    type: "apiKey",
    in: "header",
    name: BACKOFFICE_TIMESTAMP_HEADER,
    description: "The signature's time, in Unix seconds; outside the callback window the request is refused.",
  },
} as const;

type Requirement = Partial<Record<keyof typeof SECURITY_SCHEMES, []>>;

/**
 * Any one of the requirements passes (OpenAPI's security). A private route needs the login; a
 * public one may be called with or without it; a signed callback needs only its signature. Every
 * POST, PUT and DELETE but the signed ones needs the XSRF pair besides.
 */
export function securityOf(route: ApiRoute): Requirement[] {
  if (route.signed) return [{ backOfficeSignature: [], backOfficeTimestamp: [] }];
  const xsrf: Requirement = route.method === "GET" ? {} : { xsrfHeader: [], xsrfCookie: [] };
  const login: Requirement[] = [
    { bearer: [], ...xsrf },
    { bearer: [], tenant: [], ...xsrf },
  ];
  return route.auth ? login : [xsrf, ...login];
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Identity keywords zod writes on a registered schema's root; a component is named by its key instead. */
const DROPPED = new Set(["$schema", "$id", "id"]);
const ONE_SCHEMA = new Set(["items", "additionalProperties", "not"]);
const SCHEMA_LIST = new Set(["allOf", "anyOf", "oneOf"]);

/** A generated schema without DROPPED keywords (only where they are keywords, never a property's name). */
function sanitize(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(sanitize);
  if (!schema || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (DROPPED.has(key)) continue;
    if (key === "properties" && value && typeof value === "object")
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, sanitize(child)]));
    else if (ONE_SCHEMA.has(key) || SCHEMA_LIST.has(key)) out[key] = sanitize(value);
    else out[key] = value;
  }
  return out;
}

/** Every `$ref` placeholder's component id in a generated schema. */
function refsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) refsOf(item, into);
  else if (schema && typeof schema === "object")
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(PLACEHOLDER))
        into.add(value.slice(PLACEHOLDER.length));
      else refsOf(value, into);
    }
  return into;
}

function rewriteRefs(schema: unknown, name: (id: string) => string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rewriteRefs(item, name));
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith(PLACEHOLDER)
        ? `${COMPONENTS}${name(value.slice(PLACEHOLDER.length))}`
        : rewriteRefs(value, name),
    ]),
  );
}

type Part = "body" | "params" | "query" | "response";
const IO_OF: Record<Part, Io> = { body: "input", params: "input", query: "input", response: "output" };

/**
 * The schemas of the routes, converted: each named contract schema a component (in the forms
 * the routes use it in), and each route part's schema with $refs to them. A route part whose
 * schema has no export name of its own is converted under a name made of its route's and kept
 * inline in its operation, unless a component refers to it.
 */
function convertSchemas(table: readonly TableRoute[]) {
  const names = contractSchemaNames();
  const registry = z.registry<{ id: string }>();
  const taken = new Set<string>();
  for (const [schema, name] of names) {
    registry.add(schema, { id: name });
    taken.add(name);
  }
  const generated = new Set<string>();
  const idOf = (schema: z.ZodType, fallback: string) => {
    const known = registry.get(schema)?.id;
    if (known) return known;
    if (taken.has(fallback)) throw new Error(`openapi: the name ${fallback} is taken by an exported schema`);
    registry.add(schema, { id: fallback });
    taken.add(fallback);
    generated.add(fallback);
    return fallback;
  };
  const parts = new Map<string, Partial<Record<Part, string>>>();
  for (const { key, route } of table) {
    const ids: Partial<Record<Part, string>> = {};
    for (const part of ["body", "params", "query", "response"] as const) {
      const schema = route[part];
      if (schema) ids[part] = idOf(schema, `${pascal(operationIdOf(key))}${pascal(part)}`);
    }
    parts.set(key, ids);
  }
  const problemId = idOf(ProblemDetails, "ProblemDetails");

  const convert = (io: Io) => {
    const { schemas } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      cycles: "ref",
      reused: "inline",
      uri: (id) => `${PLACEHOLDER}${id}`,
    });
    if ("__shared" in schemas) throw new Error("openapi: a schema without a name is recursive; export it");
    return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, sanitize(schema) as Json]));
  };
  const forms: Record<Io, Record<string, Json>> = { output: convert("output"), input: convert("input") };

  // Which ids each form needs, from the routes' parts down through the $refs.
  const needed: Record<Io, Set<string>> = { output: new Set([problemId]), input: new Set() };
  for (const ids of parts.values())
    for (const [part, id] of Object.entries(ids) as [Part, string][]) needed[IO_OF[part]].add(id);
  for (const io of ["output", "input"] as const) {
    const queue = [...needed[io]];
    while (queue.length) {
      for (const ref of refsOf(forms[io][queue.pop()!]))
        if (!needed[io].has(ref)) {
          needed[io].add(ref);
          queue.push(ref);
        }
    }
  }
  // A component is a schema some component or route part refers to, or a named schema that is a
  // request's or an answer's body. The rest are written where they are used: a route part's schema
  // without a name of its own, and a params or query object (whose properties become parameters).
  const referred: Record<Io, Set<string>> = { output: new Set(), input: new Set() };
  for (const io of ["output", "input"] as const)
    for (const id of needed[io]) refsOf(forms[io][id], referred[io]);
  const bodies: Record<Io, Set<string>> = { output: new Set([problemId]), input: new Set() };
  for (const ids of parts.values()) {
    if (ids.body) bodies.input.add(ids.body);
    if (ids.response) bodies.output.add(ids.response);
  }
  const isComponent = (io: Io, id: string) =>
    referred[io].has(id) || (bodies[io].has(id) && !generated.has(id));
  const emitted: Record<Io, string[]> = {
    output: [...needed.output].filter((id) => isComponent("output", id)).sort(),
    input: [...needed.input].filter((id) => isComponent("input", id)).sort(),
  };

  // A component in both forms that reads differently as a request than as an answer, itself or
  // through one it refers to, is written twice: the request's form is named <Name>Input.
  const inBoth = new Set(emitted.input.filter((id) => emitted.output.includes(id)));
  const differs = new Set(
    [...inBoth].filter((id) => JSON.stringify(forms.input[id]) !== JSON.stringify(forms.output[id])),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const id of inBoth)
      if (!differs.has(id) && [...refsOf(forms.input[id])].some((ref) => differs.has(ref))) {
        differs.add(id);
        grew = true;
      }
  }
  for (const id of differs)
    if (taken.has(`${id}Input`)) throw new Error(`openapi: ${id}Input is taken by an exported schema`);
  const nameIn: Record<Io, (id: string) => string> = {
    output: (id) => id,
    input: (id) => (differs.has(id) ? `${id}Input` : id),
  };

  const components: Record<string, Json> = {};
  for (const io of ["output", "input"] as const)
    for (const id of emitted[io]) components[nameIn[io](id)] = rewriteRefs(forms[io][id], nameIn[io]) as Json;

  /** A route part's schema: its component's $ref, or the schema itself when it is written inline. */
  const schemaOf = (key: string, part: Part): Json | undefined => {
    const id = parts.get(key)?.[part];
    if (!id) return undefined;
    const io = IO_OF[part];
    return isComponent(io, id)
      ? { $ref: `${COMPONENTS}${nameIn[io](id)}` }
      : (rewriteRefs(forms[io][id], nameIn[io]) as Json);
  };
  /** The schema of an object part (params, query) itself, with its properties, even when it is a component. */
  const objectOf = (key: string, part: "params" | "query"): Json | undefined => {
    const id = parts.get(key)?.[part];
    return id ? (rewriteRefs(forms.input[id], nameIn.input) as Json) : undefined;
  };
  return { components, schemaOf, objectOf, problemRef: { $ref: `${COMPONENTS}${problemId}` } };
}

type Schemas = ReturnType<typeof convertSchemas>;

/** One parameter per property of the route's params or query object (OpenAPI parameters cannot be a $ref'd object). */
function parametersOf(key: string, route: ApiRoute, schemas: Schemas): Json[] {
  const parameters: Json[] = [];
  for (const [part, where] of [
    ["params", "path"],
    ["query", "query"],
  ] as const) {
    const object = schemas.objectOf(key, part);
    if (!object) continue;
    if (object.type !== "object" || !object.properties)
      throw new Error(`openapi: ${key}'s ${part} is not an object with properties`);
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(object.properties as Record<string, Json>)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const declared = new Set(parameters.filter((p) => p.in === "path").map((p) => p.name));
  const undeclared = inPath.filter((name) => !declared.has(name));
  if (undeclared.length)
    throw new Error(`openapi: ${key} has no params schema for :${undeclared.join(", :")}`);
  // Every route that looks up the caller's customer honours a Rep's X-Acting-For (decision 127).
  if (problemsOf(route).includes("account_not_assigned"))
    parameters.push({
      name: ACTING_FOR_HEADER,
      in: "header",
      required: false,
      description:
        "A sales rep: the account number of the customer to act for (one assigned to the rep; 403 account_not_assigned otherwise).",
      schema: { type: "string", maxLength: 20 },
    });
  if (route.idempotencyKey)
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: "header",
      required: false,
      description:
        "A key of the client's own for this request: a repeat with the same key changes nothing more and answers as the first did.",
      schema: z.toJSONSchema(IdempotencyKey, { io: "input" }),
    });
  return parameters;
}

/**
 * The route's problems (route.ts's problemsOf) and the request-forgery check's, which every
 * command but a signed one can answer.
 */
function documentedProblems(route: ApiRoute): ProblemCode[] {
  const codes = problemsOf(route);
  return route.method !== "GET" && !route.signed ? [...codes, "xsrf_mismatch"] : codes;
}

function responsesOf(key: string, route: ApiRoute, schemas: Schemas): Record<string, Json> {
  const success: Json = { description: "OK" };
  const answer = schemas.schemaOf(key, "response");
  if (answer) success.content = { "application/json": { schema: answer } };
  else if (route.produces === "application/pdf")
    success.content = { "application/pdf": { schema: { type: "string", format: "binary" } } };
  else if (route.produces === "application/octet-stream")
    success.content = Object.fromEntries(
      ["application/pdf", "image/jpeg", "image/png", "image/webp"].map((type) => [
        type,
        { schema: { type: "string", format: "binary" } },
      ]),
    );
  else if (route.produces === "text/event-stream")
    success.content = {
      "text/event-stream": {
        schema: {
          type: "string",
          description: "Server-Sent Events; the events and their data: contracts/realtime.ts",
        },
      },
    };
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of documentedProblems(route))
    byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const problems = [...byStatus].sort(([a], [b]) => a - b);
  return {
    "200": success,
    ...Object.fromEntries(
      problems.map(([status, codes]) => [
        String(status),
        {
          description: `Problem details; code: ${codes.join(", ")}`,
          content: { "application/problem+json": { schema: schemas.problemRef } },
        },
      ]),
    ),
  };
}

function operationOf({ key, route }: TableRoute, schemas: Schemas): Json {
  const parameters = parametersOf(key, route, schemas);
  const body = schemas.schemaOf(key, "body");
  const roles = route.auth ? (route.roles ?? []) : [];
  const description =
    roles.length > 1
      ? `Roles: any one of ${roles.join(", ")}.`
      : roles.length
        ? `Role: ${roles[0]}.`
        : undefined;
  return {
    operationId: operationIdOf(key),
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: [route.tag],
    security: securityOf(route),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: !route.body!.safeParse(undefined).success,
            content: { "application/json": { schema: body } },
          },
        }
      : {}),
    responses: responsesOf(key, route, schemas),
  };
}

/** The document of the routes in `table` (the whole route table unless told otherwise). */
export function buildOpenApiDocument(options: OpenApiOptions = {}, table = ROUTE_TABLE): OpenApiDocument {
  const schemas = convertSchemas(table);
  const paths: OpenApiDocument["paths"] = {};
  for (const entry of table) {
    const path = entry.route.path.replace(/:(\w+)/g, "{$1}");
    (paths[path] ??= {})[entry.route.method.toLowerCase()] = operationOf(entry, schemas);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: options.info?.title ?? "Trade Shop API",
      version: options.info?.version ?? "1.0.0",
      description: options.info?.description ?? "The HTTP API of docs/api.md.",
      license: { name: "MIT", url: "https://opensource.org/license/mit" },
    },
    servers: [{ url: options.serverUrl ?? "/" }],
    paths,
    components: { schemas: schemas.components, securitySchemes: SECURITY_SCHEMES },
  };
}

let built: OpenApiDocument | undefined;

/**
 * @fastify/swagger's transformObject: the document built from the route table in place of the one
 * it generated route by route (whose info it keeps). Built once: the table does not change.
 */
export function documentFromRouteTable<T>(generated: T): T {
  const info = (generated as { info?: OpenApiOptions["info"] } | undefined)?.info;
  built ??= buildOpenApiDocument(info ? { info } : {});
  return structuredClone(built) as T;
}
