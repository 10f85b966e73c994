// The account's orders (docs/api.md): the newest page of the history, the history a page at a
// time (with its filters), and one order with its lines, cached per shopper. A placed order or a
// new status makes them all stale (ORDERS_KEY).
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { HISTORY_PAGE, orderRoutes } from "@trade-shop/contracts/orders";
import type { OrderHistory, OrderHistoryQuery } from "@trade-shop/contracts/orders";
import { apiRequest } from "@/lib/api-client";
import { useShopper, type Shopper } from "@/entities/shopper";

export const ORDERS_KEY = ["orders"] as const;

/** The newest page of the history: the account page's latest orders, and the key live updates write to. */
export function getOrdersQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, shopper, "history"],
    queryFn: ({ signal }) => apiRequest(orderRoutes.history, { query: {}, signal }),
  });
}

/**
 * The history, or the part of it `filter` finds, a page at a time: the next page starts after
 * the last order of the one before, and a short page is the last (docs/api.md).
 */
export function useOrderHistory(filter: OrderHistoryQuery = {}) {
  const shopper = useShopper();
  const query = useInfiniteQuery({
    queryKey: [...ORDERS_KEY, shopper ?? "", "pages", filter],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(orderRoutes.history, {
        query: { ...filter, limit: HISTORY_PAGE, ...(pageParam ? { after: pageParam } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: OrderHistory) =>
      last.length < HISTORY_PAGE ? undefined : last[last.length - 1]!.id,
    enabled: shopper !== null,
    // A new search keeps the last list on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
  return { ...query, orders: query.data?.pages.flat(), shopper };
}

export function getOrderQueryOptions(shopper: Shopper, id: number) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, shopper, "order", id],
    queryFn: ({ signal }) => apiRequest(orderRoutes.getById, { params: { id }, signal }),
  });
}

export function useOrders() {
  const shopper = useShopper();
  const query = useQuery({ ...getOrdersQueryOptions(shopper ?? ""), enabled: shopper !== null });
  return { ...query, shopper };
}

export function useOrder(id: number) {
  const shopper = useShopper();
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...getOrderQueryOptions(shopper ?? "", id), enabled: shopper !== null && valid });
  return { ...query, shopper, valid };
}
