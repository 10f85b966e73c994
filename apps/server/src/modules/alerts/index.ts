// Alerts (issue 36, docs/rules.md "Alerts", decision 153): what the shop tells a customer's
// people of their orders' statuses, approvals to give or given, wished-for products back in
// stock and statements ready, in the shop and, as each chooses per kind, by e-mail, SMS and web
// push. Owns alerts, alert_preferences, push_subscriptions, app_settings "vapid", the outbox
// topics "alerts.event" and "alerts.push", and the triggers of db/migrations/0026-alerts.ts that
// record an "alerts.event" with every order status written and every wished-for product back
// in stock. Offers its routes, the topics' handlers for the outbox worker, and the month-end
// statement alerts for the worker's housekeeping (queueMonthStatementAlerts).
export { alertRoutes } from "./routes";
export { alertHandlers, type AlertHandlerOptions } from "./delivery";
export { queueMonthStatementAlerts } from "./statement-ready";
