// The cart's server state (SPEC §4 Cart) in TanStack Query, one cache entry per shopper. Every
// command answers with the whole re-priced cart, which replaces the cached one and the copy in
// browser storage. The loading flag is "a cart command or load is in flight".
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
import { Cart, type AddItemCommand, type CartItem } from "@trade-shop/contracts/cart";
import { apiRequest } from "../../../lib/api-client";
import { quantityChange } from "../cart-commands";
import { emptiedCart } from "../cart-totals";
import { readMirror, removeMirror, writeMirror } from "./list-mirror";
import { useShopper, type Shopper } from "./shopper";

export const CART_KEY = ["cart"] as const;
export const ITEMS_ADDED = "Item(s) added to cart";
export const ITEMS_ADDED_TITLE = "Success";

const cartKey = (shopper: Shopper) => [...CART_KEY, shopper] as const;

export function getCartQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: cartKey(shopper),
    queryFn: async ({ signal }) => {
      try {
        const cart = await apiRequest(api.cart.getUserCart, { signal });
        writeMirror("cart", shopper, cart);
        return cart;
      } catch (error) {
        // SPEC §4: a failed load empties the cart, here and in storage.
        if (!signal.aborted) removeMirror("cart");
        throw error;
      }
    },
    // The stored copy shows at once and is refreshed straight away (SPEC §4 Startup).
    initialData: () => readMirror("cart", shopper, Cart),
    initialDataUpdatedAt: 0,
  });
}

/** Replaces the cached cart with the server's answer. */
export function storeCart(queryClient: QueryClient, shopper: Shopper, cart: Cart): void {
  queryClient.setQueryData(cartKey(shopper), cart);
  writeMirror("cart", shopper, cart);
}

/** Loads the cart from the server now, whatever the cache holds (order placement, SPEC §4). */
export function reloadCart(queryClient: QueryClient, shopper: Shopper): Promise<Cart | undefined> {
  return queryClient.fetchQuery({ ...getCartQueryOptions(shopper), staleTime: 0 });
}

/**
 * SPEC §4: a failed add empties the cart. The emptied copy is not the server's truth, though (a
 * refused product leaves the other lines in place), so the cart is loaded again at once rather
 * than leaving a customer to re-add lines that are still there.
 */
function dropCart(queryClient: QueryClient, shopper: Shopper): Promise<void> {
  queryClient.setQueryData(cartKey(shopper), (cart: Cart | undefined) => cart && emptiedCart(cart));
  removeMirror("cart");
  return queryClient.invalidateQueries({ queryKey: cartKey(shopper) });
}

export interface CartState {
  /** Undefined for visitors, while the first load runs, and after a failed load. */
  cart: Cart | undefined;
  /** The first load, with nothing to show yet. */
  isLoading: boolean;
  /** SPEC §4's loading flag: a load or a command is in flight. */
  isBusy: boolean;
  isError: boolean;
  shopper: Shopper | null;
}

export function useCart(): CartState {
  const shopper = useShopper();
  const query = useQuery({ ...getCartQueryOptions(shopper ?? ""), enabled: shopper !== null });
  const mutating = useIsMutating({ mutationKey: CART_KEY }) > 0;
  const active = shopper !== null;
  return {
    cart: active && !query.isError ? query.data : undefined,
    isLoading: active && query.isPending,
    isBusy: active && (query.isFetching || mutating),
    isError: active && query.isError,
    shopper,
  };
}

/** Keeps the cart loaded while a customer is logged in (SPEC §4 Startup) and forgets it on logout. */
export function useCartSession(): void {
  const { shopper } = useCart();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopper !== null) return;
    removeMirror("cart");
    queryClient.removeQueries({ queryKey: CART_KEY });
  }, [shopper, queryClient]);
}

export function useAddToCart({ announce = true }: { announce?: boolean } = {}) {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [...CART_KEY, "add"],
    // A login without a customer account still asks, so the server's reason is what the user reads.
    mutationFn: (command: AddItemCommand) => apiRequest(api.cart.addItem, { body: command }),
    onSuccess: (cart) => {
      if (shopper) storeCart(queryClient, shopper, cart);
      if (announce) toast.success(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED, position: "bottom-center" });
    },
    onError: () => (shopper ? dropCart(queryClient, shopper) : undefined),
  });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [...CART_KEY, "remove"],
    mutationFn: (skuCode: string) => apiRequest(api.cart.removeItem, { body: { skuCode, remove: true } }),
    onSuccess: (cart) => {
      if (shopper) storeCart(queryClient, shopper, cart);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}

/** Sets a line to a quantity: an add of the difference, or packs taken off (0 drops the line). */
export function useSetCartQuantity() {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [...CART_KEY, "set-quantity"],
    mutationFn: async ({ line, quantity }: { line: CartItem; quantity: number }) => {
      const change = quantityChange(line, quantity);
      if (change === null) return undefined;
      return change.kind === "add"
        ? apiRequest(api.cart.addItem, { body: change.command })
        : apiRequest(api.cart.removeItem, { body: change.command });
    },
    onSuccess: (cart) => {
      if (cart && shopper) storeCart(queryClient, shopper, cart);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}

/** The server answers with a success envelope, which the API client announces; then the cart reloads (SPEC §4). */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...CART_KEY, "clear"],
    mutationFn: () => apiRequest(api.cart.clear),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}
