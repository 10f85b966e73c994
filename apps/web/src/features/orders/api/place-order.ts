// Placing the order (docs/behaviour.md): the cart is loaded again and its total incl. VAT, rounded to the
// cent, compared with the total the customer is placing. A difference shows the prices warning
// and creates nothing; otherwise POST /api/Order. Success empties the cart, says "Order has been
// Placed" (Order Created) and opens the order's own page as its confirmation: its number, lines,
// delivery day and live status (decision 149). The server re-checks everything and answers a
// repeat of the same cart's orderReference with the first order.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { successToast, toast } from "@/lib/ui/toasts";
import { orderRoutes } from "@trade-shop/contracts/orders";
import { paymentRoutes } from "@trade-shop/contracts/payments";
import { formatRand } from "@/lib/format";
import { postToPayFast } from "@/entities/payments";
import type { Cart } from "@trade-shop/contracts/cart";
import type { Order } from "@trade-shop/contracts/orders";
import { apiRequest } from "@/lib/api-client";
import { CART_KEY, emptiedCart, reloadCart, sameTotal, storeCart } from "@/entities/cart";
import { useShopper } from "@/entities/shopper";
import { buildCreateOrder, type CheckoutChoices } from "../create-order";
import { PRICES_CHANGED, placementProblem } from "../placement-problem";
import { ACCOUNT_KEY } from "@/entities/account";
import { ORDERS_KEY, getOrderQueryOptions, orderPath } from "@/entities/orders";

/** What the order page is told when it opens as the confirmation of an order just placed. */
export interface PlacedState {
  placed: true;
}

export const ORDER_PLACED = "Order has been Placed";
export const ORDER_PLACED_TITLE = "Order Created";
/** An order over the buyer's limit waits for the account owner; the buyer is told so. */
export const ORDER_AWAITS_APPROVAL_TITLE = "Order sent for approval";
export const orderAwaitsApproval = (order: Pick<Order, "orderId">) =>
  `Order ${order.orderId} is over your order limit: it comes to us once your account's owner approves it.`;

/** An order over credit placed to wait for the part over it, paid online now (docs/payments.md). */
export const ORDER_AWAITS_PAYMENT_TITLE = "Order placed: now pay";
export const orderAwaitsPayment = (order: Pick<Order, "orderId" | "amountToPay">) =>
  `Order ${order.orderId} comes to us once the ${formatRand(order.amountToPay ?? 0)} over your credit is paid. Taking you to PayFast…`;

export type PlaceOrderOutcome = { kind: "placed"; order: Order } | { kind: "prices-changed" };

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const shopper = useShopper();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: [...ORDERS_KEY, "place"],
    mutationFn: async ({
      shown,
      choices,
    }: {
      shown: Cart;
      choices: CheckoutChoices;
    }): Promise<PlaceOrderOutcome> => {
      const current = shopper === null ? undefined : await reloadCart(queryClient, shopper);
      if (!current || !sameTotal(current.totalPriceIncl, shown.totalPriceIncl))
        return { kind: "prices-changed" };
      const order = await apiRequest(orderRoutes.create, {
        body: buildCreateOrder(shown, choices, new Date()),
      });
      return { kind: "placed", order };
    },
    onSuccess: (outcome, { shown }) => {
      if (outcome.kind === "prices-changed") {
        toast.warning(PRICES_CHANGED);
        return;
      }
      // The server emptied the cart and gave it a new orderReference; show it empty until that loads.
      if (shopper) storeCart(queryClient, shopper, emptiedCart(shown));
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      // The order page opens at once with the order as placed; the stream keeps it current.
      if (shopper)
        queryClient.setQueryData(getOrderQueryOptions(shopper, outcome.order.id).queryKey, outcome.order);
      navigate(orderPath(outcome.order.id), { state: { placed: true } satisfies PlacedState });
      if (outcome.order.currentPastelStatus === "Awaiting payment") {
        // Straight on to PayFast for the part over credit; the order's page, under it, says what
        // it waits for and has the Pay button should the payment not be made now.
        successToast(ORDER_AWAITS_PAYMENT_TITLE, {
          description: orderAwaitsPayment(outcome.order),
          duration: 8000,
        });
        void apiRequest(paymentRoutes.start, { body: { orderId: outcome.order.id } })
          .then(postToPayFast)
          .catch(() => undefined); // the API client has shown why; the order page offers Pay again
      } else if (outcome.order.currentPastelStatus === "Awaiting approval") {
        successToast(ORDER_AWAITS_APPROVAL_TITLE, {
          description: orderAwaitsApproval(outcome.order),
          duration: 8000,
        });
      } else successToast(ORDER_PLACED_TITLE, { description: ORDER_PLACED });
    },
    onError: (error) => {
      const problem = placementProblem(error);
      // A refusal over prices carries the cart as the server priced it: show that one.
      if (problem.kind === "prices-changed" && problem.cart && shopper)
        storeCart(queryClient, shopper, problem.cart);
      else void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}
