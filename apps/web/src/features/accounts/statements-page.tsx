// /statements: the account's monthly statement as the back office reports it: opening
// balance, every invoice, credit note and payment with the running balance, closing balance
// and ageing; the month's PDF to download, or e-mailed to the account's address. Above them, paying
// the account: online through PayFast, or by EFT to the bank details shown (docs/payments.md).
import { useId, useState } from "react";
import { Download, Mail } from "lucide-react";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { PayPanel, ProofForm } from "@/entities/payments";
import { useShopper } from "@/entities/shopper";
import { useDocumentTitle } from "@/lib/use-document-title";
import { downloadStatementPdf, useEmailStatement, useStatement } from "./api/statements";
import { AgeingBar } from "./components/ageing-bar";
import { StatementTable } from "./components/statement-table";
import { statementMonths } from "./statement-months";

function StatementView({ month }: { month: string }) {
  const statement = useStatement(month);
  const email = useEmailStatement();
  const [downloading, setDownloading] = useState(false);

  if (statement.isPending) return <Loading label="Loading your statement" />;
  if (statement.isError && !statement.statement)
    return (
      <LoadFailed
        message="We could not load this statement."
        error={statement.error}
        onRetry={() => void statement.refetch()}
      />
    );
  const s = statement.statement!;
  const download = () => {
    setDownloading(true);
    downloadStatementPdf(month)
      .catch(() => undefined) // the API client has shown why
      .finally(() => setDownloading(false));
  };
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass("primary")} onClick={download} disabled={downloading}>
          <Download aria-hidden="true" className="size-4" />
          {downloading ? "Preparing PDF…" : "Download PDF"}
        </button>
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() => email.mutate(month)}
          disabled={email.isPending}
        >
          <Mail aria-hidden="true" className="size-4" />
          {email.isPending ? "Sending…" : "E-mail me this statement"}
        </button>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ["Opening balance", s.openingBalance],
            ["Invoiced", s.totalDebits],
            ["Credits and payments", s.totalCredits],
            ["Closing balance", s.closingBalance],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-surface p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-lg font-bold tabular-nums">{formatRand(value)}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="ageing-title" className="mt-4 rounded-xl border border-line bg-surface p-4">
        <h2 id="ageing-title" className="mb-3 text-lg font-bold">
          Ageing on {formatDateTime(s.statementDate)}
        </h2>
        <AgeingBar ageing={s.ageing} overdue={s.overdue} />
        <p className="mt-3 text-sm text-muted">
          Invoices are due {s.paymentTermsDays} days after their date; days are counted from the due date.
        </p>
      </section>
      <h2 className="mt-6 text-lg font-bold">Transactions</h2>
      {s.lines.length === 0 && (
        <p className="mt-2 text-muted">Nothing was invoiced, credited or paid this month.</p>
      )}
      <StatementTable statement={s} complete={!statement.hasNextPage} />
      {statement.hasNextPage && (
        <div className="mt-3 flex flex-col items-start gap-2">
          {statement.isFetchNextPageError && (
            <p role="alert" className="text-danger">
              We could not load more transactions.
            </p>
          )}
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => void statement.fetchNextPage()}
            disabled={statement.isFetchingNextPage}
          >
            {statement.isFetchingNextPage ? "Loading…" : "Load more transactions"}
          </button>
        </div>
      )}
    </>
  );
}

export function StatementsPage() {
  useDocumentTitle("Statements");
  const shopper = useShopper();
  const months = statementMonths(new Date());
  const [month, setMonth] = useState(months[0]!.value);
  const id = useId();
  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Statements
      </h1>
      {shopper === null ? (
        <LoginPrompt what="statements" />
      ) : (
        <>
          <div className="mt-4 flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              Month
            </label>
            <select
              id={id}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              className="min-h-11 w-full max-w-xs cursor-pointer rounded-lg border border-line bg-surface px-3 text-base text-fg"
            >
              {months.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <PayPanel className="mt-4" />
          <StatementView month={month} />
          <ProofForm className="mt-6" />
        </>
      )}
    </section>
  );
}
