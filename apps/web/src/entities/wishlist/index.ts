// The wishlist (docs/behaviour.md Wishlist): its server state and commands, kept like the cart.
// The front door: features and other entities import these, never the files behind them.
export { useAddToWishlist, useRemoveFromWishlist, useWishlist, useWishlistSession } from "./wishlist";
