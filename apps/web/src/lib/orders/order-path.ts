import { appRoutes } from "@trade-shop/contracts/routes";

/** The details page of an order, by its id (the number customers see is `orderId`). */
export function orderPath(id: number): string {
  return `${appRoutes.ordersHistory}/${id}`;
}
