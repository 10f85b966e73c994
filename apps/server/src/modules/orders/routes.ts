// /api/Order: place an order, the account's order history, one order, change or cancel it; the owner's approval of
// an order over a buyer's limit; an invoiced order's tax invoice. Customers see their own
// account's orders only; another account's order is a 404, never a 403 (docs/api.md).
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import { buyerRoutes } from "@trade-shop/contracts/buyers";
import { statementRoutes } from "@trade-shop/contracts/statements";
import type { AppDeps } from "../../app-deps";
import { authorize } from "../../http/auth";
import { hasAnyRole } from "../../core/principal";
import { DomainError, notFound } from "../../core/domain-error";
import { handle } from "../../http/route";
import { sendPdf } from "../../http/send-pdf";
import { customerOfRequest } from "../accounts";
import { canSend } from "../messaging";
import { approveOrder, awaitingApprovals, rejectOrder } from "./approvals";
import { cancelOrder } from "./cancel";
import { changeOrderLines } from "./change";
import { accountDelivery, deliveryPromise, deliveryTerms, holidayCalendar, promiseAnswer } from "./delivery";
import { invoicePdf, loadInvoice } from "./invoice-pdf";
import { placeOrder } from "./place-order";
import { findOrder, orderHistory } from "./queries";

const STAFF_ROLES = ["Staff", "Admin"];
const ID_REQUIRED = "The parameter 'id' must be defined.";

export function orderRoutes(
  app: FastifyInstance,
  { config, database: { db }, clock = () => new Date() }: AppDeps,
) {
  const isHoliday = holidayCalendar(config.PUBLIC_HOLIDAYS);
  handle(app, api.orders.create, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return placeOrder(
      db,
      {
        customer,
        userId: principal.userId,
        username: principal.username,
        mayOverrideCredit: hasAnyRole(principal.roles, STAFF_ROLES),
        approvalHoldHours: config.APPROVAL_HOLD_HOURS,
        paymentsOnline: config.payfast !== undefined,
        paymentHoldHours: config.PAYMENT_HOLD_HOURS,
        publicUrl: config.publicUrl,
        confirmByEmail: canSend(config, "email"),
        isHoliday,
        now: clock(),
      },
      request.body,
    );
  });
  handle(app, api.orders.cancel, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return cancelOrder(db, customer, principal.userId, request.params.id, request.body.reason ?? undefined);
  });
  handle(app, api.orders.changeLines, async (request) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return changeOrderLines(
      db,
      {
        customer,
        userId: principal.userId,
        approvalHoldHours: config.APPROVAL_HOLD_HOURS,
        publicUrl: config.publicUrl,
      },
      request.params.id,
      request.body,
    );
  });
  handle(app, api.orders.deliveryPromise, async (request) => {
    const { customer } = await customerOfRequest(db, request);
    const { homeDelivery } = request.query;
    const terms = deliveryTerms(
      await accountDelivery(db, customer.customerId),
      homeDelivery === undefined ? undefined : homeDelivery === "true",
    );
    return promiseAnswer(deliveryPromise(clock(), terms, isHoliday));
  });
  handle(app, api.orders.history, async (request) => {
    const { customer } = await customerOfRequest(db, request);
    return orderHistory(db, { tenantId: customer.tenantId, customerId: customer.customerId }, request.query);
  });
  handle(app, api.orders.getById, async (request) => {
    const { customer } = await customerOfRequest(db, request);
    const order = await findOrder(
      db,
      { tenantId: customer.tenantId, customerId: customer.customerId },
      { id: request.params.id },
    );
    if (!order) throw notFound(`There is no order ${request.params.id} on your account.`);
    return order;
  });
  // docs/behaviour.md: asking for an order without an id fails with a message that names the parameter.
  for (const url of ["/api/Order/GetOrderById", "/api/Order/GetOrderById/"]) {
    // A visitor is told to log in first, as on the route with an id.
    app.get(
      url,
      {
        schema: { hide: true },
        onRequest: async (request) => authorize(request.principal, api.orders.getById),
      },
      async () => {
        throw new DomainError("validation", ID_REQUIRED, { errors: { id: [ID_REQUIRED] } });
      },
    );
  }
}

/**
 * /api/Order approvals (decision 128): the account's owner approves or rejects an order over a
 * buyer's limit.
 */
export function approvalRoutes(
  app: FastifyInstance,
  { config, database: { db }, clock = () => new Date() }: AppDeps,
) {
  const caller = async (request: Parameters<typeof customerOfRequest>[1]) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return { customer, userId: principal.userId };
  };
  handle(app, buyerRoutes.approvals, async (request) => {
    const { customer, userId } = await caller(request);
    return awaitingApprovals(db, customer, userId);
  });
  handle(app, buyerRoutes.approve, async (request) => {
    const { customer, userId } = await caller(request);
    return approveOrder(db, config, customer, userId, request.params.id, clock());
  });
  handle(app, buyerRoutes.reject, async (request) => {
    const { customer, userId } = await caller(request);
    return rejectOrder(db, config, customer, userId, request.params.id, request.body.reason ?? undefined);
  });
}

/** /api/Order/Invoice: an invoiced order's tax invoice, as a PDF. */
export function invoiceRoutes(app: FastifyInstance, { database: { db } }: AppDeps) {
  handle(app, statementRoutes.invoicePdf, async (request, reply) => {
    const { customer } = await customerOfRequest(db, request);
    const invoice = await loadInvoice(db, customer, request.params.id);
    return sendPdf(reply, `tax-invoice-${invoice.head.invoiceNumber}.pdf`, await invoicePdf(invoice));
  });
}
