// /api/Payments: what the account can pay, starting a PayFast payment, a payment's state and its
// receipt, and the proofs of EFT payments (proofs.ts); plus PayFast's ITN, a form-encoded POST
// from PayFast itself (no login, no XSRF token: its signature and PayFast's validate call are its
// credentials, itn.ts), and the built-in sandbox at /dev/payfast where it is on (sandbox.ts).
import type { FastifyInstance } from "fastify";
import { paymentRoutes as routes } from "@trade-shop/contracts/payments";
import type { AppDeps } from "../../app-deps";
import { DomainError } from "../../core/domain-error";
import { handle } from "../../http/route";
import { sendPdf } from "../../http/send-pdf";
import { customerOfRequest } from "../accounts";
import { acceptItn } from "./itn";
import { parseForm } from "./payfast";
import { getPayment, paymentOf, paymentOptions, startPayment } from "./payments";
import { receiptPdf } from "./receipt-pdf";
import { registerPayFastSandbox } from "./sandbox";
import { proofRoutes } from "./proof-routes";

/** Where PayFast POSTs its notifications (the payment form's notify_url). */
export const ITN_PATH = "/api/Payments/PayFast/Notify";
const ITN_BODY_LIMIT = 16 * 1024;

export function paymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const {
    config,
    database: { db },
  } = deps;
  handle(app, routes.options, async (request) => {
    const { customer } = await customerOfRequest(db, request);
    return paymentOptions(db, config, customer);
  });
  handle(app, routes.start, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return startPayment(db, config, customer, principal.userId, request.body);
  });
  handle(app, routes.get, async (request) => {
    const { customer } = await customerOfRequest(db, request);
    return getPayment(db, customer, request.params.reference);
  });
  handle(app, routes.receipt, async (request, reply) => {
    const { customer } = await customerOfRequest(db, request);
    const payment = await paymentOf(db, customer, request.params.reference);
    if (payment.status !== "Paid" || !payment.paidAt) {
      throw new DomainError(
        "not_paid",
        `Payment ${payment.reference} is ${payment.status.toLowerCase()}: it has no receipt.`,
      );
    }
    const account = await db
      .selectFrom("customers")
      .select("name")
      .where("id", "=", customer.customerId)
      .executeTakeFirstOrThrow();
    const bytes = await receiptPdf({
      reference: payment.reference,
      amountCents: Number(payment.amountCents),
      method: payment.method,
      paidAt: payment.paidAt,
      accountId: customer.accountId,
      accountName: account.name,
      externalReference: payment.gatewayId,
      orderNumber: payment.orderNumber,
    });
    return sendPdf(reply, `receipt-${payment.reference}.pdf`, bytes);
  });
  proofRoutes(app, deps);

  const payfast = config.payfast;
  // PayFast's notification: its own scope, so only this route reads a form body.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: ITN_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(ITN_PATH, { config: { skipXsrf: true } }, async (request, reply) => {
      if (!payfast) throw new DomainError("payments_unavailable", "The shop takes no online payments.");
      const fields = parseForm(typeof request.body === "string" ? request.body : "");
      const outcome = await acceptItn(db, { ...config, payfast }, fields, {
        validateTimeoutMs: config.BACKOFFICE_TIMEOUT_MS,
      });
      request.log.info(
        { outcome, reference: fields.find(([k]) => k === "m_payment_id")?.[1] },
        "PayFast ITN",
      );
      return reply.code(200).type("text/plain").send("OK");
    });
  });
  if (payfast?.sandbox) registerPayFastSandbox(app, payfast);
}
