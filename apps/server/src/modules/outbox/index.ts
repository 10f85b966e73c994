// The outbox worker: claims the messages modules queue with core/outbox.ts's enqueue, runs
// each topic's handler (retrying, then parking), and does the idle housekeeping. Owns the
// outbox table's worker side and the roster of which module handles which topic (topics.ts):
// "messaging.email" and "messaging.sms" (modules/messaging), "backoffice.order"
// (modules/backoffice). Offers the shop's worker to main.ts, and the bare worker to tests
// (docs/architecture.md, decision 79).
export { createShopOutboxWorker } from "./topics";
export { createOutboxWorker, type OutboxLog, type OutboxWorker, type OutboxWorkerOptions } from "./outbox";
