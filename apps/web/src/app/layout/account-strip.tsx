// The logged-in customer's Current Balance and Remaining Credit (docs/screens.md: each shown in rand
// only when a value is present), kept current by the real-time stream, and whether that
// stream is connected (docs/behaviour.md real-time connection flag): a customer deciding what to order
// at 6 a.m. should know whether the figures in front of them are live.
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useAccountState } from "@/entities/account";
import { useRealtimeStatus, type RealtimeStatus } from "../realtime/realtime-status";
import { formatRand } from "@/lib/format";
import { AlertsStripLink } from "@/features/alerts/alerts-bell";

const STATUS: Record<Exclude<RealtimeStatus, "off">, { label: string; dot: string; title: string }> = {
  live: { label: "Live", dot: "bg-brand", title: "Balance, credit and order status update by themselves" },
  connecting: { label: "Connecting…", dot: "bg-line", title: "Connecting for live updates" },
  reconnecting: {
    label: "Reconnecting…",
    dot: "bg-accent",
    title: "Live updates are interrupted; the figures may be out of date until they return",
  },
};

function LiveFlag() {
  const status = useRealtimeStatus();
  if (status === "off") return null;
  const look = STATUS[status];
  return (
    <p
      className="ml-auto inline-flex items-center gap-1.5 text-xs text-muted"
      title={look.title}
      data-realtime={status}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${look.dot}`} />
      <span className="sr-only">Live updates: </span>
      {/* On a phone the dot alone (its title and name say which), so the figures keep one row. */}
      <span className="sr-only sm:not-sr-only">{look.label}</span>
    </p>
  );
}

/**
 * The label in full at every width (docs/screens.md's words): on a phone in small type over its
 * amount, so both figures share one row at 390 px whatever their size; from 640 px beside it.
 */
function Figure({ label, amount, testId }: { label: string; amount: number | null; testId: string }) {
  if (amount === null) return null;
  return (
    <div className="flex flex-col sm:flex-row sm:items-baseline sm:gap-1.5">
      <dt className="text-xs leading-none text-muted sm:text-sm sm:leading-5">{label}</dt>
      <dd className="font-semibold leading-4 tabular-nums sm:leading-5" data-testid={testId}>
        {formatRand(amount)}
      </dd>
    </div>
  );
}

export function AccountStrip() {
  const { dcBalance, remainingCredit } = useAccountState();
  return (
    // Its own landmark, now that it sits below the header rather than in it.
    <section aria-label="Your account" className="border-t border-line bg-surface-2/60">
      {/* The figures' height from the start, so their arriving moves nothing below them. */}
      <div className="mx-auto flex min-h-8 max-w-7xl items-center gap-x-3 px-3 py-0.5 text-sm sm:gap-x-5 sm:px-4 sm:py-1 lg:px-6">
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-0.5 sm:gap-x-5">
          <Figure label="Current Balance" amount={dcBalance} testId="header-balance" />
          <Figure label="Remaining Credit" amount={remainingCredit} testId="header-credit" />
        </dl>
        {(dcBalance !== null || remainingCredit !== null) && (
          <Link
            to={appRoutes.accountDashboard}
            className="hidden min-h-6 items-center text-sm text-brand underline underline-offset-4 sm:inline-flex"
          >
            My account
          </Link>
        )}
        <LiveFlag />
        {/* A phone's bell (issue 36); from 640 px it is in the shop bar. */}
        <AlertsStripLink className="sm:hidden" />
      </div>
    </section>
  );
}
