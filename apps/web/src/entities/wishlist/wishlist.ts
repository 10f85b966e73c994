// The wishlist's server state (docs/behaviour.md Wishlist), kept like the cart: one cache entry per
// shopper, mirrored in browser storage, replaced by every answer. Its own toasts last 3 seconds
// (docs/api.md, docs/rules.md); a failed add, remove or load leaves the list empty until it loads again.
import type { QueryClient } from "@tanstack/react-query";
import { successToast, toast } from "@/lib/ui/toasts";
import type { AddItemCommand } from "@trade-shop/contracts/cart";
import { Wishlist, wishlistRoutes } from "@trade-shop/contracts/wishlist";
import { apiRequest } from "@/lib/api-client";
import type { Shopper } from "@/entities/shopper";
import {
  dropShoppingList,
  shoppingListQueryOptions,
  useShoppingList,
  useShoppingListCommand,
  useShoppingListSession,
  type ShoppingList,
} from "@/entities/shopping-lists";

export const WISHLIST_TOAST_MS = 3000;
export const WISHLIST_ADDED = "Item added to wishlist";
// The double spaces are docs/api.md's wording, kept as written.
export const WISHLIST_ADD_FAILED = "Couldn't add item, please  try again.";
export const WISHLIST_REMOVE_FAILED = "Couldn't remove item, please  try again.";
export const WISHLIST_LOAD_FAILED = "Couldn't load wishlist items";

const wishlistList: ShoppingList<Wishlist> = {
  kind: "wishlist",
  schema: Wishlist,
  load: (signal) => apiRequest(wishlistRoutes.getUserWishlist, { signal, quietWhenUnreachable: true }),
  emptied: (wishlist) => ({
    ...wishlist,
    wishlistItems: [],
    totalPriceExcl: 0,
    totalPriceIncl: 0,
    discount: 0,
    numberOfItems: 0,
  }),
  onLoadFailed: () => toast.error(WISHLIST_LOAD_FAILED, { duration: WISHLIST_TOAST_MS }),
};

export function getWishlistQueryOptions(shopper: Shopper) {
  return shoppingListQueryOptions(wishlistList, shopper);
}

/** docs/behaviour.md: a failed add or remove sets the items empty; the list then loads again. */
function dropWishlist(message: string) {
  return (queryClient: QueryClient, shopper: Shopper | null) => {
    toast.error(message, { duration: WISHLIST_TOAST_MS });
    return shopper === null ? undefined : dropShoppingList(queryClient, wishlistList, shopper);
  };
}

export function useWishlist() {
  const { list, ...state } = useShoppingList(wishlistList);
  return { wishlist: list, ...state };
}

/** Keeps the wishlist loaded while a customer is logged in (docs/behaviour.md Startup) and forgets it on logout. */
export function useWishlistSession(): void {
  useShoppingListSession(wishlistList);
}

export function useAddToWishlist() {
  return useShoppingListCommand(wishlistList, {
    name: "add",
    send: (command: AddItemCommand) => apiRequest(wishlistRoutes.addItem, { body: command }),
    onStored: () => successToast(WISHLIST_ADDED, { duration: WISHLIST_TOAST_MS }),
    onError: dropWishlist(WISHLIST_ADD_FAILED),
  });
}

export function useRemoveFromWishlist() {
  return useShoppingListCommand(wishlistList, {
    name: "remove",
    send: (skuCode: string) => apiRequest(wishlistRoutes.removeItem, { body: { skuCode } }),
    onError: dropWishlist(WISHLIST_REMOVE_FAILED),
  });
}
