// /hand-offs (Staff, Admin): orders on their way to the back office. Open hand-offs by default
// (pending, retrying, parked), each with its attempts, last error and next try; a waiting one
// (pending or retrying, perhaps holding its account's later orders) can be tried now, and a
// parked one (its tries used up, or refused outright) queued again once the cause is fixed.
import { useSearchParams } from "react-router";
import { RotateCcw, Send } from "lucide-react";
import type { HandOff, HandOffState } from "@trade-shop/contracts/backoffice";
import { formatDateTime } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { OrderStatusBadge } from "@/entities/orders";
import { useHandOffs, useRetryHandOff, type HandOffFilter } from "./api/hand-offs";
import { FilterButtons } from "@/lib/ui/filter-buttons";

const FILTERS: { value: HandOffFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "pending", label: "Pending" },
  { value: "retrying", label: "Retrying" },
  { value: "parked", label: "Parked" },
  { value: "done", label: "Done" },
];

const STATE_LOOK: Record<HandOffState, string> = {
  pending: "bg-surface-2 text-fg ring-line",
  retrying: "bg-accent/20 text-fg ring-accent",
  parked: "bg-surface text-danger ring-danger",
  done: "bg-brand-soft text-brand ring-brand/40",
};

function filterOf(value: string | null): HandOffFilter {
  return FILTERS.find((filter) => filter.value === value)?.value ?? "open";
}

function HandOffCard({ handOff }: { handOff: HandOff }) {
  const retry = useRetryHandOff();
  const fact = "flex flex-wrap gap-x-2";
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold">Order {handOff.orderNumber}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-bold capitalize ring-1 ${STATE_LOOK[handOff.state]}`}
          >
            {handOff.state}
          </span>
          <OrderStatusBadge status={handOff.currentPastelStatus} />
        </p>
        <p className="mt-1 text-sm">
          {handOff.accountName} <span className="text-muted">· {handOff.accountId}</span>
        </p>
        <dl className="mt-2 grid gap-1 text-sm text-muted sm:grid-cols-2">
          <div className={fact}>
            <dt>Queued</dt>
            <dd className="tabular-nums text-fg">{formatDateTime(handOff.createdAt)}</dd>
          </div>
          <div className={fact}>
            <dt>Attempts</dt>
            <dd className="tabular-nums text-fg">{handOff.attempts}</dd>
          </div>
          {handOff.nextAttemptAt && (
            <div className={fact}>
              <dt>Next try</dt>
              <dd className="tabular-nums text-fg">{formatDateTime(handOff.nextAttemptAt)}</dd>
            </div>
          )}
          {handOff.processedAt && (
            <div className={fact}>
              <dt>Handed over</dt>
              <dd className="tabular-nums text-fg">{formatDateTime(handOff.processedAt)}</dd>
            </div>
          )}
        </dl>
        {handOff.lastError && (
          <p className="mt-2 break-words rounded-lg bg-surface-2 px-3 py-2 font-mono text-xs text-fg">
            <span className="sr-only">Last error: </span>
            {handOff.lastError}
          </p>
        )}
      </div>
      {handOff.state === "parked" && (
        <button
          type="button"
          className={`${buttonClass("secondary")} shrink-0`}
          disabled={retry.isPending}
          onClick={() => retry.mutate(handOff)}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry order {handOff.orderNumber}
        </button>
      )}
      {(handOff.state === "pending" || handOff.state === "retrying") && (
        <button
          type="button"
          className={`${buttonClass("secondary")} shrink-0`}
          disabled={retry.isPending}
          onClick={() => retry.mutate(handOff)}
        >
          <Send aria-hidden="true" className="size-4" />
          Try order {handOff.orderNumber} now
        </button>
      )}
    </li>
  );
}

export function HandOffsPage() {
  useDocumentTitle("Order hand-offs");
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get("state"));
  const { data: handOffs, isPending, isError, error, refetch } = useHandOffs(filter);

  let body;
  if (isPending) body = <Loading label="Loading the hand-offs" />;
  else if (isError) {
    body = (
      <LoadFailed message="We could not load the hand-offs." error={error} onRetry={() => void refetch()} />
    );
  } else if (handOffs.length === 0) {
    body = (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6 text-muted">
        {filter === "open" ? "Every order has reached the back office." : `No ${filter} hand-offs.`}
      </p>
    );
  } else {
    body = (
      <ul
        aria-label="Hand-offs"
        className="mt-4 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
      >
        {handOffs.map((handOff) => (
          <HandOffCard key={handOff.id} handOff={handOff} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Order hand-offs
      </h1>
      <p className="mt-1 text-muted">Orders on their way to the back office. The list refreshes by itself.</p>
      <FilterButtons
        label="Show hand-offs"
        choices={FILTERS}
        value={filter}
        onChoose={(value) => setParams(value === "open" ? {} : { state: value }, { replace: true })}
      />
      {body}
    </section>
  );
}
