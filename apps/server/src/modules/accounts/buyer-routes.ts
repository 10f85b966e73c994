// /api/Account buyers and invitations: thin handlers for the caller's customer account
// (decision 128). The two invitation routes answer visitors: the link's token is the proof.
// (The same contract's /api/Order approvals are the orders module's, orders/routes.ts.)
import type { FastifyInstance } from "fastify";
import { buyerRoutes as routes } from "@trade-shop/contracts/buyers";
import type { AppDeps } from "../../app-deps";
import { customerOfRequest } from "./customer-of-request";
import { handle } from "../../http/route";
import { createRateLimits } from "../../http/limits";
import { ACCOUNT_MAIL_LIMITS, tooManyForAccountMail } from "./mail-limits";
import {
  acceptInvitation,
  accountPeople,
  invitationDetails,
  inviteBuyer,
  membership,
  removeBuyer,
  requireOwner,
  revokeInvitation,
  updateBuyer,
} from "./buyers";

export function buyerRoutesOf(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  const caller = async (request: Parameters<typeof customerOfRequest>[1]) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return { customer, userId: principal.userId };
  };
  handle(app, routes.membership, async (request) => {
    const { customer, userId } = await caller(request);
    return membership(db, customer, userId);
  });
  handle(app, routes.people, async (request) => {
    const { customer, userId } = await caller(request);
    return accountPeople(db, customer, userId);
  });
  const limits = createRateLimits(app, config.AUTH_RATE_LIMIT_FACTOR, ACCOUNT_MAIL_LIMITS);
  handle(
    app,
    routes.invite,
    async (request, reply) => {
      const { customer, userId } = await caller(request);
      // Counted once the caller is known to be the owner: nobody else can spend the account's mail.
      await requireOwner(db, customer, userId);
      await limits.perKey("invite", request, reply, String(customer.customerId), tooManyForAccountMail);
      return inviteBuyer(db, config, customer, userId, request.body);
    },
    { config: limits.perIp("invite") },
  );
  handle(app, routes.update, async (request) => {
    const { customer, userId } = await caller(request);
    return updateBuyer(db, customer, userId, request.params.userId, request.body);
  });
  handle(app, routes.remove, async (request) => {
    const { customer, userId } = await caller(request);
    return removeBuyer(db, customer, userId, request.params.userId);
  });
  handle(app, routes.revokeInvitation, async (request) => {
    const { customer, userId } = await caller(request);
    return revokeInvitation(db, customer, userId, request.params.id);
  });
  handle(app, routes.invitation, async (request) => invitationDetails(db, request.query.token));
  handle(app, routes.acceptInvitation, async (request) => acceptInvitation(db, request.body));
}
