// An order over its buyer's limit: the account's owner approves it (it goes to the
// back office) or rejects it with a reason for the buyer (its stock is released); anyone else
// sees whose approval it waits for and until when its stock is held.
import { useId } from "react";
import type { Order } from "@trade-shop/contracts/orders";
import { useMembership } from "@/entities/buyers";
import { formatDateTime } from "@/lib/format";
import { ApprovalDecision } from "./approval-decision";

export function ApprovalPanel({ order }: { order: Order }) {
  const membership = useMembership().data;
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
      <ApprovalDecision order={order} />
    </section>
  );
}
