// The wishlist's server state (SPEC §4 Wishlist), kept like the cart: one cache entry per
// shopper, mirrored in browser storage, replaced by every answer. Its own toasts last 3 seconds
// (SPEC §8, §9); a failed add, remove or load leaves the list empty until it loads again.
import { useEffect } from "react";
import {
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { toast } from "sonner";
import { api } from "@trade-shop/contracts/api";
import type { AddItemCommand } from "@trade-shop/contracts/cart";
import { Wishlist } from "@trade-shop/contracts/wishlist";
import { apiRequest } from "../../../lib/api-client";
import { readMirror, removeMirror, writeMirror } from "../../cart/api/list-mirror";
import { useShopper, type Shopper } from "../../cart/api/shopper";

export const WISHLIST_KEY = ["wishlist"] as const;
export const WISHLIST_TOAST_MS = 3000;
export const WISHLIST_ADDED = "Item added to wishlist";
// The double spaces are SPEC §8's wording, kept as written.
export const WISHLIST_ADD_FAILED = "Couldn't add item, please  try again.";
export const WISHLIST_REMOVE_FAILED = "Couldn't remove item, please  try again.";
export const WISHLIST_LOAD_FAILED = "Couldn't load wishlist items";

const wishlistKey = (shopper: Shopper) => [...WISHLIST_KEY, shopper] as const;

export function getWishlistQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: wishlistKey(shopper),
    queryFn: async ({ signal }) => {
      try {
        const wishlist = await apiRequest(api.wishlist.getUserWishlist, { signal });
        writeMirror("wishlist", shopper, wishlist);
        return wishlist;
      } catch (error) {
        if (!signal.aborted) {
          removeMirror("wishlist");
          toast.error(WISHLIST_LOAD_FAILED, { duration: WISHLIST_TOAST_MS });
        }
        throw error;
      }
    },
    initialData: () => readMirror("wishlist", shopper, Wishlist),
    initialDataUpdatedAt: 0,
  });
}

function storeWishlist(queryClient: QueryClient, shopper: Shopper, wishlist: Wishlist): void {
  queryClient.setQueryData(wishlistKey(shopper), wishlist);
  writeMirror("wishlist", shopper, wishlist);
}

/** SPEC §4: a failed add or remove sets the items empty; the list then loads again. */
function dropWishlist(
  queryClient: QueryClient,
  shopper: Shopper | null,
  message: string,
): Promise<void> | undefined {
  toast.error(message, { duration: WISHLIST_TOAST_MS });
  if (shopper === null) return undefined;
  queryClient.setQueryData(
    wishlistKey(shopper),
    (wishlist: Wishlist | undefined) =>
      wishlist && {
        ...wishlist,
        wishlistItems: [],
        totalPriceExcl: 0,
        totalPriceIncl: 0,
        discount: 0,
        numberOfItems: 0,
      },
  );
  removeMirror("wishlist");
  return queryClient.invalidateQueries({ queryKey: wishlistKey(shopper) });
}

export function useWishlist() {
  const shopper = useShopper();
  const query = useQuery({ ...getWishlistQueryOptions(shopper ?? ""), enabled: shopper !== null });
  const mutating = useIsMutating({ mutationKey: WISHLIST_KEY }) > 0;
  const active = shopper !== null;
  return {
    wishlist: active && !query.isError ? query.data : undefined,
    isLoading: active && query.isPending,
    isBusy: active && (query.isFetching || mutating),
    isError: active && query.isError,
    shopper,
  };
}

/** Keeps the wishlist loaded while a customer is logged in (SPEC §4 Startup) and forgets it on logout. */
export function useWishlistSession(): void {
  const { shopper } = useWishlist();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopper !== null) return;
    removeMirror("wishlist");
    queryClient.removeQueries({ queryKey: WISHLIST_KEY });
  }, [shopper, queryClient]);
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [...WISHLIST_KEY, "add"],
    mutationFn: (command: AddItemCommand) => apiRequest(api.wishlist.addItem, { body: command }),
    onSuccess: (wishlist) => {
      if (shopper) storeWishlist(queryClient, shopper, wishlist);
      toast.success(WISHLIST_ADDED, { duration: WISHLIST_TOAST_MS, position: "bottom-center" });
    },
    onError: () => dropWishlist(queryClient, shopper, WISHLIST_ADD_FAILED),
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [...WISHLIST_KEY, "remove"],
    mutationFn: (skuCode: string) => apiRequest(api.wishlist.removeItem, { body: { skuCode } }),
    onSuccess: (wishlist) => {
      if (shopper) storeWishlist(queryClient, shopper, wishlist);
    },
    onError: () => dropWishlist(queryClient, shopper, WISHLIST_REMOVE_FAILED),
  });
}
