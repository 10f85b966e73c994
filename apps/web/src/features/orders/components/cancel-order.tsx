// Cancelling an order from its page (docs/rules.md "Cancelling an order"): at once while the back
// office does not have it, or asked of the back office, which decides; what became of a request
// is said here. A Viewer sees no button (the server refuses one anyway).
import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { orderRoutes, type Order } from "@trade-shop/contracts/orders";
import { ACCOUNT_KEY } from "@/entities/account";
import { useMembership } from "@/entities/buyers";
import { ORDERS_KEY } from "@/entities/orders";
import { apiRequest } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { successToast } from "@/lib/ui/toasts";

function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(orderRoutes.cancel, { params: { id }, body: {} }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ORDERS_KEY });
      await client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
  });
}

export function CancelOrder({ order }: { order: Order }) {
  const membership = useMembership().data;
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const id = useId();
  if (membership?.accountRole === "Viewer") return null;

  if (order.cancelRequestedAt && order.currentPastelStatus !== "Cancelled") {
    return (
      <p role="status" className="mt-4 max-w-3xl rounded-xl border border-accent bg-accent/10 p-4 text-sm">
        <span className="font-semibold">You asked us to cancel this order</span> on{" "}
        {formatDateTime(order.cancelRequestedAt)}. We stop it if picking has not started, and say so here.
      </p>
    );
  }
  const refused = order.cancelRefusedReason && order.currentPastelStatus !== "Cancelled" && (
    <p role="status" className="mt-4 max-w-3xl rounded-xl border border-line bg-surface p-4 text-sm">
      <span className="font-semibold">We could not cancel this order:</span> {order.cancelRefusedReason}
    </p>
  );
  if (!order.cancel) return refused || null;

  const now = order.cancel === "now";
  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: (answer) => {
        setAsking(false);
        successToast(
          answer.currentPastelStatus === "Cancelled" ? "Order cancelled" : "Cancellation asked for",
          {
            description:
              answer.currentPastelStatus === "Cancelled"
                ? `Order ${order.orderId} is cancelled: its stock is back and your credit is free again.`
                : `We stop order ${order.orderId} if picking has not started, and say so on its page.`,
          },
        );
      },
    });

  return (
    <>
      {refused}
      {!asking ? (
        <button type="button" className={`${buttonClass("secondary")} mt-4`} onClick={() => setAsking(true)}>
          <Ban aria-hidden="true" className="size-4" />
          {now ? "Cancel order…" : "Ask us to cancel…"}
        </button>
      ) : (
        <section
          aria-labelledby={`${id}-title`}
          className="mt-4 max-w-3xl rounded-xl border-2 border-danger bg-surface p-4"
        >
          <h2 id={`${id}-title`} className="font-bold">
            Cancel order {order.orderId}?
          </h2>
          <p className="mt-1 text-sm">
            {now
              ? "It has not gone to the warehouse yet: it is cancelled at once, its stock goes back and nothing is charged."
              : "The warehouse has it already: we ask it to stop the order, and it can only if picking has not started."}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass()}
              disabled={cancel.isPending}
              onClick={confirm}
              autoFocus
            >
              {now ? "Yes, cancel it" : "Yes, ask to cancel"}
            </button>
            <button type="button" className={buttonClass("secondary")} onClick={() => setAsking(false)}>
              Keep the order
            </button>
          </div>
        </section>
      )}
    </>
  );
}
