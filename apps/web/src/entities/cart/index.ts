// The cart (docs/behaviour.md): its server state and commands, the offline queue of changes made
// without a signal, and its totals and stock checks.
// The front door: features and other entities import these, never the files behind them. Only
// pages loaded on first use import it: the build puts every file an index re-exports into each
// download that reaches the index. The offline notice, in every visitor's first download, imports
// offline-cart.ts by path instead (eslint/web-layers.js).
export { addCommandFor } from "./cart-commands";
export {
  CART_KEY,
  ITEMS_ADDED,
  ITEMS_ADDED_TITLE,
  announceAddedItems,
  getCartQueryOptions,
  reloadCart,
  storeCart,
  useAddItemsToCart,
  useAddOrderListToCart,
  useAddToCart,
  useCart,
  useCartSession,
  useClearCart,
  useReduceToAvailable,
  useRemoveFromCart,
  useSetCartQuantity,
} from "./cart-queries";
export { emptiedCart, itemsSelectedText, reviewedCart, sameTotal, shortLines } from "./cart-totals";
export { lineStockWarning } from "./line-stock";
export { StockShortNotice } from "./stock-short-notice";
