// /orders-history: the account's orders, newest first (the server's order), each with its date,
// order number (linking to its details), the customer's reference, back-office status, totals
// and Reorder. Found by number, reference or product, status and dates (filters in the URL);
// after a search focus goes to the results heading, not back through the filters. A table's
// columns from 768 px, compact stacked rows below. The server sends 50 at a time (docs/api.md);
// "Load more orders" asks for the next 50, and focus stays on it for the next press.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Package } from "lucide-react";
import type { OrderHistoryEntry } from "@trade-shop/contracts/orders";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import {
  expectedDayText,
  orderPath,
  OrderStatusBadge,
  StatusChangedAt,
  stillExpected,
  useOrderHistory,
} from "@/entities/orders";
import { ReorderLink } from "./components/reorder-link";
import { HistoryFilters, historyFilter, historyParams, isFiltered } from "./components/history-filters";
import { useAccountBuyers } from "@/entities/buyers";

const COLUMNS =
  "md:grid md:grid-cols-[minmax(0,1.1fr)_minmax(0,1.2fr)_minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)_auto] md:items-center md:gap-4";
const cellLabel = "text-xs font-semibold text-muted md:sr-only";

/** When an order came, or the day an open one is expected; nothing for a rejected one. */
function DeliveryDay({ order }: { order: OrderHistoryEntry }) {
  if (order.deliveredAt)
    return (
      <span className="block text-xs">
        Delivered <time dateTime={order.deliveredAt}>{formatDateTime(order.deliveredAt)}</time>
      </span>
    );
  const day = expectedDayText(order);
  if (!day || !stillExpected(order.currentPastelStatus)) return null;
  return <span className="block text-xs">{day}</span>;
}

function OrderRow({ order }: { order: OrderHistoryEntry }) {
  return (
    <li className={`grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 md:gap-y-2 ${COLUMNS}`}>
      <div className="col-span-2 md:col-span-1">
        <span className={cellLabel}>Order </span>
        <Link
          to={orderPath(order.id)}
          className="inline-flex min-h-11 items-center font-bold text-brand underline-offset-4 hover:underline"
        >
          {order.orderId}
        </Link>
        {order.placedBy && <span className="block text-xs text-muted">Placed by {order.placedBy}</span>}
      </div>
      <dl className="contents">
        <div>
          <dt className={cellLabel}>Date</dt>
          <dd className="tabular-nums">{formatDateTime(order.createdDate)}</dd>
        </div>
        <div>
          <dt className={cellLabel}>Reference</dt>
          <dd className="break-words">{order.suppliedId ?? <span className="text-muted">None</span>}</dd>
        </div>
        <div>
          <dt className={cellLabel}>Status</dt>
          <dd>
            <OrderStatusBadge status={order.currentPastelStatus} />
            <StatusChangedAt at={order.lastPastelStatusUpdate} />
            <DeliveryDay order={order} />
          </dd>
        </div>
        <div className="hidden md:block md:text-right">
          <dt className={cellLabel}>Total excl. VAT</dt>
          <dd className="tabular-nums">{formatRand(order.totalPriceExcl)}</dd>
        </div>
        <div className="md:text-right">
          <dt className={cellLabel}>Total incl. VAT</dt>
          <dd className="font-semibold tabular-nums">{formatRand(order.totalPriceIncl)}</dd>
        </div>
      </dl>
      <div className="flex items-center md:justify-end">
        <ReorderLink id={order.id} orderId={order.orderId} variant="secondary" className="px-3" labelled />
      </div>
    </li>
  );
}

export function OrdersHistoryPage() {
  useDocumentTitle("Order history");
  const [params, setParams] = useSearchParams();
  const filter = historyFilter(params);
  const filtered = isFiltered(filter);
  const {
    orders,
    isPending,
    isError,
    error,
    refetch,
    shopper,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useOrderHistory(filter);
  const results = useRef<HTMLHeadingElement>(null);
  const [searched, setSearched] = useState(0);
  const buyers = useAccountBuyers();

  // After a search, keyboard users land on what it found rather than at the top of the filters.
  useEffect(() => {
    if (searched > 0 && !isPending) results.current?.focus();
  }, [searched, isPending]);

  const search = (next: typeof filter) => {
    setParams(historyParams(next));
    setSearched((n) => n + 1);
  };

  let body;
  if (shopper === null) body = <LoginPrompt what="orders" />;
  else if (isPending) body = <Loading label="Loading your orders" />;
  else if (isError || !orders) {
    body = (
      <LoadFailed message="We could not load your orders." error={error} onRetry={() => void refetch()} />
    );
  } else if (orders.length === 0 && !filtered) {
    body = (
      <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6">
        <p className="flex items-center gap-2 text-muted">
          <Package aria-hidden="true" className="size-5" />
          You have not placed any orders yet.
        </p>
        <Link to={DEFAULT_LANDING} className={buttonClass()}>
          Browse products
        </Link>
      </div>
    );
  } else {
    // While more pages wait, the count is of those loaded so far.
    const count = `${hasNextPage ? "The latest " : ""}${orders.length} ${orders.length === 1 ? "order" : "orders"}`;
    body = (
      <>
        <HistoryFilters filter={filter} onChange={search} buyers={buyers} />
        <h2
          ref={results}
          tabIndex={-1}
          className="mt-4 text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          {filtered ? `${count} found` : `${count}, newest first`}
        </h2>
        {orders.length === 0 ? (
          <p className="mt-2 text-muted">No orders match. Try fewer words, another status or wider dates.</p>
        ) : (
          <div className="mt-2 overflow-hidden rounded-xl border border-line bg-surface">
            <div
              aria-hidden="true"
              className={`hidden border-b border-line bg-surface-2 px-4 py-2 text-xs font-bold uppercase tracking-wide text-muted ${COLUMNS}`}
            >
              <span>Order</span>
              <span>Date</span>
              <span>Reference</span>
              <span>Status</span>
              <span className="text-right">Excl. VAT</span>
              <span className="text-right">Incl. VAT</span>
              <span className="sr-only">Reorder</span>
            </div>
            <ul aria-label="Your orders" className="divide-y divide-line">
              {orders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
          </div>
        )}
        {hasNextPage && (
          <button
            type="button"
            className={`${buttonClass("secondary")} mt-4 w-full sm:w-auto`}
            aria-disabled={isFetchingNextPage}
            onClick={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
          >
            {isFetchingNextPage ? "Loading more orders…" : "Load more orders"}
          </button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Order history
      </h1>
      {body}
    </section>
  );
}
