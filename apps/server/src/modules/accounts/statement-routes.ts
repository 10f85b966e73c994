// /api/Account statements: thin handlers for the caller's customer account; the PDF is sent as
// application/pdf with a file name to save it under. (The same contract's /api/Order/Invoice
// is the orders module's, orders/routes.ts.)
import type { FastifyInstance } from "fastify";
import { STATEMENT_PAGE, statementRoutes as routes } from "@trade-shop/contracts/statements";
import type { AppDeps } from "../../app-deps";
import { refuseViewer } from "./buyers";
import { customerOfRequest } from "./customer-of-request";
import { handle } from "../../http/route";
import { createRateLimits } from "../../http/limits";
import { ACCOUNT_MAIL_LIMITS, tooManyForAccountMail } from "./mail-limits";
import { sendPdf } from "../../http/send-pdf";
import { statementAccountOf, statementOf } from "./account-statement";
import { emailStatement } from "./email-statement";
import { statementPdf } from "./statement-pdf";

export function statementRoutesOf(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  const customerOf = async (request: Parameters<typeof customerOfRequest>[1]) =>
    (await customerOfRequest(db, request)).customer;
  handle(app, routes.getStatement, async (request) => {
    const { month, after, limit = STATEMENT_PAGE } = request.query;
    return statementOf(db, await customerOf(request), month, { after, limit });
  });
  handle(app, routes.statementPdf, async (request, reply) => {
    const customer = await customerOf(request);
    const statement = await statementOf(db, customer, request.query.month);
    const bytes = await statementPdf(
      statement,
      await statementAccountOf(db, customer.customerId),
      config.bank,
    );
    return sendPdf(reply, `statement-${statement.accountId}-${statement.month}.pdf`, bytes);
  });
  const limits = createRateLimits(app, config.AUTH_RATE_LIMIT_FACTOR, ACCOUNT_MAIL_LIMITS);
  handle(
    app,
    routes.emailStatement,
    async (request, reply) => {
      const { customer, principal } = await customerOfRequest(db, request);
      await refuseViewer(db, customer, principal.userId);
      await limits.perKey(
        "emailStatement",
        request,
        reply,
        String(customer.customerId),
        tooManyForAccountMail,
      );
      return emailStatement(config, db, customer, request.body.month);
    },
    { config: limits.perIp("emailStatement") },
  );
}
