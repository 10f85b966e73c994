// Why an order was not placed, read from what went wrong (docs/behaviour.md Order placement, docs/rules.md):
// the prices changed (found by the page's own check or by the server's 409, which carries the
// re-priced cart), stock is short on named lines, the order is over the remaining credit, or
// anything else the server said. The server's refusals are told apart by their `code`.
import type { Cart } from "@trade-shop/contracts/cart";
import { OrderConflict, type StockShortage } from "@trade-shop/contracts/orders";
import { ApiError } from "@/lib/api-client";

export const PRICES_CHANGED = "Cart prices updated. Please review cart and place order again.";
/** An order is never placed offline, nor kept to be placed later. */
export const OFFLINE_ORDER =
  "You are offline, so this order cannot be placed. It is not kept to be sent later: place it when you have a signal.";
export const CART_STILL_SENDING =
  "Your cart changes made offline are still being sent. Place the order once the cart is up to date.";

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
  // A refusal whose members do not read as the contract says is shown by its message alone.
  const parsed = OrderConflict.safeParse(error.problem);
  if (!parsed.success) return { kind: "other", message };
  const conflict = parsed.data;
  switch (conflict.code) {
    case "prices_changed":
      return { kind: "prices-changed", message: PRICES_CHANGED, cart: conflict.cart };
    case "stock_short":
      return { kind: "shortages", message, shortages: conflict.shortages };
    case "credit_exceeded":
      return {
        kind: "credit",
        message,
        remainingCredit: conflict.remainingCredit,
        orderTotal: conflict.orderTotal,
      };
    default:
      return { kind: "other", message };
  }
}
