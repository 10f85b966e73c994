// What the cart and the wishlist share (docs/behaviour.md): one cache entry per shopper, a copy in
// browser storage, and every command's answer replacing both.
// The front door: the cart and the wishlist import these, never the files behind them. The app's
// providers, in every visitor's first download, import list-mirror.ts by path instead, to forget an
// ended login's copies without the rest (eslint/web-layers.js).
export {
  dropShoppingList,
  shoppingListQueryOptions,
  storeShoppingList,
  useShoppingList,
  useShoppingListCommand,
  useShoppingListSession,
  type ShoppingList,
  type ShoppingListState,
} from "./shopping-list";
