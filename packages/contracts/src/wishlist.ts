// The wishlist: the cart's shapes with wishlist ids, so the two lists cannot drift apart.
// Adding to it uses the cart's AddItemCommand.
import { z } from "zod";
import { Id } from "./common";
import { AddItemCommand, Cart, CartItem } from "./cart";

export const WishlistItem = CartItem.omit({ cartId: true }).extend({ wishlistId: Id });
export type WishlistItem = z.infer<typeof WishlistItem>;

export const Wishlist = Cart.omit({ cartItems: true }).extend({ wishlistItems: z.array(WishlistItem) });
export type Wishlist = z.infer<typeof Wishlist>;

export const RemoveWishlistItemCommand = AddItemCommand.pick({ skuCode: true });
export type RemoveWishlistItemCommand = z.infer<typeof RemoveWishlistItemCommand>;
