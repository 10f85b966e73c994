// What every route of the HTTP API (docs/api.md) is made of, and what the web client needs to call one:
// the route's shape, the headers and cookie every request deals with, and its path filled in.
// Each domain's module holds its own routes (cartRoutes in cart.ts, …) and api.ts gathers them,
// so the web app downloads the schemas of a domain only with the pages that call it.
import type { z } from "zod";
import type { ProblemCode } from "./problems";
import type { RoleName } from "./common";

export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Fastify syntax: `:name` marks a path parameter. */
  path: string;
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The 2xx body; error bodies are always ProblemDetails. */
  response?: z.ZodType;
  /**
   * The 2xx body's media type when it is not JSON (a PDF, an event stream, a file as uploaded:
   * application/octet-stream stands for its own type); `response` is then absent.
   */
  produces?: "application/pdf" | "text/event-stream" | "application/octet-stream";
  /**
   * Called by the back office, not a browser: no login and no XSRF token, the raw body signed
   * with the shared secret instead (BACKOFFICE_SIGNATURE_HEADER and BACKOFFICE_TIMESTAMP_HEADER in
   * backoffice.ts); a missing or wrong signature is refused as unauthenticated.
   */
  signed?: true;
  /** Whether a valid bearer token is required. */
  auth: boolean;
  /** Any one of these roles passes; absent means any logged-in user (when `auth`). */
  roles?: readonly RoleName[];
  /**
   * The refusals particular to this route, beside those every route of its kind can give
   * (validation; for `auth` routes unauthenticated, session_revoked, tenant_forbidden, and
   * forbidden with `roles`; database_unavailable unless `usesDatabase` is false). The OpenAPI
   * document lists them under their statuses.
   */
  problems?: readonly ProblemCode[];
  /**
   * Takes an optional Idempotency-Key header (IDEMPOTENCY_KEY_HEADER, cart.ts): a repeat with the
   * same key changes nothing more and answers as the first did, so a balancer or a client may
   * send it again after a lost answer (decision 159).
   */
  idempotencyKey?: true;
  /** False for the one route that answers without the database (liveness); every other can answer database_unavailable. */
  usesDatabase?: false;
  summary: string;
  /** Groups the route in the OpenAPI document. */
  tag: string;
}

/** Names of the headers and cookie every request deals with (docs/api.md). */
export const TENANT_HEADER = "TenantId";
/** A Rep's customer account to shop as, by account number (decision 127). */
export const ACTING_FOR_HEADER = "X-Acting-For";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const XSRF_COOKIE = "XSRF-TOKEN";
/**
 * Set by the web app while the browser holds a login ("1"): the server then sends a page as the
 * layout around a loading page rather than rendered with a visitor's prices. A hint, never a
 * credential: the login itself is the token in the Authorization header (docs/decisions/0140).
 */
export const LOGIN_HINT_COOKIE = "tradeshop-login";

/** What the client sends as a route's body (before defaults are applied). */
export type RequestBody<R extends ApiRoute> = R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;

/** What the server answers on success (the parsed, defaulted form). */
export type ResponseBody<R extends ApiRoute> = R["response"] extends z.ZodType
  ? z.output<R["response"]>
  : undefined;

type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a route's `:name` segments. */
export type PathParams<P extends string> = Record<PathParamName<P>, string | number>;

type PathParamsArgs<P extends string> = string extends P
  ? [params?: Record<string, string | number>]
  : [PathParamName<P>] extends [never]
    ? []
    : [params: PathParams<P>];

/** Fills a route's `:name` segments, URL-encoding each value. */
export function buildPath<R extends ApiRoute>(route: R, ...[params]: PathParamsArgs<R["path"]>): string {
  const values: Record<string, string | number> = params ?? {};
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`The parameter '${name}' must be defined.`);
    }
    return encodeURIComponent(String(value));
  });
}
