// The statement's transactions: opening balance, every invoice, credit note and payment with
// the running balance, and the closing balance.
import { Link } from "react-router";
import { formatShopDate } from "@trade-shop/contracts/format";
import type { Statement } from "@trade-shop/contracts/statements";
import { formatDateTime, formatRand } from "@/lib/format";
import { orderPath } from "@/entities/orders";

const cell = "px-3 py-2 align-top";
const money = `${cell} text-right tabular-nums whitespace-nowrap`;

export function StatementTable({ statement }: { statement: Statement }) {
  return (
    <div
      role="region"
      aria-label="Statement lines"
      tabIndex={0}
      className="mt-3 overflow-x-auto rounded-xl border border-line bg-surface"
    >
      <table className="w-full min-w-[44rem] text-sm">
        <thead className="bg-surface-2 text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className={cell}>
              Date
            </th>
            <th scope="col" className={cell}>
              Reference
            </th>
            <th scope="col" className={cell}>
              Details
            </th>
            <th scope="col" className={cell}>
              Due
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Debit
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Credit
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          <tr className="font-semibold">
            <td className={cell}>{formatShopDate(statement.periodStart)}</td>
            <td className={cell} colSpan={5}>
              Opening balance
            </td>
            <td className={money}>{formatRand(statement.openingBalance)}</td>
          </tr>
          {statement.lines.map((line) => (
            <tr key={`${line.kind}-${line.reference}`}>
              <td className={`${cell} whitespace-nowrap`}>{formatDateTime(line.date)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {line.orderId !== null && line.kind === "Invoice" ? (
                  <Link
                    to={orderPath(line.orderId)}
                    className="font-semibold text-brand underline underline-offset-4"
                  >
                    {line.reference}
                  </Link>
                ) : (
                  line.reference
                )}
              </td>
              <td className={`${cell} min-w-56`}>
                {line.kind}
                {line.description ? `: ${line.description}` : ""}
                {line.allocatedTo && line.kind !== "Invoice" ? ` (for ${line.allocatedTo})` : ""}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {line.dueDate ? formatShopDate(line.dueDate) : ""}
              </td>
              <td className={money}>{line.debit === null ? "" : formatRand(line.debit)}</td>
              <td className={money}>{line.credit === null ? "" : formatRand(line.credit)}</td>
              <td className={money}>{formatRand(line.balance)}</td>
            </tr>
          ))}
          <tr className="font-bold">
            <td className={cell}>{formatShopDate(statement.periodEnd)}</td>
            <td className={cell} colSpan={3}>
              Closing balance
            </td>
            <td className={money}>{formatRand(statement.totalDebits)}</td>
            <td className={money}>{formatRand(statement.totalCredits)}</td>
            <td className={money}>{formatRand(statement.closingBalance)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
