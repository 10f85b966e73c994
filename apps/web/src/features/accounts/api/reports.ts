// The account dashboard's reports (contracts/reports.ts), cached per shopper. A placed order or
// a new status makes them stale (the real-time stream invalidates REPORTS_KEY).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { reportRoutes } from "@trade-shop/contracts/reports";
import type { TopProductsBy } from "@trade-shop/contracts/reports";
import { apiRequest } from "@/lib/api-client";
import { useShopper, type Shopper } from "@/entities/shopper";

export const REPORTS_KEY = ["reports"] as const;

export const TOP_PRODUCTS_SHOWN = 5;

export function getSpendPerMonthQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, shopper, "spend-per-month"],
    queryFn: ({ signal }) => apiRequest(reportRoutes.spendPerMonth, { signal }),
  });
}

export function getTopProductsQueryOptions(shopper: Shopper, by: TopProductsBy) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, shopper, "top-products", by],
    queryFn: ({ signal }) =>
      apiRequest(reportRoutes.topProducts, { query: { by, limit: String(TOP_PRODUCTS_SHOWN) }, signal }),
  });
}

export function getOrdersByStatusQueryOptions(shopper: Shopper) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, shopper, "orders-by-status"],
    queryFn: ({ signal }) => apiRequest(reportRoutes.ordersByStatus, { signal }),
  });
}

export function useOrdersByStatus() {
  const shopper = useShopper();
  return useQuery({ ...getOrdersByStatusQueryOptions(shopper ?? ""), enabled: shopper !== null });
}

export function useSpendPerMonth() {
  const shopper = useShopper();
  return useQuery({ ...getSpendPerMonthQueryOptions(shopper ?? ""), enabled: shopper !== null });
}

export function useTopProducts(by: TopProductsBy) {
  const shopper = useShopper();
  return useQuery({ ...getTopProductsQueryOptions(shopper ?? "", by), enabled: shopper !== null });
}
