// The account's orders (docs/api.md): the history and one order, cached per shopper, their
// pages' addresses and the status badge.
// The front door: features and other entities import these, never the files behind them.
export { orderPath, reorderPath } from "./order-path";
export {
  ORDERS_KEY,
  getOrderQueryOptions,
  getOrdersQueryOptions,
  useOrder,
  useOrderHistory,
  useOrders,
} from "./order-queries";
export { OrderStatusBadge, StatusChangedAt } from "./order-status-badge";
export {
  DayText,
  DeliveryPromiseNote,
  expectedDayText,
  stillExpected,
  useDeliveryPromise,
} from "./delivery-promise";
