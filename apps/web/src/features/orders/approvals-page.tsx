// /approvals: the account owner's inbox of orders over a buyer's limit (docs/screens.md
// Approvals). Each shows who placed it, its value, how long it has waited and how long its stock
// is still held, and is approved or rejected where it is listed. The header counts them.
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import type { AwaitingApproval } from "@trade-shop/contracts/buyers";
import { useApprovalsInbox, useMembership } from "@/entities/buyers";
import { orderPath } from "@/entities/orders";
import { useShopper } from "@/entities/shopper";
import { formatDateTime, formatRand } from "@/lib/format";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ApprovalDecision } from "./components/approval-decision";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A span of time as a trader says it: "45 min", "5 h", "1 d 20 h". */
export function spanText(ms: number): string {
  const span = Math.max(0, ms);
  if (span < HOUR) return `${Math.max(1, Math.floor(span / MINUTE))} min`;
  if (span < 48 * HOUR) return `${Math.floor(span / HOUR)} h`;
  const days = Math.floor(span / (24 * HOUR));
  const hours = Math.floor((span % (24 * HOUR)) / HOUR);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

function Waiting({ order, now }: { order: AwaitingApproval; now: number }) {
  const buyer = order.placedBy ?? "A buyer";
  const left = Date.parse(order.approvalDueAt!) - now;
  const lines = order.lineCount === 1 ? "1 line" : `${order.lineCount} lines`;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Link to={orderPath(order.id)} className="font-bold text-brand underline-offset-4 hover:underline">
          Order {order.orderId}
        </Link>
        <span className="font-bold tabular-nums">{formatRand(order.totalPriceIncl)}</span>
      </div>
      <p className="mt-1 text-sm">
        {buyer}, {spanText(now - Date.parse(order.createdDate))} ago · {lines}
        {order.buyerOrderLimit !== null && <> · over their limit of {formatRand(order.buyerOrderLimit)}</>}
      </p>
      <p className="mt-1 text-sm text-muted">
        {left > 0 ? (
          <>
            Stock held for {spanText(left)} more, until {formatDateTime(order.approvalDueAt!)}
          </>
        ) : (
          <>The hold has run out: the stock is being released</>
        )}
      </p>
      <ApprovalDecision order={order} />
    </li>
  );
}

function Inbox() {
  const inbox = useApprovalsInbox();
  if (inbox.isPending) return <Loading label="Loading the orders waiting for you" />;
  if (inbox.isError)
    return (
      <LoadFailed
        message="We could not load the orders waiting for your approval."
        error={inbox.error}
        onRetry={() => void inbox.refetch()}
      />
    );
  const { items } = inbox.data;
  if (items.length === 0)
    return (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">
        No orders are waiting for your approval.{" "}
        <Link to={appRoutes.buyers} className="font-semibold text-brand underline-offset-4 hover:underline">
          Buyers and their limits
        </Link>
      </p>
    );
  // Ages and holds as of the answer (refetched with every pushed order change and each 5 minutes).
  const now = inbox.dataUpdatedAt;
  return (
    <ul
      aria-label="Orders waiting for your approval"
      className="mt-4 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
    >
      {items.map((order) => (
        <Waiting key={order.id} order={order} now={now} />
      ))}
    </ul>
  );
}

export function ApprovalsPage() {
  useDocumentTitle("Approvals");
  const shopper = useShopper();
  const membership = useMembership();
  let body;
  if (shopper === null) body = <LoginPrompt what="the orders waiting for your approval" />;
  else if (membership.isPending) body = <Loading label="Loading your account" />;
  else if (membership.isError)
    body = (
      <LoadFailed
        message="We could not load your account."
        error={membership.error}
        onRetry={() => void membership.refetch()}
      />
    );
  else if (membership.data.accountRole !== "Owner")
    body = (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">
        {membership.data.ownerName} approves the orders over a buyer&apos;s limit.{" "}
        <Link
          to={appRoutes.ordersHistory}
          className="font-semibold text-brand underline-offset-4 hover:underline"
        >
          See the account&apos;s orders
        </Link>
      </p>
    );
  else body = <Inbox />;
  return (
    <section aria-labelledby="page-title" className="max-w-3xl py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Approvals
      </h1>
      <p className="mt-1 text-muted">
        Orders over a buyer&apos;s limit come to us only once you approve them. Their stock is held until
        then.
      </p>
      {body}
    </section>
  );
}
