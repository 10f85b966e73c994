// A sales rep chooses the customer account to order for (decision 127): the accounts
// an admin assigned to them in this tenant, by name, with a filter for reps who serve many, and
// each one's remaining credit, saying so in words when it is over its limit: the rep sees that
// before building an order the account cannot take on credit. Choosing one sends its number
// with every call from then on and opens the catalogue at its prices; the header says whom the
// rep is ordering for until they stop.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Store } from "lucide-react";
import type { RepAccount } from "@trade-shop/contracts/reps";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { startActingFor, stopActingFor, useActingFor } from "@/lib/acting-for";
import { formatRand } from "@/lib/format";
import { getTenant, useSession } from "@/lib/session";
import { buttonClass } from "@/lib/ui/button-styles";
import { hintClass, inputClass, labelClass } from "@/lib/ui/form-controls";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { useDocumentTitle } from "@/lib/use-document-title";
import { myAccountsQueryOptions } from "./api/my-accounts";

const TITLE = "Order for a customer";

function matches(account: RepAccount, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${account.name} ${account.accountId} ${account.town ?? ""}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The account's credit in words: what remains, or by how much it is over (not by colour alone). */
function AccountCredit({ remainingCredit, id }: { remainingCredit: number; id: string }) {
  if (remainingCredit >= 0)
    return (
      <p id={id} className="text-sm text-muted">
        Remaining Credit <span className="tabular-nums">{formatRand(remainingCredit)}</span>
      </p>
    );
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-semibold text-danger">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Over credit by <span className="tabular-nums">{formatRand(-remainingCredit)}</span>
      </span>
    </p>
  );
}

export function RepAccountsPage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const acting = useActingFor();
  const navigate = useNavigate();
  const accounts = useQuery(myAccountsQueryOptions(`${session?.claims.uid ?? ""}@${getTenant() ?? ""}`));
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const hintId = useId();
  const creditId = useId();

  const choose = (account: RepAccount) => {
    startActingFor(account);
    void navigate(DEFAULT_LANDING);
  };

  const shown = accounts.data?.filter((account) => matches(account, filter)) ?? [];
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl space-y-5 px-3 py-6 sm:px-4 sm:py-8">
      <div className="space-y-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {TITLE}
        </h1>
        <p className="text-muted">
          Choose an account to shop as: you see its prices, stock and credit, and it gets the order
          confirmation.
        </p>
      </div>
      {acting && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-line bg-surface-2 p-3">
          <span>
            Now ordering for <strong>{acting.name}</strong> ({acting.accountId}).
          </span>
          <button type="button" className={buttonClass("secondary")} onClick={stopActingFor}>
            Stop ordering for {acting.name}
          </button>
        </p>
      )}
      {accounts.isPending ? (
        <Loading label="Loading your accounts" />
      ) : accounts.isError ? (
        <LoadFailed
          message="We could not load your accounts."
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : accounts.data.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-4">
          No customer accounts are assigned to you in this tenant yet. Ask an admin to assign them.
        </p>
      ) : (
        <>
          {accounts.data.length > 5 && (
            <div>
              <label htmlFor={filterId} className={labelClass}>
                Find an account
              </label>
              <p id={hintId} className={hintClass}>
                By name, account number or town.
              </p>
              <input
                id={filterId}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                aria-describedby={hintId}
                className={inputClass(false)}
              />
            </div>
          )}
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your accounts">
            {shown.map((account) => {
              const current = acting?.accountId === account.accountId;
              const creditOf = `${creditId}-${account.accountId}`;
              return (
                <li
                  key={account.accountId}
                  className={`flex flex-col gap-3 rounded-xl border bg-surface p-4 ${current ? "border-brand" : "border-line"}`}
                >
                  <div className="flex items-start gap-3">
                    <Store aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                    <div className="min-w-0">
                      <h2 className="font-semibold leading-snug">{account.name}</h2>
                      <p className="text-sm text-muted">
                        {account.accountId}
                        {account.town ? ` · ${account.town}` : ""}
                      </p>
                      <AccountCredit remainingCredit={account.remainingCredit} id={creditOf} />
                    </div>
                  </div>
                  <button
                    type="button"
                    className={`${buttonClass(current ? "secondary" : "primary")} mt-auto w-full`}
                    aria-describedby={creditOf}
                    onClick={() => choose(account)}
                  >
                    {current ? "Continue ordering for" : "Order for"} {account.name}
                  </button>
                </li>
              );
            })}
          </ul>
          {shown.length === 0 && <p className="text-muted">No account matches “{filter}”.</p>}
        </>
      )}
    </section>
  );
}
