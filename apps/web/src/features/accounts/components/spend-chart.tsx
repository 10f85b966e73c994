// Spend per month over the last twelve months (incl. VAT) as bars, with the same figures in a
// table for anyone who cannot see the chart or wants the exact amounts.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { MonthlySpend } from "@trade-shop/contracts/reports";
import { toCents } from "@trade-shop/contracts/common";
import { formatRand } from "@/lib/format";
import { monthAndYear, shortMonth } from "../month-label";

/**
 * Axis ticks in whole rand ("R12 000"): the cents would only crowd a small screen. The space
 * is a non-breaking one, or the chart would wrap "R260 000" over two lines.
 */
const wholeRand = (rand: number) => formatRand(Math.round(rand)).replace(/\.00$/, "").replace(/ /g, "\u00a0");

export function SpendChart({ months }: { months: readonly MonthlySpend[] }) {
  const total = months.reduce((sum, month) => sum + toCents(month.totalIncl), 0) / 100;
  return (
    <div>
      <p className="text-sm text-muted">
        {formatRand(total)} over {months.length} months, incl. VAT
      </p>
      <div className="mt-3 h-56 sm:h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={[...months]}
            margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
          >
            <CartesianGrid vertical={false} stroke="var(--ts-line)" />
            <XAxis
              dataKey="month"
              tickFormatter={shortMonth}
              tick={{ fill: "var(--ts-muted)", fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: "var(--ts-line)" }}
              interval="preserveStartEnd"
            />
            <YAxis
              tickFormatter={wholeRand}
              tick={{ fill: "var(--ts-muted)", fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={72}
            />
            <Tooltip
              cursor={{ fill: "var(--ts-surface-2)" }}
              labelFormatter={(month) => monthAndYear(String(month))}
              formatter={(value) => [formatRand(Number(value)), "Spend incl. VAT"]}
              contentStyle={{
                background: "var(--ts-surface)",
                border: "1px solid var(--ts-line)",
                borderRadius: 8,
                color: "var(--ts-fg)",
              }}
            />
            <Bar dataKey="totalIncl" fill="var(--ts-brand)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">
          Show the figures
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Spend per month, last 12 months</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1.5 pr-3">
                Month
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right">
                Orders
              </th>
              <th scope="col" className="py-1.5 text-right">
                Spend incl. VAT
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {monthAndYear(month.month)}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{month.orderCount}</td>
                <td className="py-1.5 text-right tabular-nums">{formatRand(month.totalIncl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
