// An order's back-office status (docs/rules.md) as a badge: its name always in words, the colour
// only a second cue.
import type { OrderStatus } from "@trade-shop/contracts/orders";
import { formatDateTime } from "@/lib/format";

const LOOK: Record<OrderStatus, string> = {
  "Awaiting approval": "bg-accent/20 text-fg ring-accent",
  "Awaiting payment": "bg-accent/20 text-fg ring-accent",
  Pending: "bg-surface-2 text-fg ring-line",
  Submitted: "bg-brand-soft text-brand ring-brand/40",
  Picking: "bg-brand-soft text-brand ring-brand/40",
  Invoiced: "bg-brand-soft text-brand ring-brand/40",
  Dispatched: "bg-accent/20 text-fg ring-accent",
  Delivered: "bg-brand-bg text-on-brand ring-brand-bg",
  "On Hold": "bg-accent text-on-accent ring-accent",
  Rejected: "bg-surface text-danger ring-danger",
  Cancelled: "bg-surface text-muted ring-line",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex w-fit items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${LOOK[status]}`}
    >
      {status}
    </span>
  );
}

/** When the back office last changed the status (docs/rules.md lastPastelStatusUpdate). */
export function StatusChangedAt({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <span className="block text-xs text-muted">
      Updated <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}
