// The account's orders (docs/api.md): the history list and one order with its lines, cached per
// shopper. A placed order or a new status makes both stale (ORDERS_KEY).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { orderRoutes } from "@trade-shop/contracts/orders";
import type { OrderHistoryQuery } from "@trade-shop/contracts/orders";
import { apiRequest } from "@/lib/api-client";
import { useShopper, type Shopper } from "@/entities/shopper";

export const ORDERS_KEY = ["orders"] as const;

/** The history, or the part of it `filter` finds; the whole history keeps the shorter key the live updates write to. */
export function getOrdersQueryOptions(shopper: Shopper, filter: OrderHistoryQuery = {}) {
  const filtered = Object.values(filter).some((value) => value !== undefined && value !== "");
  return queryOptions({
    queryKey: filtered ? [...ORDERS_KEY, shopper, "history", filter] : [...ORDERS_KEY, shopper, "history"],
    queryFn: ({ signal }) => apiRequest(orderRoutes.history, { query: filtered ? filter : {}, signal }),
  });
}

export function getOrderQueryOptions(shopper: Shopper, id: number) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, shopper, "order", id],
    queryFn: ({ signal }) => apiRequest(orderRoutes.getById, { params: { id }, signal }),
  });
}

export function useOrders(filter: OrderHistoryQuery = {}) {
  const shopper = useShopper();
  // A new search keeps the last list on screen until its answer comes.
  const query = useQuery({
    ...getOrdersQueryOptions(shopper ?? "", filter),
    enabled: shopper !== null,
    placeholderData: keepPreviousData,
  });
  return { ...query, shopper };
}

export function useOrder(id: number) {
  const shopper = useShopper();
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...getOrderQueryOptions(shopper ?? "", id), enabled: shopper !== null && valid });
  return { ...query, shopper, valid };
}
