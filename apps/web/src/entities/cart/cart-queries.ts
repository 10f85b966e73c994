// The cart's server state (docs/behaviour.md Cart) in TanStack Query, one cache entry per shopper. Every
// command answers with the whole re-priced cart, which replaces the cached one and the copy in
// browser storage. The loading flag is "a cart command or load is in flight".
import { useEffect } from "react";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  type AddedToCart,
  type AddItemCommand,
  Cart,
  type CartAfterAdd,
  type CartItem,
  cartRoutes,
  IDEMPOTENCY_KEY_HEADER,
} from "@trade-shop/contracts/cart";
import { orderListRoutes } from "@trade-shop/contracts/order-lists";
import {
  quickOrderRoutes,
  type AddItemsCommand,
  type CartAfterAddItems,
} from "@trade-shop/contracts/quick-order";
import type { Product } from "@trade-shop/contracts/catalogue";
import { ApiError, apiRequest } from "@/lib/api-client";
import { isOnline, useOnline } from "@/lib/offline/connectivity";
import { formatCount } from "@/entities/products";
import { successToast, toast } from "@/lib/ui/toasts";
import { addRequestKey, quantityChange } from "./cart-commands";
import { emptiedCart } from "./cart-totals";
import { useShopper, type Shopper } from "@/entities/shopper";
import {
  lineFromProduct,
  pendingChanges,
  recordChange,
  replayPending,
  rescaled,
  usePendingChanges,
  withPending,
  type CartServer,
  type PendingChange,
} from "./offline-cart";
import {
  dropShoppingList,
  shoppingListQueryOptions,
  storeShoppingList,
  useShoppingList,
  useShoppingListCommand,
  useShoppingListSession,
  type ShoppingList,
  type ShoppingListState,
} from "@/entities/shopping-lists";

export const CART_KEY = ["cart"] as const;
export const ITEMS_ADDED = "Item(s) added to cart";
export const ITEMS_ADDED_TITLE = "Success";

const cartList: ShoppingList<Cart> = {
  kind: "cart",
  schema: Cart,
  // Offline, the copy kept on this phone stands and the offline notice says so: no error toast.
  load: (signal) => apiRequest(cartRoutes.getUserCart, { signal, quietWhenUnreachable: true }),
  emptied: emptiedCart,
};

export function getCartQueryOptions(shopper: Shopper) {
  return shoppingListQueryOptions(cartList, shopper);
}

/** Replaces the cached cart with the server's answer. */
export function storeCart(queryClient: QueryClient, shopper: Shopper, cart: Cart): void {
  storeShoppingList(queryClient, cartList, shopper, cart);
}

/** Loads the cart from the server now, whatever the cache holds (order placement, docs/behaviour.md). */
export function reloadCart(queryClient: QueryClient, shopper: Shopper): Promise<Cart | undefined> {
  return queryClient.fetchQuery({ ...getCartQueryOptions(shopper), staleTime: 0 });
}

const reloadAfterFailure = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: CART_KEY });

export type CartState = Omit<ShoppingListState<Cart>, "list"> & {
  /** Undefined for visitors, while the first load runs, and after a failed load. With changes made offline in. */
  cart: Cart | undefined;
  /** Changes made offline, not yet sent. */
  pending: PendingChange[];
};

export function useCart(): CartState {
  const { list, ...state } = useShoppingList(cartList);
  const pending = usePendingChanges(state.shopper);
  return { cart: list && withPending(list, pending), pending, ...state };
}

/** The network was not reached (the server may or may not have had the call). */
export const isUnreachable = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/**
 * A change to send again later rather than drop: not reached, the login ended (sent once the
 * buyer logs in again), or the server busy or failing. Anything else is the server's refusal.
 */
export const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 0 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500);

/** An add under a key of its own (decision 159): a repeat of the request adds nothing. */
function sendAdd(command: AddItemCommand, options: { quiet?: boolean; quietWhenUnreachable?: boolean }) {
  return apiRequest(cartRoutes.addItem, {
    body: command,
    headers: { [IDEMPOTENCY_KEY_HEADER]: addRequestKey() },
    ...options,
  });
}

/** Sends offline changes quietly: what the server refused is said once, in one toast. */
const replayServer: CartServer = {
  load: () => apiRequest(cartRoutes.getUserCart, { quiet: true }),
  add: (command) => sendAdd(command, { quiet: true }),
  remove: (command) => apiRequest(cartRoutes.removeItem, { body: command, quiet: true }),
};
/** While changes wait with the signal back (the server busy, say), another try this often. */
const REPLAY_RETRY_MS = 30_000;

/** Sends the changes made offline when the signal is back, and says what came of them. */
function useOfflineReplay(): void {
  const shopper = useShopper();
  const online = useOnline();
  const waiting = usePendingChanges(shopper).length > 0;
  const queryClient = useQueryClient();
  useEffect(() => {
    // A session that ends keeps its changes (named by shopper, so no one else sees them): the
    // same buyer logging in again, the next morning say, has them sent.
    if (shopper === null || !online || !waiting) return;
    const replay = () =>
      void replayPending(shopper, replayServer, isRetryable)
        .then((outcome) => {
          if (!outcome) return;
          storeCart(queryClient, shopper, outcome.cart);
          if (outcome.sent > 0) successToast("Cart up to date", { description: OFFLINE_CHANGES_SENT });
          if (outcome.refused.length > 0)
            toast.warning("Not all changes made", {
              description: outcome.refused.map((r) => `${r.skuCode}: ${r.message}`).join(" "),
            });
        })
        .catch(() => undefined);
    replay();
    const timer = setInterval(replay, REPLAY_RETRY_MS);
    return () => clearInterval(timer);
  }, [shopper, online, waiting, queryClient]);
}

/** Keeps the cart loaded while a customer is logged in (docs/behaviour.md Startup) and forgets it on logout. */
export function useCartSession(): void {
  useShoppingListSession(cartList);
  useOfflineReplay();
}

export const OFFLINE_CHANGES_SENT = "The changes you made offline have been sent.";
export const SAVED_OFFLINE =
  "You are offline: this change is kept on your phone and sent when the signal returns.";
export const OFFLINE_NOT_ADDED =
  "You are offline, and this product has not been seen on this phone yet: add it when you have a signal.";

/** Whether a cart command should join the offline queue instead of going out now. */
const queueing = (shopper: Shopper | null): shopper is Shopper =>
  shopper !== null && (!isOnline() || pendingChanges(shopper).length > 0);

/**
 * Sends a command; when the network is not reached on the way (the browser still saying online),
 * the change joins the queue instead, as it would have offline: the queue's replay finds it made
 * if the server did get it, so it is never made twice.
 */
async function sendOrKeep<R>(
  shopper: Shopper | null,
  change: Omit<PendingChange, "madeAt"> | null,
  send: () => Promise<R>,
): Promise<R | undefined> {
  try {
    return await send();
  } catch (error) {
    if (shopper === null || change === null || !isUnreachable(error)) throw error;
    return keepForLater(shopper, change);
  }
}

/** A cart change the buyer made, kept for later: said as a toast, with no answer from the server. */
function keepForLater(shopper: Shopper, change: Omit<PendingChange, "madeAt">): undefined {
  recordChange(shopper, change);
  toast.info("Saved on this phone", { description: SAVED_OFFLINE });
  return undefined;
}

/** "Only 6 in stock — 4 added": an add the server cut to what the warehouse holds. */
export function stockLimitedAdd({ added, requested, stockOnHand }: AddedToCart): string | null {
  if (added >= requested) return null;
  return `Only ${formatCount(stockOnHand)} in stock — ${formatCount(added)} added`;
}

/** An add, and the product it is for when the caller has it (so an offline add can show its line). */
export type AddToCartVariables = AddItemCommand & { product?: Product };

export function useAddToCart({ announce = true }: { announce?: boolean } = {}) {
  const { cart, shopper } = useCart();
  return useShoppingListCommand(cartList, {
    name: "add",
    // A login without a customer account still asks, so the server's reason is what the user reads.
    send: async ({ product, ...command }: AddToCartVariables) => {
      const inCart = cart?.cartItems.find((l) => l.productId === command.skuCode);
      const quantity = (inCart?.quantity ?? 0) + command.quantity;
      const change = {
        skuCode: command.skuCode,
        quantity,
        minOrderQuantityDiscount:
          inCart?.minOrderQuantityDiscount ?? product?.minOrderQuantityDiscount ?? null,
        dealReference: inCart?.dealReference ?? product?.dealReference ?? null,
        line: inCart
          ? rescaled(inCart, quantity)
          : product
            ? lineFromProduct(product, quantity, cart?.id ?? 0)
            : null,
      };
      if (queueing(shopper)) {
        if (!change.line) throw offlineRefusal(OFFLINE_NOT_ADDED);
        return keepForLater(shopper, change);
      }
      return sendOrKeep(shopper, change.line ? change : null, () =>
        sendAdd(command, { quietWhenUnreachable: change.line !== null }),
      );
    },
    onStored: (answer) => {
      if (answer === undefined) return;
      const limited = stockLimitedAdd(answer.added);
      // Fewer than asked for is said whether or not the caller announces adds.
      if (limited) toast.warning(limited, { description: "Your cart has all the packs in stock." });
      else if (announce) successToast(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED });
    },
    // docs/behaviour.md: a failed add empties the cart. A refusal for stock changed nothing, so the cart stays.
    onError: (queryClient, shopper, error) => {
      // Not reached: nothing changed on the server, so the cart stays as it is.
      if (isUnreachable(error)) return undefined;
      if (isStockRefusal(error)) return reloadAfterFailure(queryClient);
      return shopper ? dropShoppingList(queryClient, cartList, shopper) : undefined;
    },
  });
}

const isStockRefusal = (error: Error) => error instanceof ApiError && error.problem?.code === "stock_short";

/** A command that cannot be kept for later, refused with the reason (the API client's offline failure). */
function offlineRefusal(message: string): ApiError {
  toast.error("Offline", { description: message });
  return new ApiError(0, message);
}

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

/** An order list to the cart: the server adds its lines as the quick order pad's add does. */
export function useAddOrderListToCart() {
  return useShoppingListCommand(cartList, {
    name: "add-order-list",
    send: (id: number) => apiRequest(orderListRoutes.addToCart, { params: { id } }),
    onError: reloadAfterFailure,
  });
}

export function useRemoveFromCart() {
  const shopper = useShopper();
  return useShoppingListCommand(cartList, {
    name: "remove",
    send: (skuCode: string) => {
      const change = {
        skuCode,
        quantity: 0,
        minOrderQuantityDiscount: null,
        dealReference: null,
        line: null,
      };
      if (queueing(shopper)) return Promise.resolve(keepForLater(shopper, change));
      return sendOrKeep(shopper, change, () =>
        apiRequest(cartRoutes.removeItem, { body: { skuCode, remove: true }, quietWhenUnreachable: true }),
      );
    },
    onError: reloadAfterFailure,
  });
}

/** Sets a line to a quantity: an add of the difference, or packs taken off (0 drops the line). */
export function useSetCartQuantity() {
  const shopper = useShopper();
  return useShoppingListCommand(cartList, {
    name: "set-quantity",
    send: async ({
      line,
      quantity,
    }: {
      line: CartItem;
      quantity: number;
    }): Promise<Cart | CartAfterAdd | undefined> => {
      const wanted = {
        skuCode: line.productId,
        quantity,
        minOrderQuantityDiscount: line.minOrderQuantityDiscount,
        dealReference: line.dealReference,
        line: quantity > 0 ? rescaled(line, quantity) : null,
      };
      if (queueing(shopper)) return keepForLater(shopper, wanted);
      const change = quantityChange(line, quantity);
      if (change === null) return undefined;
      return sendOrKeep(shopper, wanted, () =>
        change.kind === "add"
          ? sendAdd(change.command, { quietWhenUnreachable: true })
          : apiRequest(cartRoutes.removeItem, { body: change.command, quietWhenUnreachable: true }),
      );
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
          answer = await apiRequest(cartRoutes.removeItem, { body: change.command });
      }
      return answer;
    },
    onError: reloadAfterFailure,
  });
}

/** The server answers with a success envelope, which the API client announces; then the cart reloads (docs/behaviour.md). */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...CART_KEY, "clear"],
    mutationFn: () => apiRequest(cartRoutes.clear),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}
