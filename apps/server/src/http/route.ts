// Registers a handler for one entry of the contracts' route table: its schemas validate the
// request and shape the response, its auth and role rules run before the handler, and the
// OpenAPI document is generated from the same entry.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { ApiRoute } from "@trade-shop/contracts/api";
import { ProblemDetails } from "@trade-shop/contracts/common";
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

export function handle<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  options: { config?: RouteShorthandOptions["config"] } = {},
) {
  const errorStatuses = route.auth ? [400, 401, 403, 404, 409] : [400, 404, 409];
  app.route({
    method: route.method,
    url: route.path,
    ...(options.config ? { config: options.config } : {}),
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.body ? { body: route.body } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.auth ? { security: [{ bearer: [] }] } : {}),
      response: {
        ...(route.response ? { 200: route.response } : {}),
        ...Object.fromEntries(errorStatuses.map((s) => [s, ProblemDetails])),
      },
    },
    // Before the body is read and validated: an anonymous caller learns nothing of a private route's schema.
    onRequest: async (request) => authorize(request.principal, route),
    handler: (request, reply) => handler(request as RouteRequest<R>, reply),
  });
}
