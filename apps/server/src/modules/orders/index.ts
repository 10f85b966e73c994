// Orders: placing an order from the cart (place-order.ts), the owner's approval of one over a
// buyer's limit (decision 128), the order history and tax invoices. Owns orders, order_lines and
// order_status_history, and takes stock. Offers the expiry of overdue approvals and the order as
// the back office is sent it (the outbox's roster), order numbers (demo data); docs/architecture.md.
// Real-time: the triggers orders_placed_shop_events and orders_status_shop_events
// (db/migrations/0005-backoffice.ts) send { kind: "order", placed, id, orderId, currentPastelStatus, ... } on
// shop_events in the transaction that inserts an order or changes its status, whoever does it
// (placement, approvals, the back office, an operator's SQL); modules/realtime pushes it.
export { approvalRoutes, invoiceRoutes, orderRoutes } from "./routes";
export { releaseOverdueApprovals } from "./approvals";
export { orderAwaitingPayment, orderPaid, releaseUnpaidOrders, type OrderToPay } from "./awaiting-payment";
export { orderForBackOffice } from "./queries";
export { orderNumber } from "./order-number";
