// The back office: where a placed order goes to become a sales order, and where its status
// comes back from (the built-in simulator, or an HTTP back office and its signed callbacks).
// Owns the outbox topic "backoffice.order" (BACKOFFICE_TOPIC), backoffice_sales_orders,
// backoffice_callback_events, the account documents it sends, and every back-office status
// change of an order (status.ts). Offers handOff (queue an order in the caller's transaction; handOffToQueue, its message),
// the topic's handler for the outbox worker, and the simulator's clock (docs/architecture.md).
// Real-time: a status change writes orders.current_pastel_status, which the orders trigger
// orders_status_shop_events tells the browsers (see modules/orders/index.ts).
export { backOfficeRoutes } from "./routes";
export { BACKOFFICE_TOPIC, handOff, handOffToQueue } from "./hand-offs";
export { backOfficeHandlers } from "./adapter";
export type { ReadOrder } from "./back-office";
export { createBackOfficeSimulator, type BackOfficeSimulator } from "./simulator";
export { STATUS_FLOW, releaseOrderStock } from "./status";
export { requestCancellation, reportPayment } from "./hand-offs";
/** A customer account the shop opened, for the back office (topic "backoffice.account"). */
export { ACCOUNT_TOPIC, reportAccount } from "./hand-offs";
export type { BackOfficeAccount } from "./back-office";
/** Signs a body as the back office does: for tests and drills that play the back office. */
export { signBody } from "./signature";
