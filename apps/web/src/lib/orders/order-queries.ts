// The account's orders (SPEC §7): the history list and one order with its lines, cached per
// shopper. A placed order or a new status makes both stale (ORDERS_KEY).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@trade-shop/contracts/api";
import { apiRequest } from "../api-client";
import { useShopper, type Shopper } from "../shopper";

export const ORDERS_KEY = ["orders"] as const;

export function getOrdersQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, shopper, "history"],
    queryFn: ({ signal }) => apiRequest(api.orders.history, { signal }),
  });
}

export function getOrderQueryOptions(shopper: Shopper, id: number) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, shopper, "order", id],
    queryFn: ({ signal }) => apiRequest(api.orders.getById, { params: { id }, signal }),
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
