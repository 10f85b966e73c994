// "Pay your account" (docs/payments.md): the balance due, an amount to pay online through
// PayFast (from R50, or the balance when less, up to the balance) and the shop's bank details
// with the reference an EFT must quote. The statement page and the dashboard show it; without
// PayFast set up it shows the bank details only.
import { useId, useState } from "react";
import { CreditCard } from "lucide-react";
import { toCents } from "@trade-shop/contracts/common";
import type { PaymentOptions } from "@trade-shop/contracts/payments";
import { formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { hintClass, inputClass, labelClass } from "@/lib/ui/form-controls";
import { usePaymentOptions, useStartPayment } from "./payment-queries";

/** Why the amount typed cannot be paid, or null when it can. */
export function amountProblem(text: string, options: Pick<PaymentOptions, "minimum" | "balanceDue">) {
  const value = Number(text.replace(/\s/g, "").replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(value) || !/^\d+([.,]\d{1,2})?$/.test(text.replace(/\s/g, "")))
    return "Enter an amount in rand, such as 1500 or 1500.50";
  const cents = toCents(value);
  if (cents < toCents(options.minimum) || cents > toCents(options.balanceDue))
    return `Pay from ${formatRand(options.minimum)} up to ${formatRand(options.balanceDue)}, the balance due.`;
  return null;
}

export function BankDetails({ options }: { options: PaymentOptions }) {
  if (!options.bank) return null;
  const { bank } = options;
  return (
    <div className="rounded-lg bg-surface-2 p-3 text-sm">
      <p className="font-semibold">Or pay by EFT</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-muted">Bank</dt>
        <dd>{bank.bankName}</dd>
        <dt className="text-muted">Account name</dt>
        <dd>{bank.accountName}</dd>
        <dt className="text-muted">Account number</dt>
        <dd className="tabular-nums">{bank.accountNumber}</dd>
        <dt className="text-muted">Branch code</dt>
        <dd className="tabular-nums">{bank.branchCode}</dd>
        <dt className="text-muted">Reference</dt>
        <dd className="font-bold">{options.reference}</dd>
      </dl>
    </div>
  );
}

function PayOnline({ options }: { options: PaymentOptions }) {
  const start = useStartPayment();
  const [text, setText] = useState(options.balanceDue.toFixed(2));
  const [tried, setTried] = useState(false);
  const id = useId();
  const problem = amountProblem(text, options);
  const shown = tried ? problem : null;
  const amount = problem ? null : Number(text.replace(/\s/g, "").replace(",", "."));
  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (amount !== null && !start.isPending) start.mutate({ amount });
      }}
    >
      <div className="sm:w-48">
        <label htmlFor={id} className={labelClass}>
          Amount to pay (R)
        </label>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
          className={inputClass(Boolean(shown))}
        />
      </div>
      <button type="submit" className={`${buttonClass("primary")} sm:mb-0`} disabled={start.isPending}>
        <CreditCard aria-hidden="true" className="size-4" />
        {start.isPending
          ? "Going to PayFast…"
          : amount !== null
            ? `Pay ${formatRand(amount)} now`
            : "Pay now"}
      </button>
      <p id={`${id}-hint`} className={`${hintClass} sm:hidden`}>
        By card or instant EFT, through PayFast.
      </p>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {shown}
        </p>
      )}
    </form>
  );
}

export function PayPanel({ className = "" }: { className?: string }) {
  const options = usePaymentOptions();
  const titleId = useId();
  if (!options.data) return null;
  const o = options.data;
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-xl border border-line bg-surface p-4 ${className}`}
    >
      <h2 id={titleId} className="text-lg font-bold">
        Pay your account
      </h2>
      <p className="mt-1">
        Balance due: <span className="font-bold tabular-nums">{formatRand(o.balanceDue)}</span>
      </p>
      <div className="mt-3 flex flex-col gap-3">
        {o.online && o.balanceDue > 0 && (
          <>
            <p className="hidden text-sm text-muted sm:block">By card or instant EFT, through PayFast.</p>
            <PayOnline options={o} />
          </>
        )}
        {o.balanceDue === 0 && <p className="text-sm text-muted">Nothing is owed on your account.</p>}
        <BankDetails options={o} />
      </div>
    </section>
  );
}
