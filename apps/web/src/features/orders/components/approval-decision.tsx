// The owner's two answers to an order waiting for approval: approve it (it goes to us) or
// reject it with a reason the buyer is told (its stock is released). Used on the order's page
// and in each row of the approvals inbox.
import { useId, useState } from "react";
import { Check, X } from "lucide-react";
import { useDecideOrder } from "@/entities/buyers";
import { buttonClass } from "@/lib/ui/button-styles";
import { successToast } from "@/lib/ui/toasts";
import { ReasonField } from "@/lib/ui/reason-field";

export function ApprovalDecision({
  order,
}: {
  order: { id: number; orderId: string; placedBy: string | null };
}) {
  const decide = useDecideOrder();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  const buyer = order.placedBy ?? "the buyer";

  // The promise, not mutate's callbacks: in the inbox the decided order's row is gone (and these
  // callbacks with it) by the time the refetch that follows the decision settles.
  const approve = () =>
    decide.mutateAsync({ id: order.id, approve: true }).then(
      () => successToast("Order approved", { description: `Order ${order.orderId} is on its way to us.` }),
      () => undefined,
    );

  const reject = () => {
    if (reason.trim() === "") {
      setReasonError(`Enter a reason for ${buyer}`);
      return;
    }
    decide.mutateAsync({ id: order.id, approve: false, reason: reason.trim() }).then(
      () => successToast("Order rejected", { description: `${buyer} is told why; the stock is released.` }),
      () => undefined,
    );
  };

  if (!rejecting) {
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass()}
          disabled={decide.isPending}
          aria-label={`Approve order ${order.orderId}`}
          onClick={approve}
        >
          <Check aria-hidden="true" className="size-4" />
          Approve
        </button>
        <button
          type="button"
          className={buttonClass("secondary")}
          aria-label={`Reject order ${order.orderId}…`}
          onClick={() => setRejecting(true)}
        >
          <X aria-hidden="true" className="size-4" />
          Reject…
        </button>
      </div>
    );
  }

  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        reject();
      }}
    >
      <ReasonField
        id={`${id}-reason`}
        label={`Reason for ${buyer}`}
        value={reason}
        error={reasonError}
        onChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass()} disabled={decide.isPending}>
          Reject order
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={() => setRejecting(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
