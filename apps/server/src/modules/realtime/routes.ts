// /api/Realtime: a single-use ticket for the logged-in user, and the Server-Sent Events stream
// it opens (stream.ts). The hub listens from the moment the app is ready and lets go of every
// stream before the server closes, so shutting down does not wait for browsers to leave.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { DomainError } from "../../core/domain-error";
import { handle, type RouteRequest } from "../../http/route";
import { accountOfUser } from "../accounts";
import { SESSION_ENDED, sessionFacts } from "../identity";
import { createRealtimeHub } from "./hub";
import { runStream } from "./stream";
import { issueTicket, redeemTicket } from "./tickets";

function bearerOf(request: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1]) throw new DomainError("unauthenticated", "Please log in to continue.");
  return match[1];
}

export function realtimeRoutes(app: FastifyInstance, { config, database, tokens, metrics }: AppDeps) {
  const db = database.db;
  const hub = createRealtimeHub(database, app.log, { readSlackMs: config.REALTIME_READ_SLACK_MS });
  metrics.streamsOpen(hub.openStreams);
  app.addHook("onReady", () => hub.start());
  // Before the HTTP server closes (which waits for open streams) and before any onClose hook
  // may close the database under the change feed.
  app.addHook("preClose", async () => {
    hub.closeStreams();
    await hub.stop();
  });

  handle(app, api.realtime.ticket, async (request) => {
    const principal = principalOf(request);
    // The ticket's stream ends when the login does.
    const { exp } = await tokens.verify(bearerOf(request));
    return issueTicket(db, {
      userId: principal.userId,
      tenantId: principal.tenantId,
      sessionExpiresAt: new Date(exp * 1000),
      tokenVersion: principal.tokenVersion,
    });
  });

  const stream = api.realtime.stream;
  app.route({
    method: stream.method,
    url: stream.path,
    schema: {
      summary: stream.summary,
      tags: [stream.tag],
      querystring: stream.query,
      produces: ["text/event-stream"],
    },
    handler: async (request, reply) => {
      const arrived = Date.now();
      const { query } = request as RouteRequest<typeof stream>;
      // The client's reads were asked for readAgeMs before this request was sent: moved earlier
      // by the slack for the two trips' difference and the clocks' (decision 139).
      const readsSince =
        query.readAgeMs === undefined ? undefined : arrived - query.readAgeMs - config.REALTIME_READ_SLACK_MS;
      const grant = await redeemTicket(db, query.ticket);
      if (!grant)
        throw new DomainError(
          "unauthenticated",
          "This stream ticket is unknown, used or expired. Ask for a new one.",
        );
      const facts = await sessionFacts(db, grant.userId);
      if (!facts?.isActive)
        throw new DomainError(
          "session_revoked",
          "This account is disabled. Contact your sales representative.",
        );
      if (facts.tokenVersion !== grant.tokenVersion) throw new DomainError("session_revoked", SESSION_ENDED);
      if (!facts.tenants.includes(grant.tenantId))
        throw new DomainError("tenant_forbidden", "You do not have access to this tenant.");
      const customer = await accountOfUser(db, { userId: grant.userId, tenantId: grant.tenantId });
      reply.hijack();
      await runStream(reply.raw, {
        db,
        hub,
        grant,
        customer,
        heartbeatMs: config.REALTIME_HEARTBEAT_MS,
        roles: facts.roles,
        readsSince,
        log: request.log,
      });
    },
  });
}
