// The account's order lists (docs/api.md): the lists and their lines, and the button that puts
// lines on one (its form loads on first use).
// The front door: features and other entities import these, never the files behind them.
export { AddToOrderList } from "./add-to-order-list";
export {
  useCreateOrderList,
  useDeleteOrderList,
  useOrderList,
  useOrderLists,
  useSetOrderListLines,
} from "./order-list-queries";
