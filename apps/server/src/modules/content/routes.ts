// Content endpoints: the contact form's POST /api/Users/UserEnquiry (docs/api.md). Open to
// visitors and logged-in users alike; a logged-in sender is named in the e-mail.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { handle } from "../../http/route";
import { createRateLimits } from "../../http/limits";
import { ENQUIRY_RATE_LIMITS, tooManyFromSender } from "./enquiry-limits";
import { receiveEnquiry } from "./enquiries";

export function contentRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const limits = createRateLimits(app, config.AUTH_RATE_LIMIT_FACTOR, ENQUIRY_RATE_LIMITS);

  handle(
    app,
    api.users.enquiry,
    async (request, reply) => {
      await limits.perKey("enquiry", request, reply, request.body.email, tooManyFromSender);
      const principal = request.principal;
      const sender = principal ? { username: principal.username, tenantId: principal.tenantId } : undefined;
      const { envelope, enquiryId } = await receiveEnquiry(database.db, config, request.body, sender);
      if (enquiryId === null) request.log.info("contact form honeypot filled in; enquiry dropped");
      else request.log.info({ enquiryId }, "enquiry received");
      return envelope;
    },
    { config: limits.perIp("enquiry") },
  );
}
