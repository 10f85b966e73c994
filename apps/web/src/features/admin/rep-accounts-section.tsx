// The customer accounts a sales rep orders for (decision 127), on the rep's user page: the
// admin assigns an account of the tenant they act for by its number, or takes one away.
import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { AccountNumber } from "@trade-shop/contracts/reps";
import { ApiError } from "@/lib/api-client";
import { getTenant } from "@/lib/session";
import { buttonClass } from "@/lib/ui/button-styles";
import { hintClass, inputClass, labelClass } from "@/lib/ui/form-controls";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { repAccountsQueryOptions, useAssignRepAccount, useUnassignRepAccount } from "./api/rep-accounts";
import { tenantLabel } from "@/lib/tenant-label";

export function RepAccountsSection({ userId, name }: { userId: number; name: string }) {
  const accounts = useQuery(repAccountsQueryOptions(userId));
  const assign = useAssignRepAccount(userId);
  const unassign = useUnassignRepAccount(userId);
  const [accountId, setAccountId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), hint: useId(), error: useId() };
  const tenant = tenantLabel(getTenant() ?? "");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AccountNumber.safeParse(accountId);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a customer account number");
      return;
    }
    setError(null);
    try {
      await assign.mutateAsync(parsed.data.toUpperCase());
      setAccountId("");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The account could not be assigned.");
    }
  };

  return (
    <section
      aria-labelledby="rep-accounts-title"
      className="space-y-3 rounded-xl border border-line bg-surface p-4"
    >
      <h2 id="rep-accounts-title" className="text-base font-bold">
        Accounts {name} orders for
      </h2>
      {accounts.isPending ? (
        <Loading label="Loading the rep's accounts" />
      ) : accounts.isError ? (
        <LoadFailed
          message="We could not load the rep's accounts."
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : accounts.data.length === 0 ? (
        <p className="text-sm text-muted">None yet: the rep cannot order for anyone.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Assigned accounts">
          {accounts.data.map((account) => (
            <li key={`${account.tenantId}/${account.accountId}`} className="flex items-center gap-2 py-1.5">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold">{account.name}</p>
                <p className="text-muted">
                  {account.accountId} · {tenantLabel(account.tenantId)}
                </p>
              </div>
              <button
                type="button"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-60"
                aria-label={`Unassign ${account.accountId} ${account.name}`}
                title="Unassign"
                disabled={unassign.isPending || account.tenantId !== getTenant()}
                onClick={() => unassign.mutate(account.accountId)}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
        <label htmlFor={ids.input} className={labelClass}>
          Assign an account
        </label>
        <p id={ids.hint} className={hintClass}>
          An account number of {tenant}, such as CUS0040.
        </p>
        <div className="flex items-end gap-2">
          <input
            id={ids.input}
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            className={`${inputClass(error !== null)} min-w-0 flex-1`}
          />
          <button type="submit" className={buttonClass("secondary")} disabled={assign.isPending}>
            Assign
          </button>
        </div>
        {error && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
