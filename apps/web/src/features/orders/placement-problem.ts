// Why an order was not placed, read from what went wrong (SPEC §4 Order placement, DESIGN §4):
// the prices changed (found by the page's own check or by the server's 409, which carries the
// re-priced cart), stock is short on named lines, the order is over the remaining credit, or
// anything else the server said.
import type { Cart } from "@trade-shop/contracts/cart";
import { OrderConflict, type StockShortage } from "@trade-shop/contracts/orders";
import { ApiError } from "../../lib/api-client";

export const PRICES_CHANGED = "Cart prices updated. Please review cart and place order again.";

export type Shortage = StockShortage;

export type PlacementProblem =
  | { kind: "prices-changed"; message: string; cart?: Cart }
  | { kind: "shortages"; message: string; shortages: Shortage[] }
  | { kind: "credit"; message: string; remainingCredit: number; orderTotal: number }
  | { kind: "other"; message: string };

export function placementProblem(error: unknown): PlacementProblem {
  if (!(error instanceof ApiError)) {
    return { kind: "other", message: error instanceof Error ? error.message : String(error) };
  }
  const message = error.message;
  if (error.status !== 409 || !error.problem) return { kind: "other", message };
  // A 409 whose members do not read as the contract says is shown by its title alone.
  const parsed = OrderConflict.safeParse(error.problem);
  const extensions: OrderConflict = parsed.success ? parsed.data : {};
  if (error.problem.title === PRICES_CHANGED || extensions.cart) {
    return { kind: "prices-changed", message: PRICES_CHANGED, cart: extensions.cart };
  }
  if (extensions.shortages && extensions.shortages.length > 0) {
    return { kind: "shortages", message, shortages: extensions.shortages };
  }
  if (extensions.remainingCredit !== undefined && extensions.orderTotal !== undefined) {
    return {
      kind: "credit",
      message,
      remainingCredit: extensions.remainingCredit,
      orderTotal: extensions.orderTotal,
    };
  }
  return { kind: "other", message };
}
