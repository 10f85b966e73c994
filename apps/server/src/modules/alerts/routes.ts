// /api/Alerts: thin handlers over inbox.ts and preferences.ts, for the caller's own alerts and
// choices on the customer account they are using (a rep's: the account acted for).
import type { FastifyInstance } from "fastify";
import { alertRoutes as routes } from "@trade-shop/contracts/alerts";
import type { AppDeps } from "../../app-deps";
import { handle } from "../../http/route";
import { customerOfRequest } from "../accounts";
import { listAlerts, markAlertsRead } from "./inbox";
import { alertPreferences, setAlertPreferences, subscribePush, unsubscribePush } from "./preferences";

export function alertRoutes(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  const caller = async (request: Parameters<typeof customerOfRequest>[1]) => {
    const { customer, principal } = await customerOfRequest(db, request);
    return { customerId: customer.customerId, userId: principal.userId };
  };
  handle(app, routes.list, async (request) => {
    const { userId, customerId } = await caller(request);
    return listAlerts(db, userId, customerId);
  });
  handle(app, routes.markRead, async (request) => {
    const { userId, customerId } = await caller(request);
    return markAlertsRead(db, userId, customerId, request.body.ids);
  });
  handle(app, routes.getPreferences, async (request) => {
    const { userId, customerId } = await caller(request);
    return alertPreferences(db, config, userId, customerId);
  });
  handle(app, routes.setPreferences, async (request) => {
    const { userId, customerId } = await caller(request);
    return setAlertPreferences(db, config, userId, customerId, request.body.preferences);
  });
  handle(app, routes.subscribePush, async (request) => {
    const { userId, customerId } = await caller(request);
    return subscribePush(db, config, userId, customerId, request.body);
  });
  handle(app, routes.unsubscribePush, async (request) => {
    const { userId, customerId } = await caller(request);
    return unsubscribePush(db, config, userId, customerId, request.body.endpoint);
  });
}
