// Real time: Server-Sent Events streams that tell a browser its cart, wishlist, orders and
// account changed. Owns realtime_tickets and the channel shop_events with its messages
// (publish.ts). Offers publishChange, for what no row tells (a cart or wishlist changed).
// Senders on shop_events: publishChange (modules/cart, modules/wishlist), and the triggers of
// db/migrations/0005-backoffice.ts: orders_placed_shop_events and orders_status_shop_events
// (see modules/orders), customers_account_shop_events (see modules/accounts). Triggers, so a
// change is told in its own transaction, once committed, from any process or path. hub.ts
// listens and fans out to this process's streams (docs/architecture.md).
export { realtimeRoutes } from "./routes";
export { publishChange } from "./publish";
