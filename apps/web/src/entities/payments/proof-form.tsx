// "Paid by EFT? Send us the proof" (docs/payments.md): the amount, the day paid, the reference the
// EFT quoted and the bank's proof (a PDF or a picture, 5 MB at most), read in the browser as a
// data URL and checked again by the server by what its bytes are. What was typed stays when the
// upload fails; each refusal shows under its field. Below it, the account's proofs with where
// each stands: waiting to be matched, matched onto the statement, or rejected and why.
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useFormContext, type FieldError } from "react-hook-form";
import { FileUp, Upload } from "lucide-react";
import { formatShopDate } from "@trade-shop/contracts/format";
import type { PaymentProof, ProofStatus } from "@trade-shop/contracts/payments";
import { SubmitProofCommand } from "@trade-shop/contracts/payments";
import { blankToUndefined } from "@/lib/forms/contract-resolver";
import { Form, FormFailure, FormSubmit, FormTextField } from "@/lib/forms/form";
import { formatDateTime, formatRand } from "@/lib/format";
import { FieldErrorText, hintClass, labelClass, useFieldIds } from "@/lib/ui/form-controls";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES, readChosenDocument, sizeText } from "@/lib/forms/document-file";
import { useAccountProofs, useSubmitProof } from "./proof-queries";

/** The largest proof the shop takes (the server refuses anything larger). */
export const MAX_PROOF_BYTES = MAX_DOCUMENT_BYTES;

interface ProofFormValues {
  amount: string;
  paidOn: string;
  bankReference: string;
  fileName: string;
  /** The chosen file as a data URL; empty until one is read. */
  file: string;
  /** Why the chosen file cannot be sent (too large, unreadable): kept apart from the schema's checks. */
  fileProblem: string;
}

/** Today in Johannesburg, as YYYY-MM-DD. */
export function shopToday(now = new Date()): string {
  return new Date(now.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
}

/** The amount typed as rand ("1 234,50" too); what cannot be one goes on as typed, for the contract to refuse. */
function toAmount(text: string): unknown {
  const cleaned = text.replace(/\s/g, "").replace(",", ".");
  if (cleaned === "") return undefined;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : text;
}

/** The file chooser, its name once chosen, and the file's one error (too large, wrong kind, none chosen). */
function ProofFileField() {
  const { register, setValue, trigger, watch, formState } = useFormContext<ProofFormValues>();
  const errors = formState.errors;
  const input = useRef<HTMLInputElement>(null);
  // The file's values are set by hand (a file input holds no text); registered with this stand-in,
  // a refused submit still focuses the file chooser when it is what is wrong.
  useEffect(() => {
    const chooser = { focus: () => input.current?.focus() };
    for (const name of ["file", "fileName", "fileProblem"] as const) register(name).ref(chooser);
  }, [register]);
  const error = (errors.fileProblem ?? errors.file ?? errors.fileName) as FieldError | undefined;
  const ids = useFieldIds(true, error);
  const [size, setSize] = useState<number | null>(null);
  const fileName = watch("fileName");

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const chosen = await readChosenDocument(file);
    setSize(file ? file.size : null);
    setValue("fileProblem", chosen.problem);
    setValue("fileName", chosen.fileName);
    setValue("file", chosen.file);
    void trigger(["fileProblem", "file", "fileName"]);
  };

  return (
    <div className="sm:col-span-2">
      <label htmlFor={ids.id} className={labelClass}>
        Proof of payment
      </label>
      <p id={ids.hintId} className={hintClass}>
        The bank&apos;s proof as a PDF, or a photo or screenshot (JPEG, PNG or WebP), 5 MB at most.
      </p>
      <input
        {...ids.control}
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        onChange={(event) => void choose(event)}
        className="mt-1.5 block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-fg file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:font-semibold file:text-fg"
      />
      {fileName && size !== null && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
          <FileUp aria-hidden="true" className="size-4" />
          {fileName} ({sizeText(size)})
        </p>
      )}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}

const STATUS_LOOK: Record<ProofStatus, string> = {
  Submitted: "bg-accent/20 text-fg ring-accent",
  Matched: "bg-brand-soft text-brand ring-brand/40",
  Rejected: "bg-surface text-danger ring-danger",
};

const STATUS_WORDS: Record<ProofStatus, string> = {
  Submitted: "Waiting to be matched",
  Matched: "Matched",
  Rejected: "Rejected",
};

/** A proof's status in words, the colour only a second cue. */
export function ProofStatusBadge({ status }: { status: ProofStatus }) {
  return (
    <span
      className={`inline-flex w-fit items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${STATUS_LOOK[status]}`}
    >
      {STATUS_WORDS[status]}
    </span>
  );
}

function AccountProof({ proof }: { proof: PaymentProof }) {
  return (
    <li className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-bold tabular-nums">{formatRand(proof.amount)}</span>
          <span className="text-sm text-muted">paid on {formatShopDate(proof.paidOn)}</span>
          {proof.bankReference && (
            <span className="text-sm text-muted">· reference {proof.bankReference}</span>
          )}
        </p>
        <p className="text-sm text-muted">
          Sent <time dateTime={proof.submittedAt}>{formatDateTime(proof.submittedAt)}</time>
          {proof.submittedBy ? ` by ${proof.submittedBy}` : ""} ·{" "}
          <span className="break-all">{proof.fileName}</span>
        </p>
        {proof.status === "Matched" && proof.paymentReference && (
          <p className="text-sm">On your statement as payment {proof.paymentReference}.</p>
        )}
        {proof.status === "Rejected" && proof.reason && (
          <p className="text-sm text-danger">Not matched: {proof.reason}</p>
        )}
      </div>
      <ProofStatusBadge status={proof.status} />
    </li>
  );
}

/** The account's proofs of payment, newest first, each with where it stands. */
export function AccountProofs() {
  const titleId = useId();
  const { data: proofs, isPending, isError, error, refetch } = useAccountProofs();
  let body;
  if (isPending) body = <Loading label="Loading your proofs of payment" />;
  else if (isError)
    body = (
      <LoadFailed
        message="We could not load your proofs of payment."
        error={error}
        onRetry={() => void refetch()}
      />
    );
  else if (proofs.length === 0)
    body = <p className="mt-2 text-sm text-muted">You have sent no proofs of payment yet.</p>;
  else
    body = (
      <ul
        aria-labelledby={titleId}
        className="mt-2 divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface"
      >
        {proofs.map((proof) => (
          <AccountProof key={proof.id} proof={proof} />
        ))}
      </ul>
    );
  return (
    <div className="mt-5">
      <h3 id={titleId} className="font-bold">
        Proofs you sent
      </h3>
      {body}
    </div>
  );
}

/** Send a proof of an EFT payment, and see the ones sent. */
export function ProofForm({ className = "" }: { className?: string }) {
  const submit = useSubmitProof();
  const titleId = useId();
  // A new form after each proof sent: the fields and the chosen file start afresh.
  const [formKey, setFormKey] = useState(0);
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-xl border border-line bg-surface p-4 ${className}`}
    >
      <h2 id={titleId} className="text-lg font-bold">
        Paid by EFT? Send us the proof
      </h2>
      <p className="mt-1 text-sm text-muted">
        We match it to the money in our bank account and put it on your statement.
      </p>
      <Form<ProofFormValues, SubmitProofCommand>
        key={formKey}
        schema={SubmitProofCommand}
        defaultValues={{
          amount: "",
          paidOn: shopToday(),
          bankReference: "",
          fileName: "",
          file: "",
          fileProblem: "",
        }}
        toPayload={(form) => ({
          amount: toAmount(form.amount),
          paidOn: form.paidOn,
          bankReference: blankToUndefined(form.bankReference),
          fileName: form.fileName,
          file: form.file,
        })}
        alsoCheck={(form) => ({ fileProblem: form.fileProblem || undefined })}
        problemFields={{
          amount: "amount",
          paidOn: "paidOn",
          bankReference: "bankReference",
          file: "file",
          fileName: "fileName",
        }}
        onSubmit={async (payload) => {
          await submit.mutateAsync(payload);
          setFormKey((key) => key + 1);
        }}
        className="mt-3 grid gap-4 sm:grid-cols-2"
        aria-label="Send a proof of payment"
      >
        <div className="sm:col-span-2">
          <FormFailure title="The proof was not sent" />
        </div>
        <FormTextField
          name="amount"
          label="Amount paid (R)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 1500.00"
        />
        <FormTextField name="paidOn" label="Day paid" type="date" max={shopToday()} />
        <FormTextField
          name="bankReference"
          label="Reference on the payment"
          optional
          hint="If it was not your account number."
          autoComplete="off"
          maxLength={40}
          className="sm:col-span-2"
        />
        <ProofFileField />
        <div className="sm:col-span-2">
          <FormSubmit busyLabel="Sending…" icon={Upload}>
            Send proof of payment
          </FormSubmit>
        </div>
      </Form>
      <AccountProofs />
    </section>
  );
}
