// The last few orders with their live status, and the way to all of them.
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { formatDateTime, formatRand } from "@/lib/format";
import { orderPath, OrderStatusBadge, useOrders } from "@/entities/orders";
import { useOrdersByStatus } from "../api/reports";
import { ReportState } from "./report-state";

const SHOWN = 5;

/** How many of the year's orders are in each status, the empty ones left out. */
function StatusCounts() {
  const report = useOrdersByStatus().data;
  const used = report?.statuses.filter((s) => s.orderCount > 0) ?? [];
  if (used.length === 0) return null;
  return (
    <ul aria-label="Orders in the last 12 months by status" className="mb-2 flex flex-wrap gap-x-3 gap-y-1.5">
      {used.map((s) => (
        <li key={s.status} className="flex items-center gap-1.5 text-sm">
          <OrderStatusBadge status={s.status} />
          <span className="font-semibold tabular-nums">{s.orderCount}</span>
        </li>
      ))}
    </ul>
  );
}

export function RecentOrders() {
  const query = useOrders();
  return (
    <>
      <StatusCounts />
      <RecentList query={query} />
    </>
  );
}

function RecentList({ query }: { query: ReturnType<typeof useOrders> }) {
  return (
    <ReportState
      query={query}
      empty={(orders) => orders.length === 0}
      emptyText="You have not placed any orders yet."
    >
      {(orders) => (
        <>
          <ul aria-label="Latest orders" className="divide-y divide-line">
            {orders.slice(0, SHOWN).map((order) => (
              <li
                key={order.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
              >
                <div className="min-w-0">
                  <Link
                    to={orderPath(order.id)}
                    className="inline-flex min-h-11 items-center font-bold text-brand underline-offset-4 hover:underline"
                  >
                    {order.orderId}
                  </Link>
                  <span className="ml-3 text-sm tabular-nums text-muted">
                    {formatDateTime(order.createdDate)}
                  </span>
                </div>
                <div className="flex items-center gap-3">
                  <OrderStatusBadge status={order.currentPastelStatus} />
                  <span className="font-semibold tabular-nums">{formatRand(order.totalPriceIncl)}</span>
                </div>
              </li>
            ))}
          </ul>
          <Link
            to={appRoutes.ordersHistory}
            className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline underline-offset-4"
          >
            All {orders.length} orders
          </Link>
        </>
      )}
    </ReportState>
  );
}
