// Registers a handler for one entry of the contracts' route table: its schemas validate the
// request and shape the response, its auth and role rules run before the handler, and the
// OpenAPI document is generated from the same entry.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { ApiRoute } from "@trade-shop/contracts/api";
import { ProblemDetails } from "@trade-shop/contracts/common";
import { statusOf, type ProblemCode } from "@trade-shop/contracts/problems";
import { authorize } from "./auth";

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteRequest<R extends ApiRoute> extends FastifyRequest {
  body: Out<R["body"]>;
  params: Out<R["params"]>;
  query: Out<R["query"]>;
}

type Handler<R extends ApiRoute> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<R["response"] extends z.ZodType ? z.input<R["response"]> : unknown>;

/** Every problem code a route can answer with: those of its kind and its own (ApiRoute.problems). */
export function problemsOf(route: ApiRoute): ProblemCode[] {
  const codes = new Set<ProblemCode>(["validation"]);
  if (route.body) codes.add("unreadable_request");
  if (route.params) codes.add("uri_too_long");
  if (route.auth)
    for (const code of ["unauthenticated", "session_revoked", "tenant_forbidden"] as const) codes.add(code);
  if (route.auth && route.roles?.length) codes.add("forbidden");
  // A signed callback without a body, or with a missing, wrong or stale signature (ApiRoute.signed).
  if (route.signed) codes.add("unauthenticated");
  for (const code of route.problems ?? []) codes.add(code);
  // Every route that looks up the caller's customer honours a Rep's X-Acting-For (decision 127).
  if (codes.has("not_a_customer")) codes.add("account_not_assigned");
  if (route.usesDatabase !== false) codes.add("database_unavailable");
  codes.add("internal_error");
  return [...codes];
}

/** Problem-details response schemas by status, each described by the codes it can carry. */
function problemResponses(route: ApiRoute) {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of problemsOf(route))
    byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      ProblemDetails.describe(`Problem details; code: ${codes.join(", ")}`),
    ]),
  );
}

export function handle<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  options: { config?: RouteShorthandOptions["config"] } = {},
) {
  // A signed route is called by the back office, which holds no XSRF cookie (ApiRoute.signed).
  const config = route.signed ? { skipXsrf: true, ...options.config } : options.config;
  app.route({
    method: route.method,
    url: route.path,
    ...(config ? { config } : {}),
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.body ? { body: route.body } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.auth ? { security: [{ bearer: [] }] } : {}),
      response: {
        ...(route.response ? { 200: route.response } : {}),
        ...problemResponses(route),
      },
    },
    // Before the body is read and validated: an anonymous caller learns nothing of a private route's schema.
    onRequest: async (request) => authorize(request.principal, route),
    handler: (request, reply) => handler(request as RouteRequest<R>, reply),
  });
}
