// /api/Account statements and /api/Order/Invoice: thin handlers for the caller's customer
// account; the PDFs are sent as application/pdf with a file name to save them under.
import type { FastifyInstance, FastifyReply } from "fastify";
import { statementRoutes as routes } from "@trade-shop/contracts/statements";
import type { AppDeps } from "../../app-deps";
import { customerOfRequest } from "../../http/customer-of-request";
import { handle } from "../../http/route";
import { invoicePdf, loadInvoice } from "../orders/invoice-pdf";
import { statementAccountOf, statementOf } from "./account-statement";
import { emailStatement } from "./email-statement";
import { statementPdf } from "./statement-pdf";

function sendPdf(reply: FastifyReply, fileName: string, bytes: Uint8Array) {
  // Numbers come from the back office: anything a header cannot carry becomes "_".
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return reply
    .header("Content-Disposition", `attachment; filename="${safeName}"`)
    .header("Cache-Control", "no-store")
    .type("application/pdf")
    .send(Buffer.from(bytes));
}

export function statementRoutesOf(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  const customerOf = async (request: Parameters<typeof customerOfRequest>[1]) =>
    (await customerOfRequest(db, request)).customer;
  handle(app, routes.getStatement, async (request) =>
    statementOf(db, await customerOf(request), request.query.month),
  );
  handle(app, routes.statementPdf, async (request, reply) => {
    const customer = await customerOf(request);
    const statement = await statementOf(db, customer, request.query.month);
    const bytes = await statementPdf(statement, await statementAccountOf(db, customer.customerId));
    return sendPdf(reply, `statement-${statement.accountId}-${statement.month}.pdf`, bytes);
  });
  handle(app, routes.emailStatement, async (request) =>
    emailStatement(config, db, await customerOf(request), request.body.month),
  );
  handle(app, routes.invoicePdf, async (request, reply) => {
    const invoice = await loadInvoice(db, await customerOf(request), request.params.id);
    return sendPdf(reply, `tax-invoice-${invoice.head.invoiceNumber}.pdf`, await invoicePdf(invoice));
  });
}
