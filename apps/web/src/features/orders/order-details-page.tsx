// /orders-history/:id (docs/screens.md): "Order {orderId}", Date Ordered (dd-MMM-yyyy HH:mm), Status,
// a PRODUCT/TOTAL table whose lines read "quantity x productDescription" with the line total
// excl. VAT, Shipping FREE, TOTAL (excl. VAT) and TOTAL (incl. VAT); a spinner while loading.
// Reorder checks the lines on the quick order pad; they can also go onto an order list. Opened
// from checkout, it is the order's confirmation: a panel at the top says it is placed and when it
// arrives (decision 149); the day, and Dispatched and Delivered with their times, stay below.
import { useEffect, useRef } from "react";
import { Link, useLocation, useParams } from "react-router";
import { ArrowLeft, CircleCheck } from "lucide-react";
import type { Order } from "@trade-shop/contracts/orders";
import { appRoutes } from "@trade-shop/contracts/routes";
import { formatDateTime, formatRand } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import {
  DayText,
  OrderStatusBadge,
  StatusChangedAt,
  expectedDayText,
  stillExpected,
  useOrder,
} from "@/entities/orders";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { buttonClass } from "@/lib/ui/button-styles";
import type { PlacedState } from "./api/place-order";
import { AddToOrderList } from "@/entities/order-lists";
import { formatCount } from "@/entities/products";
import { useShopper } from "@/entities/shopper";
import { InvoiceDownload } from "./components/invoice-download";
import { ReorderLink } from "./components/reorder-link";
import { ApprovalPanel } from "./components/approval-panel";
import { PaymentPanel } from "./components/payment-panel";
import { CancelOrder } from "./components/cancel-order";
import { ChangeOrder } from "./components/change-order";

const INVOICED = new Set(["Invoiced", "Dispatched", "Delivered"]);

function deliveryText(order: Order): string {
  if (!order.homeDelivery) return "Collection";
  const address = [order.address1, order.address2, order.address3, order.address4, order.address6]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(", ");
  return address ? `Home delivery to ${address}` : "Home delivery";
}

/** The confirmation at the top of an order just placed: what happens next, and when. */
function PlacedPanel({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The buyer arrives from the Place order button: reading starts here.
  useEffect(() => heading.current?.focus(), []);
  const awaiting = order.currentPastelStatus === "Awaiting approval";
  const unpaid = order.currentPastelStatus === "Awaiting payment";
  const day = expectedDayText(order);
  return (
    <section
      aria-labelledby="placed-title"
      className="mt-4 flex gap-3 rounded-xl border-2 border-brand bg-surface p-4 sm:max-w-2xl"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
      <div className="min-w-0">
        <h2 id="placed-title" ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
          {awaiting
            ? `Order ${order.orderId} waits for approval`
            : unpaid
              ? `Order ${order.orderId} waits for your payment`
              : `Thank you: order ${order.orderId} is placed`}
        </h2>
        {unpaid ? (
          <p className="mt-1">It comes to us once the part over your credit is paid: see below.</p>
        ) : awaiting ? (
          <p className="mt-1">
            It is over your order limit, so it comes to us once your account&apos;s owner approves it. Its
            stock is held for you meanwhile.
          </p>
        ) : (
          day && (
            <p className="mt-1 text-base font-semibold">
              <DayText text={day} />.
            </p>
          )
        )}
        <p className="mt-1 text-sm text-muted">
          Its status below changes as we work on it. You find it again under All orders.
        </p>
        <Link to={DEFAULT_LANDING} className={`${buttonClass("secondary")} mt-3`}>
          Continue shopping
        </Link>
      </div>
    </section>
  );
}

/** Expected, Dispatched and Delivered, each once it is known. */
function DeliveryFacts({ order }: { order: Order }) {
  const day = expectedDayText(order);
  return (
    <>
      {day && stillExpected(order.currentPastelStatus) && (
        <>
          <dt className="font-semibold text-muted">Expected</dt>
          <dd>
            <DayText text={day} />
          </dd>
        </>
      )}
      {order.dispatchedAt && (
        <>
          <dt className="font-semibold text-muted">Dispatched</dt>
          <dd className="tabular-nums">
            <time dateTime={order.dispatchedAt}>{formatDateTime(order.dispatchedAt)}</time>
          </dd>
        </>
      )}
      {order.deliveredAt && (
        <>
          <dt className="font-semibold text-muted">Delivered</dt>
          <dd className="tabular-nums">
            <time dateTime={order.deliveredAt}>{formatDateTime(order.deliveredAt)}</time>
            {order.deliveredSignedBy && <>, signed for by {order.deliveredSignedBy}</>}
          </dd>
        </>
      )}
    </>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const cell = "px-4 py-2.5";
  // The back office numbers the whole order; every line carries the same numbers.
  const salesOrder = order.orderLines.find((line) => line.pastelSalesOrderNumber)?.pastelSalesOrderNumber;
  const invoice = order.orderLines.find((line) => line.pastelInvoiceNumber)?.pastelInvoiceNumber;
  // The tax invoice is the customer's own document (a rep ordering for them may fetch it); staff read the order.
  const isCustomer = useShopper() !== null;
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 sm:max-w-2xl">
        <dt className="font-semibold text-muted">Date Ordered</dt>
        <dd className="tabular-nums">{formatDateTime(order.createdDate)}</dd>
        <dt className="font-semibold text-muted">Status</dt>
        {/* Changes arrive live (real-time stream), so a screen reader hears the new status. */}
        <dd aria-live="polite" data-testid="order-status">
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.currentPastelStatus} />
            {order.statusReason && <span className="text-sm">{order.statusReason}</span>}
          </span>
          <StatusChangedAt at={order.lastPastelStatusUpdate} />
        </dd>
        {salesOrder && (
          <>
            <dt className="font-semibold text-muted">Sales order</dt>
            <dd className="tabular-nums">{salesOrder}</dd>
          </>
        )}
        {invoice && (
          <>
            <dt className="font-semibold text-muted">Invoice</dt>
            <dd className="tabular-nums">{invoice}</dd>
          </>
        )}
        {order.placedBy && (
          <>
            <dt className="font-semibold text-muted">Placed by</dt>
            <dd>{order.placedBy}</dd>
          </>
        )}
        {order.decidedBy && order.decidedAt && (
          <>
            <dt className="font-semibold text-muted">
              {order.currentPastelStatus === "Rejected" ? "Rejected by" : "Approved by"}
            </dt>
            <dd>
              {order.decidedBy}, <time dateTime={order.decidedAt}>{formatDateTime(order.decidedAt)}</time>
            </dd>
          </>
        )}
        {order.linesChangedAt && (
          <>
            <dt className="font-semibold text-muted">Changed</dt>
            <dd>
              <time dateTime={order.linesChangedAt}>{formatDateTime(order.linesChangedAt)}</time>
              {order.linesChangedBy && <> by {order.linesChangedBy}</>}
            </dd>
          </>
        )}
        {order.suppliedId && (
          <>
            <dt className="font-semibold text-muted">Reference</dt>
            <dd className="break-words">{order.suppliedId}</dd>
          </>
        )}
        <dt className="font-semibold text-muted">Delivery</dt>
        <dd>{deliveryText(order)}</dd>
        <DeliveryFacts order={order} />
      </dl>
      <ApprovalPanel order={order} />
      <PaymentPanel order={order} />
      <ChangeOrder order={order} />
      <CancelOrder order={order} />

      <div className="mt-6 max-w-3xl overflow-hidden rounded-xl border border-line bg-surface">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Products on order {order.orderId}</caption>
          <thead className="bg-surface-2 text-xs font-bold tracking-wide text-muted">
            <tr>
              <th scope="col" className={cell}>
                PRODUCT
              </th>
              <th scope="col" className={`${cell} text-right`}>
                TOTAL
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {order.orderLines.map((line) => (
              <tr key={line.productId}>
                <td className={cell}>
                  {line.quantity} x {line.productDescription}
                </td>
                <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                  {formatRand(line.totalPriceExcl)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-line">
            <tr>
              <th scope="row" className={`${cell} font-semibold`}>
                Shipping
              </th>
              <td className={`${cell} text-right font-semibold`}>FREE</td>
            </tr>
            <tr>
              <th scope="row" className={`${cell} font-semibold`}>
                TOTAL (excl. VAT)
              </th>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                {formatRand(order.totalPriceExcl)}
              </td>
            </tr>
            <tr>
              <th scope="row" className={`${cell} text-lg font-bold`}>
                TOTAL (incl. VAT)
              </th>
              <td className={`${cell} whitespace-nowrap text-right text-lg font-extrabold tabular-nums`}>
                {formatRand(order.totalPriceIncl)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <ReorderLink id={order.id} orderId={order.orderId} />
        {invoice && isCustomer && INVOICED.has(order.currentPastelStatus) && (
          <InvoiceDownload orderId={order.id} invoiceNumber={invoice} />
        )}
        <AddToOrderList
          what={`${order.orderLines.length === 1 ? "1 line" : `${formatCount(order.orderLines.length)} lines`} of order ${order.orderId}`}
          lines={() => order.orderLines.map((line) => ({ skuCode: line.productId, quantity: line.quantity }))}
        />
      </div>
    </>
  );
}

export function OrderDetailsPage() {
  const { id = "" } = useParams();
  const { data: order, isPending, isError, shopper, valid } = useOrder(Number(id));
  const placed = (useLocation().state as PlacedState | null)?.placed === true;
  useDocumentTitle(order ? `Order ${order.orderId}` : "Order");

  let body;
  if (shopper === null) body = <LoginPrompt what="orders" />;
  else if (!valid || isError) {
    body = (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">
        There is no order {id} on your account.
      </p>
    );
  } else if (isPending) body = <Loading label="Loading the order" />;
  else
    body = (
      <>
        {placed && <PlacedPanel order={order} />}
        <OrderDetails order={order} />
      </>
    );

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <Link
        to={appRoutes.ordersHistory}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All orders
      </Link>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {order ? `Order ${order.orderId}` : "Order"}
      </h1>
      {body}
    </section>
  );
}
