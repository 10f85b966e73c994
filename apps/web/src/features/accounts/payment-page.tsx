// /payments/:reference: where PayFast sends the payer back (docs/payments.md). PayFast tells the
// shop how the payment went by its own notification, which may come a moment after the payer: the
// page asks until it knows (two minutes at most), then says it is paid (with the receipt, and the
// order it paid for), failed, or, when the payer cancelled at PayFast, that nothing changed.
import { useParams, useSearchParams, Link } from "react-router";
import { CircleCheck, CircleX, Download, LoaderCircle } from "lucide-react";
import { paymentRoutes } from "@trade-shop/contracts/payments";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiDownload } from "@/lib/api-client";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { useDocumentTitle } from "@/lib/use-document-title";
import { orderPath } from "@/entities/orders";
import { usePayment } from "@/entities/payments";

const link = "inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4";

export function PaymentPage() {
  useDocumentTitle("Payment");
  const { reference = "" } = useParams();
  const [search] = useSearchParams();
  const cancelled = search.get("cancelled") === "1";
  const payment = usePayment(reference);

  let body;
  if (payment.isPending) body = <Loading label="Loading your payment" />;
  else if (payment.isError)
    body = (
      <LoadFailed
        message="We could not load this payment."
        error={payment.error}
        onRetry={() => void payment.refetch()}
      />
    );
  else {
    const p = payment.data;
    // Never broken between "R9" and "950.31".
    const amount = formatRand(p.amount).replaceAll(" ", "\u00a0");
    const { waitedOut } = payment;
    if (p.status === "Paid") {
      body = (
        <div
          role="status"
          className="mt-4 flex gap-3 rounded-xl border-2 border-brand bg-surface p-4 sm:max-w-2xl"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
          <div className="min-w-0">
            <h2 className="text-lg font-bold">Thank you: {amount} is paid</h2>
            <p className="mt-1">
              It is on your account&apos;s statement{p.paidAt && <> from {formatDateTime(p.paidAt)}</>}, and
              your remaining credit is up by {amount}.
              {p.orderNumber && <> Order {p.orderNumber} has gone to us for picking.</>}
            </p>
            <p className="mt-1 text-sm text-muted">Reference {p.reference}</p>
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
              <button
                type="button"
                className={buttonClass("primary")}
                onClick={() =>
                  void apiDownload(paymentRoutes.receipt, { params: { reference: p.reference } }).catch(
                    () => undefined, // the API client has shown why
                  )
                }
              >
                <Download aria-hidden="true" className="size-4" />
                Download receipt
              </button>
              {p.orderId !== null && (
                <Link to={orderPath(p.orderId)} className={link}>
                  See order {p.orderNumber}
                </Link>
              )}
              <Link to={appRoutes.statements} className={link}>
                Statements
              </Link>
            </div>
          </div>
        </div>
      );
    } else if (p.status === "Failed" || p.status === "Cancelled" || cancelled) {
      body = (
        <div
          role="alert"
          className="mt-4 flex gap-3 rounded-xl border-2 border-danger bg-surface p-4 sm:max-w-2xl"
        >
          <CircleX aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-danger" />
          <div className="min-w-0">
            <h2 className="text-lg font-bold">
              {cancelled || p.status === "Cancelled" ? "Payment cancelled" : "The payment did not go through"}
            </h2>
            <p className="mt-1">
              {cancelled || p.status === "Cancelled"
                ? `You cancelled the payment of ${amount} at PayFast: nothing was paid and nothing changed.`
                : `PayFast could not take the payment of ${amount}: nothing was paid and nothing changed.`}
              {p.orderNumber && <> Order {p.orderNumber} still waits for its payment.</>}
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
              <Link
                to={p.orderId !== null ? orderPath(p.orderId) : appRoutes.statements}
                className={buttonClass("primary")}
              >
                Try again
              </Link>
            </div>
          </div>
        </div>
      );
    } else {
      body = (
        <div
          role="status"
          className="mt-4 flex gap-3 rounded-xl border border-line bg-surface p-4 sm:max-w-2xl"
        >
          {!waitedOut && <LoaderCircle aria-hidden="true" className="mt-0.5 size-6 shrink-0 animate-spin" />}
          <div className="min-w-0">
            <h2 className="text-lg font-bold">
              {waitedOut ? "PayFast has not confirmed it yet" : "Waiting for PayFast to confirm…"}
            </h2>
            <p className="mt-1">
              {waitedOut
                ? `Your payment of ${amount} shows here, and on your statement, as soon as PayFast confirms it. You may close this page.`
                : `Your payment of ${amount} is being confirmed. This takes a few seconds.`}
            </p>
          </div>
        </div>
      );
    }
  }

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Payment
      </h1>
      {body}
    </section>
  );
}
