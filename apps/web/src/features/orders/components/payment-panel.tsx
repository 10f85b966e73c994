// An order over the account's credit that waits for the part over it to be paid online
// (docs/payments.md): how much, until when its stock is held, and the Pay button that goes to
// PayFast. Paid, it goes to us by itself; the status above changes through the stream.
import { useId } from "react";
import { CreditCard } from "lucide-react";
import type { Order } from "@trade-shop/contracts/orders";
import { useMembership } from "@/entities/buyers";
import { useStartPayment } from "@/entities/payments";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";

export function PaymentPanel({ order }: { order: Order }) {
  const membership = useMembership().data;
  const start = useStartPayment();
  const id = useId();
  if (order.currentPastelStatus !== "Awaiting payment" || order.amountToPay === null) return null;
  const held = order.paymentDueAt ? formatDateTime(order.paymentDueAt) : null;
  const viewer = membership?.accountRole === "Viewer";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 max-w-3xl rounded-xl border-2 border-accent bg-accent/10 p-4"
    >
      <h2 id={`${id}-title`} className="font-bold">
        Waiting for {formatRand(order.amountToPay)} to be paid
      </h2>
      <p className="mt-1 text-sm">
        This order is {formatRand(order.amountToPay)} over your account&apos;s credit. Pay that by card or
        instant EFT and it comes to us at once.
        {held && <> Its stock is held until {held}; if it is not paid by then, the order is cancelled.</>}
      </p>
      {!viewer && (
        <button
          type="button"
          className={`${buttonClass("primary")} mt-3`}
          disabled={start.isPending}
          onClick={() => start.mutate({ orderId: order.id })}
        >
          <CreditCard aria-hidden="true" className="size-4" />
          {start.isPending ? "Going to PayFast…" : `Pay ${formatRand(order.amountToPay)} now`}
        </button>
      )}
    </section>
  );
}
