// The logged-in customer's Current Balance and Remaining Credit (docs/screens.md: each shown in rand
// only when a value is present), kept current by the real-time stream, and whether that
// stream is connected (docs/behaviour.md real-time connection flag): a customer deciding what to order
// at 6 a.m. should know whether the figures in front of them are live.
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useAccountState } from "@/entities/account";
import { useRealtimeStatus, type RealtimeStatus } from "../realtime/realtime-status";
import { formatRand } from "@/lib/format";

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
      {/* On a phone the dot alone (its title and name say which), so the figures keep one line. */}
      <span className="sr-only sm:not-sr-only">{look.label}</span>
    </p>
  );
}

/** Label and amount on one line; on a phone the label is its short form ("Balance"). */
function Figure({
  label,
  short,
  amount,
  testId,
}: {
  label: string;
  short: string;
  amount: number | null;
  testId: string;
}) {
  if (amount === null) return null;
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-xs text-muted sm:text-sm">
        <span className="sm:hidden">{short}</span>
        <span className="hidden sm:inline">{label}</span>
      </dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
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
      {/* One line's height from the start, so the figures arriving move nothing below them. */}
      <div className="mx-auto flex min-h-7 max-w-7xl sm:min-h-8 items-center gap-x-3 px-3 py-1 text-sm sm:gap-x-5 sm:px-4 lg:px-6">
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-0.5 sm:gap-x-5">
          <Figure label="Current Balance" short="Balance" amount={dcBalance} testId="header-balance" />
          <Figure label="Remaining Credit" short="Credit" amount={remainingCredit} testId="header-credit" />
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
      </div>
    </section>
  );
}
