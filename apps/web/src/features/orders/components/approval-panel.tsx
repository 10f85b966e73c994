// An order over its buyer's limit: the account's owner approves it (it goes to the
// back office) or rejects it with a reason for the buyer (its stock is released); anyone else
// sees whose approval it waits for and until when its stock is held.
import { useId, useState } from "react";
import { Check, X } from "lucide-react";
import type { Order } from "@trade-shop/contracts/orders";
import { useDecideOrder, useMembership } from "@/entities/buyers";
import { formatDateTime } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { inputClass, labelClass } from "@/lib/ui/form-controls";
import { successToast } from "@/lib/ui/toasts";

export function ApprovalPanel({ order }: { order: Order }) {
  const membership = useMembership().data;
  const decide = useDecideOrder();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  if (order.currentPastelStatus !== "Awaiting approval" || !membership) return null;
  const buyer = order.placedBy ?? "A buyer";
  const held = order.approvalDueAt ? formatDateTime(order.approvalDueAt) : null;

  if (membership.accountRole !== "Owner") {
    return (
      <div role="status" className="mt-4 max-w-3xl rounded-xl border border-accent bg-accent/10 p-4">
        <p className="font-semibold">Waiting for {membership.ownerName}&apos;s approval</p>
        <p className="mt-1 text-sm">
          This order is over the order limit, so it goes to us once {membership.ownerName} approves it.
          {held && <> Its stock is held until {held}; if nobody approves it by then, it is released.</>}
        </p>
      </div>
    );
  }

  const reject = () => {
    if (reason.trim() === "") {
      setReasonError(`Enter a reason for ${buyer}`);
      return;
    }
    decide.mutate(
      { id: order.id, approve: false, reason: reason.trim() },
      {
        onSuccess: () =>
          successToast("Order rejected", { description: `${buyer} is told why; the stock is released.` }),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 max-w-3xl rounded-xl border border-accent bg-accent/10 p-4"
    >
      <h2 id={`${id}-title`} className="font-bold">
        Waiting for your approval
      </h2>
      <p className="mt-1 text-sm">
        {buyer} placed this order over their order limit. It goes to us only once you approve it.
        {held && <> Its stock is held until {held}.</>}
      </p>
      {!rejecting ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass()}
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate(
                { id: order.id, approve: true },
                {
                  onSuccess: () =>
                    successToast("Order approved", {
                      description: `Order ${order.orderId} is on its way to us.`,
                    }),
                },
              )
            }
          >
            <Check aria-hidden="true" className="size-4" />
            Approve order
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={() => setRejecting(true)}>
            <X aria-hidden="true" className="size-4" />
            Reject…
          </button>
        </div>
      ) : (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            reject();
          }}
        >
          <label htmlFor={`${id}-reason`} className={labelClass}>
            Reason for {buyer}
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            autoFocus
            aria-invalid={reasonError !== null}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            className={inputClass(reasonError !== null)}
          />
          {reasonError && (
            <p id={`${id}-reason-error`} className="text-sm font-semibold text-danger">
              {reasonError}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass()} disabled={decide.isPending}>
              Reject order
            </button>
            <button type="button" className={buttonClass("secondary")} onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
