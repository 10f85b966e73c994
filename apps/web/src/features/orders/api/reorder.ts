// Reorder: puts an old order's lines back into the cart one by one at today's prices, then
// reports what changed (see ../reorder.ts). A refused line does not stop the others.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { successToast } from "../../../lib/ui/toasts";
import { api } from "@trade-shop/contracts/api";
import type { Cart } from "@trade-shop/contracts/cart";
import type { Order } from "@trade-shop/contracts/orders";
import { ApiError, apiRequest } from "../../../lib/api-client";
import {
  CART_KEY,
  ITEMS_ADDED,
  ITEMS_ADDED_TITLE,
  reloadCart,
  storeCart,
} from "../../../lib/cart/cart-queries";
import { useShopper } from "../../../lib/shopper";
import { NO_LONGER_SOLD, reorderReport, type ReorderReport } from "../reorder";

function refusalReason(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return NO_LONGER_SOLD;
  return error instanceof Error ? error.message : String(error);
}

export function useReorder() {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  return useMutation({
    mutationKey: [...CART_KEY, "reorder"],
    mutationFn: async (order: Order): Promise<{ report: ReorderReport; cart: Cart | undefined }> => {
      const failures = new Map<string, string>();
      let cart: Cart | undefined;
      for (const line of order.orderLines) {
        try {
          cart = await apiRequest(api.cart.addItem, {
            body: { skuCode: line.productId, quantity: line.quantity, dealReference: line.dealReference },
          });
        } catch (error) {
          failures.set(line.productId, refusalReason(error));
        }
      }
      cart ??= shopper === null ? undefined : await reloadCart(queryClient, shopper);
      return { report: reorderReport(order.orderLines, cart?.cartItems ?? [], failures), cart };
    },
    onSuccess: ({ report, cart }) => {
      if (cart && shopper) storeCart(queryClient, shopper, cart);
      if (report.added > 0) successToast(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED });
    },
  });
}
