// /payment-proofs (Staff, Admin): the proofs of EFT payments customers sent, those waiting to be
// matched by default. Each shows the account, the amount, the day paid, the reference and when
// it was sent; its file opens from here (fetched with the login's token), and staff match it
// (the money is in the bank: it goes on the account's ledger as a payment) or reject it with a
// reason the account is e-mailed.
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Check, FileDown, X } from "lucide-react";
import { formatShopDate } from "@trade-shop/contracts/format";
import { ProofStatus, type PaymentProof } from "@trade-shop/contracts/payments";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  ProofStatusBadge,
  downloadProofFile,
  useMatchProof,
  useRejectProof,
  useTenantProofs,
  type ProofFilter,
} from "@/entities/payments";
import { FilterButtons } from "@/lib/ui/filter-buttons";
import { ReasonField } from "@/lib/ui/reason-field";

const FILTERS: { value: ProofFilter; label: string }[] = [
  { value: "Submitted", label: "To match" },
  { value: "Matched", label: "Matched" },
  { value: "Rejected", label: "Rejected" },
  { value: "all", label: "All" },
];

function filterOf(value: string | null): ProofFilter {
  if (value === "all") return "all";
  const status = ProofStatus.safeParse(value);
  return status.success ? status.data : "Submitted";
}

function OpenFile({ proof }: { proof: PaymentProof }) {
  const [opening, setOpening] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass("secondary")}
      disabled={opening}
      aria-label={`Open the proof from ${proof.accountName}: ${proof.fileName}`}
      onClick={() => {
        setOpening(true);
        // A failure is toasted by the API client.
        void downloadProofFile(proof.id)
          .catch(() => undefined)
          .finally(() => setOpening(false));
      }}
    >
      <FileDown aria-hidden="true" className="size-4" />
      {opening ? "Opening…" : "Open file"}
    </button>
  );
}

/** Match (asked once more: it goes on the ledger for good) or reject with a reason. */
function Decision({ proof }: { proof: PaymentProof }) {
  const match = useMatchProof();
  const reject = useRejectProof();
  const [step, setStep] = useState<"choose" | "match" | "reject">("choose");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  const busy = match.isPending || reject.isPending;
  const what = `${formatRand(proof.amount)} from ${proof.accountName}`;

  if (step === "choose") {
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass()}
          aria-label={`Match ${what}…`}
          onClick={() => setStep("match")}
        >
          <Check aria-hidden="true" className="size-4" />
          Match…
        </button>
        <button
          type="button"
          className={buttonClass("secondary")}
          aria-label={`Reject ${what}…`}
          onClick={() => setStep("reject")}
        >
          <X aria-hidden="true" className="size-4" />
          Reject…
        </button>
      </div>
    );
  }

  if (step === "match") {
    return (
      <div role="group" aria-labelledby={`${id}-match`} className="space-y-2">
        <p id={`${id}-match`} className="text-sm">
          Is {formatRand(proof.amount)} in the bank? It goes on account {proof.accountId}&apos;s statement as
          a payment.
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            autoFocus
            className={buttonClass()}
            disabled={busy}
            onClick={() => void match.mutateAsync(proof.id).catch(() => setStep("choose"))}
          >
            <Check aria-hidden="true" className="size-4" />
            {match.isPending ? "Matching…" : `Match ${formatRand(proof.amount)}`}
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={() => setStep("choose")}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="space-y-2"
      aria-label={`Reject ${what}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === "") {
          setReasonError("Say why the proof is rejected");
          return;
        }
        void reject.mutateAsync({ id: proof.id, reason: reason.trim() }).catch(() => undefined);
      }}
    >
      <ReasonField
        id={`${id}-reason`}
        label="Reason (the account is e-mailed it)"
        value={reason}
        error={reasonError}
        onChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass()} disabled={busy}>
          {reject.isPending ? "Rejecting…" : "Reject proof"}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={() => setStep("choose")}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ProofCard({ proof }: { proof: PaymentProof }) {
  const fact = "flex flex-wrap gap-x-2";
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold">{proof.accountName}</span>
          <span className="text-muted">· {proof.accountId}</span>
          <ProofStatusBadge status={proof.status} />
        </p>
        <p className="mt-1 text-lg font-bold tabular-nums">{formatRand(proof.amount)}</p>
        <dl className="mt-2 grid gap-1 text-sm text-muted sm:grid-cols-2">
          <div className={fact}>
            <dt>Paid on</dt>
            <dd className="tabular-nums text-fg">{formatShopDate(proof.paidOn)}</dd>
          </div>
          <div className={fact}>
            <dt>Reference</dt>
            <dd className="break-all text-fg">{proof.bankReference ?? "none given"}</dd>
          </div>
          <div className={fact}>
            <dt>Sent</dt>
            <dd className="text-fg">
              <time dateTime={proof.submittedAt} className="tabular-nums">
                {formatDateTime(proof.submittedAt)}
              </time>
              {proof.submittedBy ? ` by ${proof.submittedBy}` : ""}
            </dd>
          </div>
          {proof.decidedAt && (
            <div className={fact}>
              <dt>{proof.status === "Matched" ? "Matched" : "Rejected"}</dt>
              <dd className="text-fg">
                <time dateTime={proof.decidedAt} className="tabular-nums">
                  {formatDateTime(proof.decidedAt)}
                </time>
                {proof.decidedBy ? ` by ${proof.decidedBy}` : ""}
              </dd>
            </div>
          )}
          {proof.paymentReference && (
            <div className={fact}>
              <dt>Payment</dt>
              <dd className="text-fg">{proof.paymentReference}</dd>
            </div>
          )}
        </dl>
        {proof.status === "Rejected" && proof.reason && (
          <p className="mt-2 break-words rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
            <span className="font-semibold">Reason: </span>
            {proof.reason}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 lg:w-80 lg:shrink-0 lg:items-end">
        <OpenFile proof={proof} />
        {proof.status === "Submitted" && <Decision proof={proof} />}
      </div>
    </li>
  );
}

const EMPTY: Record<ProofFilter, string> = {
  Submitted: "No proofs wait to be matched.",
  Matched: "No proofs have been matched yet.",
  Rejected: "No proofs have been rejected.",
  all: "No proofs of payment have been sent yet.",
};

export function PaymentProofsPage() {
  useDocumentTitle("Proofs of payment");
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get("status"));
  const { data: proofs, isPending, isError, error, refetch } = useTenantProofs(filter);

  let body;
  if (isPending) body = <Loading label="Loading the proofs of payment" />;
  else if (isError) {
    body = (
      <LoadFailed
        message="We could not load the proofs of payment."
        error={error}
        onRetry={() => void refetch()}
      />
    );
  } else if (proofs.length === 0) {
    body = <p className="mt-4 rounded-xl border border-line bg-surface p-6 text-muted">{EMPTY[filter]}</p>;
  } else {
    body = (
      <ul
        aria-label="Proofs of payment"
        className="mt-4 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
      >
        {proofs.map((proof) => (
          <ProofCard key={proof.id} proof={proof} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Proofs of payment
      </h1>
      <p className="mt-1 text-muted">
        EFT payments customers say they made. Match one once the money is in the bank: it goes on the
        account&apos;s statement as a payment.
      </p>
      <FilterButtons
        label="Show proofs"
        choices={FILTERS}
        value={filter}
        onChoose={(value) => setParams(value === "Submitted" ? {} : { status: value }, { replace: true })}
      />
      {body}
    </section>
  );
}
