// Why an order was not placed, read from what went wrong (SPEC §4 Order placement, DESIGN §4):
// the prices changed (found by the page's own check or by the server's 409, which carries the
// re-priced cart), stock is short on named lines, the order is over the remaining credit, or
// anything else the server said.
import { z } from "zod";
import { Cart } from "@trade-shop/contracts/cart";
import { ApiError } from "../../lib/api-client";

export const PRICES_CHANGED = "Cart prices updated. Please review cart and place order again.";

// The extension members of the server's 409 answers to POST /api/Order.
const Shortage = z.object({
  skuCode: z.string(),
  description: z.string(),
  requested: z.number(),
  available: z.number(),
});
export type Shortage = z.infer<typeof Shortage>;

const ConflictExtensions = z.object({
  cart: Cart.optional().catch(undefined),
  shortages: z.array(Shortage).optional().catch(undefined),
  remainingCredit: z.number().optional().catch(undefined),
  orderTotal: z.number().optional().catch(undefined),
});

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
  const extensions = ConflictExtensions.parse(error.problem);
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
