// What each real-time event does to the cached server state of one shopper. An order's new
// status and an account's new balance are written straight into the cache (the page changes
// at once) and the orders are then reloaded for what the event does not carry (invoice
// numbers). A cart or wishlist change is reloaded, after any command of this tab on that list
// has settled.
import type { QueryClient } from "@tanstack/react-query";
import type { OrderHistory, Order } from "@trade-shop/contracts/orders";
import { REALTIME_READ_AGE_MAX_MS, type LiveKind, type StreamReady } from "@trade-shop/contracts/realtime";
import { ACCOUNT_KEY, storeAccountChange } from "@/entities/account";
import { REPORTS_KEY } from "@/features/accounts/api/reports";
import type { Shopper } from "@/entities/shopper";
import { getOrderQueryOptions, getOrdersQueryOptions, ORDERS_KEY } from "@/entities/orders";
import type { ChangeEvent } from "./connection";
import { servedOnlyFreshAnswers } from "@/lib/offline/connectivity";

/** Everything the stream keeps current for the shopper; a list's kind is the root of its keys. */
const LIVE_KEYS = [ACCOUNT_KEY, ORDERS_KEY, REPORTS_KEY, ["cart"], ["wishlist"]] as const;

/** The keys each kind of `ready.reload` names (an order changes the reports too, as does the account). */
const KEYS_OF_KIND: Record<LiveKind, readonly (readonly unknown[])[]> = {
  account: [ACCOUNT_KEY, REPORTS_KEY],
  orders: [ORDERS_KEY, REPORTS_KEY],
  cart: [["cart"]],
  wishlist: [["wishlist"]],
};

function reload(queryClient: QueryClient, shopper: Shopper, keys: readonly (readonly unknown[])[]) {
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: [...key, shopper] });
}

function reloadAll(queryClient: QueryClient, shopper: Shopper) {
  reload(queryClient, shopper, LIVE_KEYS);
}

/**
 * How long ago (ms) this page asked for the oldest of the shopper's reads the stream keeps
 * current, for the stream's first opening (decision 139): the page's age, since every such read
 * it shows was asked for by this page. Undefined, and so everything reloaded on `ready`, when
 * that cannot be vouched for: a read shown from browser storage and not yet asked again, an
 * answer from the service worker's offline copy, or a page older than the stream will judge.
 */
export function liveReadsAge(queryClient: QueryClient, shopper: Shopper): number | undefined {
  const age = Math.ceil(performance.now());
  if (age > REALTIME_READ_AGE_MAX_MS || !servedOnlyFreshAnswers()) return undefined;
  for (const key of LIVE_KEYS)
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [...key, shopper] })) {
      const { data, dataUpdateCount, fetchStatus } = query.state;
      if (data !== undefined && dataUpdateCount === 0 && fetchStatus !== "fetching") return undefined;
    }
  return age;
}

/**
 * The stream is open. Events are not replayed, so whatever changed before it opened (while it
 * was down, or between this page's first loads and its first connection) is reloaded: what the
 * server says changed since the page's reads (`ready.reload`, decision 139), else everything.
 */
export function applyReady(queryClient: QueryClient, shopper: Shopper, ready: StreamReady) {
  if (ready.account) storeAccountChange(queryClient, shopper, ready.account);
  if (!ready.reload) return reloadAll(queryClient, shopper);
  for (const kind of ready.reload) reload(queryClient, shopper, KEYS_OF_KIND[kind]);
}

type ListKind = "cart" | "wishlist";

/** Commands of this tab that will answer with the list, or (placing an order) empty the cart. */
function busyWith(queryClient: QueryClient, kind: ListKind): number {
  const placing = kind === "cart" ? queryClient.isMutating({ mutationKey: [...ORDERS_KEY, "place"] }) : 0;
  return queryClient.isMutating({ mutationKey: [kind] }) + placing;
}

const waitingToReload = new WeakMap<QueryClient, Set<string>>();

/**
 * Reloads the list now, or, while this tab has a command on it in flight, once the last one
 * settles: a reload started now could land after the command's answer and overwrite it, and
 * dropping the event would lose a change made elsewhere that the answer does not include.
 */
function reloadListWhenIdle(queryClient: QueryClient, shopper: Shopper, kind: ListKind) {
  const reload = () => void queryClient.invalidateQueries({ queryKey: [kind, shopper] });
  if (busyWith(queryClient, kind) === 0) return reload();
  const waiting = waitingToReload.get(queryClient) ?? new Set<string>();
  waitingToReload.set(queryClient, waiting);
  const key = `${kind}|${shopper}`;
  if (waiting.has(key)) return;
  waiting.add(key);
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (busyWith(queryClient, kind) > 0) return;
    unsubscribe();
    waiting.delete(key);
    reload();
  });
}

export function applyChange(queryClient: QueryClient, shopper: Shopper, event: ChangeEvent) {
  switch (event.name) {
    case "account":
      storeAccountChange(queryClient, shopper, event.data);
      return;
    case "order": {
      const { id, ...status } = event.data;
      const patch = <T extends Pick<Order, "id">>(order: T): T =>
        order.id === id ? { ...order, ...status } : order;
      queryClient.setQueryData(getOrdersQueryOptions(shopper).queryKey, (orders: OrderHistory | undefined) =>
        orders?.map(patch),
      );
      queryClient.setQueryData(getOrderQueryOptions(shopper, id).queryKey, (order: Order | undefined) =>
        order ? patch(order) : order,
      );
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, shopper] });
      void queryClient.invalidateQueries({ queryKey: [...REPORTS_KEY, shopper] });
      return;
    }
    case "cart":
    case "wishlist":
      reloadListWhenIdle(queryClient, shopper, event.name);
      return;
    case "resync":
      reloadAll(queryClient, shopper);
      return;
  }
}
