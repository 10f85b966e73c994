// /api/Reports: the account dashboard's charts, for the logged-in customer's own account.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { AppDeps } from "../../app-deps";
import { handle } from "../../http/route";
import { customerOfRequest } from "../accounts";
import { ordersByStatus, spendPerMonth, topProducts } from "./queries";

export function reportsRoutes(app: FastifyInstance, { database: { db } }: AppDeps) {
  const scopeOf = async (request: Parameters<typeof customerOfRequest>[1]) => {
    const { customer } = await customerOfRequest(db, request);
    return { tenantId: customer.tenantId, customerId: customer.customerId };
  };
  handle(app, api.reports.spendPerMonth, async (request) => spendPerMonth(db, await scopeOf(request)));
  handle(app, api.reports.topProducts, async (request) =>
    topProducts(db, await scopeOf(request), request.query.by, request.query.limit),
  );
  handle(app, api.reports.ordersByStatus, async (request) => ordersByStatus(db, await scopeOf(request)));
}
