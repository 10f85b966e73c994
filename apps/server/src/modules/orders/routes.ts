// /api/Order: place an order, the account's order history, one order. Customers see their
// own account's orders only; another account's order is a 404, never a 403 (docs/api.md).
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { authorize } from "../../http/auth";
import { hasAnyRole } from "../../shared/principal";
import { DomainError, notFound } from "../../shared/domain-error";
import { handle } from "../../http/route";
import { customerOfRequest } from "../../http/customer-of-request";
import { canSend } from "../messaging/outgoing";
import { placeOrder } from "./place-order";
import { findOrder, orderHistory } from "./queries";

const STAFF_ROLES = ["Staff", "Admin"];
const ID_REQUIRED = "The parameter 'id' must be defined.";

export function orderRoutes(app: FastifyInstance, { config, database: { db } }: AppDeps) {
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
        publicUrl: config.publicUrl,
        confirmByEmail: canSend(config, "email"),
      },
      request.body,
    );
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
