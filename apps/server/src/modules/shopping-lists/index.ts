// Shopping lists: the storage the cart and the wishlist share (one list per user, tenant and
// account), what may go on one, and a list's lines priced for the customer. No routes of its
// own: modules/cart and modules/wishlist answer for it, and order placement reads the cart
// through it. Owns carts, cart_items, wishlists and wishlist_items (docs/architecture.md).
export {
  addToList,
  cartRenewal,
  clearList,
  listLines,
  openList,
  reduceListLine,
  setListQuantity,
  type ListHeader,
} from "./storage";
export { assertPurchasable, listOwner, readList } from "./purchasable";
export { priceItems, priceListLines, type PricedItem, type PricedItems } from "./priced-items";
