// The statement's transactions: opening balance, every invoice, credit note and payment with
// the running balance, and the closing balance. From the sm breakpoint up a table; below it (a
// 390 px phone) each line is a card of its own, its Debit or Credit and Balance labelled and
// right-aligned, so no figure is off-screen.
import { Link } from "react-router";
import { formatShopDate } from "@trade-shop/contracts/format";
import type { Statement, StatementLine } from "@trade-shop/contracts/statements";
import { formatDateTime, formatRand } from "@/lib/format";
import { orderPath } from "@/entities/orders";

const cell = "px-3 py-2 align-top";
const money = `${cell} text-right tabular-nums whitespace-nowrap`;

/** "EFT payment (for INV0123)": what the line is beyond its kind. */
function about(line: StatementLine): string {
  const allocated = line.allocatedTo && line.kind !== "Invoice" ? `(for ${line.allocatedTo})` : "";
  return [line.description, allocated].filter(Boolean).join(" ");
}

/** "Payment: EFT payment (for INV0123)", as the Details column and the PDF write it. */
const details = (line: StatementLine) => {
  const rest = about(line);
  if (rest === "") return line.kind;
  return line.description ? `${line.kind}: ${rest}` : `${line.kind} ${rest}`;
};

function Reference({ line, className }: { line: StatementLine; className?: string }) {
  return line.orderId !== null && line.kind === "Invoice" ? (
    <Link
      to={orderPath(line.orderId)}
      className={`font-semibold text-brand underline underline-offset-4 ${className ?? ""}`}
    >
      {line.reference}
    </Link>
  ) : (
    <>{line.reference}</>
  );
}

interface Props {
  statement: Statement;
  /** Every line is loaded: the closing balance row ends the list (until then the totals above say it). */
  complete: boolean;
}

function StatementGrid({ statement, complete }: Props) {
  return (
    <div
      role="region"
      aria-label="Statement lines"
      tabIndex={0}
      className="mt-3 hidden overflow-x-auto rounded-xl border border-line bg-surface sm:block"
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
                <Reference line={line} />
              </td>
              <td className={`${cell} min-w-56`}>{details(line)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {line.dueDate ? formatShopDate(line.dueDate) : ""}
              </td>
              <td className={money}>{line.debit === null ? "" : formatRand(line.debit)}</td>
              <td className={money}>{line.credit === null ? "" : formatRand(line.credit)}</td>
              <td className={money}>{formatRand(line.balance)}</td>
            </tr>
          ))}
          {complete && (
            <tr className="font-bold">
              <td className={cell}>{formatShopDate(statement.periodEnd)}</td>
              <td className={cell} colSpan={3}>
                Closing balance
              </td>
              <td className={money}>{formatRand(statement.totalDebits)}</td>
              <td className={money}>{formatRand(statement.totalCredits)}</td>
              <td className={money}>{formatRand(statement.closingBalance)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Labelled figures, the label left and the amount right-aligned. */
function Figures({ figures }: { figures: readonly [string, number][] }) {
  return (
    <dl className="mt-2 grid gap-1">
      {figures.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-3">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right tabular-nums whitespace-nowrap">{formatRand(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatementCards({ statement, complete }: Props) {
  const card = "px-4 py-3 text-sm";
  const dateClass = "text-muted tabular-nums whitespace-nowrap";
  return (
    <ol
      aria-label="Statement lines"
      className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface sm:hidden"
    >
      <li className={card}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-semibold">Opening balance</p>
          <p className={dateClass}>{formatShopDate(statement.periodStart)}</p>
        </div>
        <Figures figures={[["Balance", statement.openingBalance]]} />
      </li>
      {statement.lines.map((line) => (
        <li key={`${line.kind}-${line.reference}`} className={card}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="min-w-0 font-semibold break-words">
              {line.kind} <Reference line={line} className="-my-3 inline-flex min-h-11 items-center" />
            </p>
            <p className={dateClass}>{formatDateTime(line.date)}</p>
          </div>
          {about(line) && <p className="break-words">{about(line)}</p>}
          {line.dueDate && <p className="text-muted">Due {formatShopDate(line.dueDate)}</p>}
          <Figures
            figures={[
              ...(line.debit === null ? [] : [["Debit", line.debit] as [string, number]]),
              ...(line.credit === null ? [] : [["Credit", line.credit] as [string, number]]),
              ["Balance", line.balance],
            ]}
          />
        </li>
      ))}
      {complete && (
        <li className={`${card} font-bold`}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p>Closing balance</p>
            <p className={dateClass}>{formatShopDate(statement.periodEnd)}</p>
          </div>
          <Figures
            figures={[
              ["Debit", statement.totalDebits],
              ["Credit", statement.totalCredits],
              ["Balance", statement.closingBalance],
            ]}
          />
        </li>
      )}
    </ol>
  );
}

/** The statement's lines: cards on a phone, a table from the sm breakpoint up (one shows at a time). */
export function StatementTable(props: Props) {
  return (
    <>
      <StatementCards {...props} />
      <StatementGrid {...props} />
    </>
  );
}
