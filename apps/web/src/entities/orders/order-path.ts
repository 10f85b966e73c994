import { appRoutes } from "@trade-shop/contracts/routes";

/** The details page of an order, by its id (the number customers see is `orderId`). */
export function orderPath(id: number): string {
  return `${appRoutes.ordersHistory}/${id}`;
}

/** A reorder: the quick order pad with the order's lines, checked before anything is added. */
export function reorderPath(id: number): string {
  return `${appRoutes.quickOrder}?${new URLSearchParams({ reorder: String(id) })}`;
}
