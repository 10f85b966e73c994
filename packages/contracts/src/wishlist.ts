// The wishlist: the cart's shapes with wishlist ids, so the two lists cannot drift apart.
// Adding to it uses the cart's AddItemCommand.
import { z } from "zod";
import { Id, SuccessEnvelope } from "./common";
import { AddItemCommand, Cart, CartItem } from "./cart";
import type { ApiRoute } from "./http";

export const WishlistItem = CartItem.omit({ cartId: true }).extend({ wishlistId: Id });
export type WishlistItem = z.infer<typeof WishlistItem>;

export const Wishlist = Cart.omit({ cartItems: true }).extend({ wishlistItems: z.array(WishlistItem) });
export type Wishlist = z.infer<typeof Wishlist>;

export const RemoveWishlistItemCommand = AddItemCommand.pick({ skuCode: true });
export type RemoveWishlistItemCommand = z.infer<typeof RemoveWishlistItemCommand>;

/** This domain's routes in the API table (api.ts). */
export const wishlistRoutes = {
  addItem: {
    method: "POST",
    path: "/api/Wishlist/AdditemToWishlist",
    body: AddItemCommand,
    response: Wishlist,
    auth: true,
    problems: ["not_a_customer", "not_found", "liquor_not_allowed", "liquor_licence_expired"],
    summary: "Add a SKU to the user's wishlist",
    tag: "Wishlist",
  },
  getUserWishlist: {
    method: "GET",
    path: "/api/Wishlist/GetUserWishlist",
    response: Wishlist,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The user's wishlist",
    tag: "Wishlist",
  },
  removeItem: {
    method: "POST",
    path: "/api/Wishlist/RemoveItemFromWishlist",
    body: RemoveWishlistItemCommand,
    response: Wishlist,
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "Remove a SKU from the user's wishlist",
    tag: "Wishlist",
  },
  // Same answer as clearing the cart, so both lists behave alike in the client.
  clear: {
    method: "POST",
    path: "/api/Wishlist/ClearUserWishlist",
    response: SuccessEnvelope,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Empty the user's wishlist",
    tag: "Wishlist",
  },
} as const satisfies Record<string, ApiRoute>;
