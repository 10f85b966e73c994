// The cart: each user's cart for the account they buy for, re-priced in every answer, and the
// quick order (many SKUs at once). Its lines are kept by modules/shopping-lists. Offers the
// cart as order placement reads it, and adding items for the order lists (docs/architecture.md).
// Real-time: each change is published explicitly (publishChange, modules/realtime); a placed
// order's emptied cart is told by the orders trigger (see modules/orders/index.ts).
export { cartRoutes } from "./routes";
export { cartFrom, pruneCartAddRequests } from "./cart";
export { addItemsToCart } from "./quick-order";
