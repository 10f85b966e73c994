// What is owed by how long it is past due: one bar split into current, 30, 60, 90 and 120+
// days, with the figures beside it (the bar is a picture; the list says it in words).
import type { Ageing } from "@trade-shop/contracts/statements";
import { formatRand } from "@/lib/format";

const BUCKETS = [
  { key: "current", label: "Current", colour: "var(--ts-brand)" },
  { key: "days30", label: "30 days", colour: "var(--ts-accent)" },
  { key: "days60", label: "60 days", colour: "#ea580c" },
  { key: "days90", label: "90 days", colour: "var(--ts-danger)" },
  { key: "days120Plus", label: "120+ days", colour: "#7f1d1d" },
] as const;

export function AgeingBar({ ageing, overdue }: { ageing: Ageing; overdue: number }) {
  const total = BUCKETS.reduce((sum, b) => sum + Math.max(0, ageing[b.key]), 0);
  // Columns by the width the bar is given (a container query), not the window's: the dashboard's
  // half-width panel has room for two columns of amounts, the statement page's full width for three.
  return (
    <div className="@container">
      <div className="flex h-10 overflow-hidden rounded-lg bg-surface-2 ring-1 ring-line" aria-hidden="true">
        {total > 0 &&
          BUCKETS.map((bucket) =>
            ageing[bucket.key] > 0 ? (
              <div
                key={bucket.key}
                style={{ width: `${(ageing[bucket.key] / total) * 100}%`, background: bucket.colour }}
              />
            ) : null,
          )}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 @md:grid-cols-2 @3xl:grid-cols-3">
        {BUCKETS.map((bucket) => (
          <div key={bucket.key} className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm ring-1 ring-line"
                style={{ background: bucket.colour }}
              />
              {bucket.label}
            </dt>
            <dd className="whitespace-nowrap font-semibold tabular-nums">{formatRand(ageing[bucket.key])}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-3">
          <dt className="text-sm font-semibold">Overdue</dt>
          <dd className={`whitespace-nowrap font-bold tabular-nums ${overdue > 0 ? "text-danger" : ""}`}>
            {formatRand(overdue)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
