// The cart's server state (SPEC §4 Cart) in TanStack Query, one cache entry per shopper. Every
// command answers with the whole re-priced cart, which replaces the cached one and the copy in
// browser storage. The loading flag is "a cart command or load is in flight".
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api } from "@trade-shop/contracts/api";
import {
  Cart,
  type AddItemCommand,
  type AddedToCart,
  type CartAfterAdd,
  type CartItem,
} from "@trade-shop/contracts/cart";
import { orderListRoutes } from "@trade-shop/contracts/order-lists";
import {
  quickOrderRoutes,
  type AddItemsCommand,
  type CartAfterAddItems,
} from "@trade-shop/contracts/quick-order";
import { ApiError, apiRequest } from "../api-client";
import { formatCount } from "../products/product-labels";
import { successToast } from "../ui/toasts";
import { quantityChange } from "./cart-commands";
import { emptiedCart } from "./cart-totals";
import type { Shopper } from "../shopper";
import {
  dropShoppingList,
  shoppingListQueryOptions,
  storeShoppingList,
  useShoppingList,
  useShoppingListCommand,
  useShoppingListSession,
  type ShoppingList,
  type ShoppingListState,
} from "../shopping-lists/shopping-list";

export const CART_KEY = ["cart"] as const;
export const ITEMS_ADDED = "Item(s) added to cart";
export const ITEMS_ADDED_TITLE = "Success";

const cartList: ShoppingList<Cart> = {
  kind: "cart",
  schema: Cart,
  load: (signal) => apiRequest(api.cart.getUserCart, { signal }),
  emptied: emptiedCart,
};

export function getCartQueryOptions(shopper: Shopper) {
  return shoppingListQueryOptions(cartList, shopper);
}

/** Replaces the cached cart with the server's answer. */
export function storeCart(queryClient: QueryClient, shopper: Shopper, cart: Cart): void {
  storeShoppingList(queryClient, cartList, shopper, cart);
}

/** Loads the cart from the server now, whatever the cache holds (order placement, SPEC §4). */
export function reloadCart(queryClient: QueryClient, shopper: Shopper): Promise<Cart | undefined> {
  return queryClient.fetchQuery({ ...getCartQueryOptions(shopper), staleTime: 0 });
}

const reloadAfterFailure = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: CART_KEY });

export type CartState = Omit<ShoppingListState<Cart>, "list"> & {
  /** Undefined for visitors, while the first load runs, and after a failed load. */
  cart: Cart | undefined;
};

export function useCart(): CartState {
  const { list, ...state } = useShoppingList(cartList);
  return { cart: list, ...state };
}

/** Keeps the cart loaded while a customer is logged in (SPEC §4 Startup) and forgets it on logout. */
export function useCartSession(): void {
  useShoppingListSession(cartList);
}

/** "Only 6 in stock — 4 added": an add the server cut to what the warehouse holds. */
export function stockLimitedAdd({ added, requested, stockOnHand }: AddedToCart): string | null {
  if (added >= requested) return null;
  return `Only ${formatCount(stockOnHand)} in stock — ${formatCount(added)} added`;
}

export function useAddToCart({ announce = true }: { announce?: boolean } = {}) {
  return useShoppingListCommand(cartList, {
    name: "add",
    // A login without a customer account still asks, so the server's reason is what the user reads.
    send: (command: AddItemCommand) => apiRequest(api.cart.addItem, { body: command }),
    onStored: (answer) => {
      const limited = stockLimitedAdd(answer.added);
      // Fewer than asked for is said whether or not the caller announces adds.
      if (limited) toast.warning(limited, { description: "Your cart has all the packs in stock." });
      else if (announce) successToast(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED });
    },
    // SPEC §4: a failed add empties the cart. A refusal for stock changed nothing, so the cart stays.
    onError: (queryClient, shopper, error) => {
      if (isStockRefusal(error)) return reloadAfterFailure(queryClient);
      return shopper ? dropShoppingList(queryClient, cartList, shopper) : undefined;
    },
  });
}

const isStockRefusal = (error: Error) => error instanceof ApiError && error.problem?.code === "stock_short";

/** What an add of many lines did, as toasts: added ones, then each line not added in full and why. */
export function announceAddedItems(answer: CartAfterAddItems): void {
  if (answer.addedCount > 0) successToast(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED });
  if (answer.notAdded.length > 0)
    toast.warning("Not all added", {
      description: answer.notAdded.map((n) => `${n.skuCode}: ${n.message}`).join(" "),
    });
}

/** Many lines at once (the quick order pad): the answer is the cart and the lines not added. */
export function useAddItemsToCart() {
  return useShoppingListCommand(cartList, {
    name: "add-items",
    send: (command: AddItemsCommand) => apiRequest(quickOrderRoutes.addItems, { body: command }),
    onError: reloadAfterFailure,
  });
}

/** An order list to the cart (issue 16): the server adds its lines as the quick order pad's add does. */
export function useAddOrderListToCart() {
  return useShoppingListCommand(cartList, {
    name: "add-order-list",
    send: (id: number) => apiRequest(orderListRoutes.addToCart, { params: { id } }),
    onError: reloadAfterFailure,
  });
}

export function useRemoveFromCart() {
  return useShoppingListCommand(cartList, {
    name: "remove",
    send: (skuCode: string) => apiRequest(api.cart.removeItem, { body: { skuCode, remove: true } }),
    onError: reloadAfterFailure,
  });
}

/** Sets a line to a quantity: an add of the difference, or packs taken off (0 drops the line). */
export function useSetCartQuantity() {
  return useShoppingListCommand(cartList, {
    name: "set-quantity",
    send: async ({
      line,
      quantity,
    }: {
      line: CartItem;
      quantity: number;
    }): Promise<Cart | CartAfterAdd | undefined> => {
      const change = quantityChange(line, quantity);
      if (change === null) return undefined;
      return change.kind === "add"
        ? apiRequest(api.cart.addItem, { body: change.command })
        : apiRequest(api.cart.removeItem, { body: change.command });
    },
    onStored: (answer) => {
      const limited = answer && "added" in answer ? stockLimitedAdd(answer.added) : null;
      if (limited) toast.warning(limited);
    },
    onError: reloadAfterFailure,
  });
}

/** Takes each line given down to what is in stock (a line with none goes), one command after another. */
export function useReduceToAvailable() {
  return useShoppingListCommand(cartList, {
    name: "reduce-to-available",
    send: async (lines: CartItem[]) => {
      let answer: Cart | undefined;
      for (const line of lines) {
        const change = quantityChange(line, Math.max(0, line.stockOnHand));
        if (change?.kind === "remove")
          answer = await apiRequest(api.cart.removeItem, { body: change.command });
      }
      return answer;
    },
    onError: reloadAfterFailure,
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
