// Balance against credit at a glance: one bar the length of the credit limit, split into what
// is owed on invoices, orders not yet invoiced and what remains, with the figures beside it.
import { Bar, BarChart, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { formatRand } from "@/lib/format";
import type { CreditBreakdown } from "../credit-breakdown";

const PARTS = [
  // Theme tokens that stand apart in both themes: brand green, amber, and the page's own grey.
  { key: "balance", label: "Current Balance", colour: "var(--ts-brand)" },
  { key: "notInvoiced", label: "Orders not yet invoiced", colour: "var(--ts-accent)" },
  { key: "available", label: "Remaining Credit", colour: "var(--ts-surface-2)" },
] as const;

export function CreditChart({ breakdown }: { breakdown: CreditBreakdown }) {
  const used = breakdown.balance + breakdown.notInvoiced + breakdown.available;
  return (
    <div>
      <div className="h-10 overflow-hidden rounded-lg ring-1 ring-line" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={[breakdown]}
            layout="vertical"
            margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
            barCategoryGap={0}
          >
            <XAxis type="number" hide domain={[0, Math.max(used, breakdown.limit, 0.01)]} />
            <YAxis type="category" hide />
            {PARTS.map((part) => (
              <Bar
                key={part.key}
                dataKey={part.key}
                stackId="credit"
                fill={part.colour}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <dl className="mt-4 grid gap-2">
        {PARTS.map((part) => (
          <div key={part.key} className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm ring-1 ring-line"
                style={{ background: part.colour }}
              />
              {part.label}
            </dt>
            <dd className="whitespace-nowrap font-semibold tabular-nums">
              {formatRand(breakdown[part.key])}
            </dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-3 border-t border-line pt-2">
          <dt className="text-sm font-semibold">Credit limit</dt>
          <dd className="font-bold tabular-nums">{formatRand(breakdown.limit)}</dd>
        </div>
      </dl>
      {breakdown.overLimit > 0 && (
        <p className="mt-3 rounded-lg border border-danger px-3 py-2 text-sm text-danger">
          Your balance and open orders are {formatRand(breakdown.overLimit)} over your credit limit. New
          orders need a payment first; contact sales support.
        </p>
      )}
    </div>
  );
}
