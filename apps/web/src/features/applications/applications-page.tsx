// /applications (Staff, Admin; docs/screens.md): the account applications to review, the
// undecided ones (new, or waiting for the applicant) by default. Choosing one opens it beside the
// list on a wide screen, in its place on a phone (?id=): every detail, the documents (fetched
// with the login's token), the warehouses nearest its pin with their distances, the messages,
// and the decisions: ask for more information (e-mailed and sent by SMS), approve (the price
// list, the warehouse, the credit limit, liquor when a licence was given: the account is made
// and its owner invited) or decline with the reason the applicant is told.
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ArrowLeft, Check, MessageSquarePlus, Wine, X, type LucideIcon } from "lucide-react";
import type { DefaultValues } from "react-hook-form";
import { z } from "zod";
import {
  ApplicationStatus,
  ApproveApplicationCommand,
  DeclineApplicationCommand,
  MessageCommand,
  type StaffApplication,
} from "@trade-shop/contracts/applications";
import { appRoutes } from "@trade-shop/contracts/routes";
import {
  Form,
  FormCheckboxField,
  FormFailure,
  FormSubmit,
  FormTextAreaField,
  FormTextField,
} from "@/lib/forms/form";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { FilterButtons } from "@/lib/ui/filter-buttons";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  UNDECIDED,
  downloadApplicationDocument,
  useApplicationList,
  useApproveApplication,
  useAskForInformation,
  useDeclineApplication,
  useStaffApplication,
  type ApplicationFilter,
} from "./application-queries";
import {
  BusinessFacts,
  CreditFacts,
  DocumentList,
  MessageList,
  Panel,
  StatusBadge,
} from "./components/application-parts";
import { randOf } from "./application-fields";
import { FormSelectField } from "./components/select-field";

const FILTERS: { value: ApplicationFilter; label: string }[] = [
  { value: "undecided", label: "Undecided" },
  { value: "New", label: "New" },
  { value: "More information needed", label: "More information needed" },
  { value: "Approved", label: "Approved" },
  { value: "Declined", label: "Declined" },
  { value: "all", label: "All" },
];

const EMPTY: Record<ApplicationFilter, string> = {
  undecided: "No applications wait for a decision.",
  New: "No new applications.",
  "More information needed": "No applications wait for their applicant.",
  Approved: "No applications have been approved yet.",
  Declined: "No applications have been declined.",
  all: "No one has applied for an account yet.",
};

function filterOf(value: string | null): ApplicationFilter {
  if (value === "all") return "all";
  const status = ApplicationStatus.safeParse(value);
  return status.success ? status.data : "undecided";
}

/** The list's address with `changes` made (the filter kept when an application is opened). */
function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `${appRoutes.applications}?${query}` : appRoutes.applications;
}

const distanceText = (km: number | null) =>
  km === null ? "distance unknown" : `${km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString("en-ZA")} km`;

/** The contract's command, saying what a price list not yet chosen needs. */
const ApproveCommandForm = ApproveApplicationCommand.extend({
  priceListId: z.number({ error: "Choose the price list" }).pipe(ApproveApplicationCommand.shape.priceListId),
});

interface ApproveValues {
  priceListId: string;
  warehouseCode: string;
  creditLimit: string;
  liquor: boolean;
}

/** The nearest warehouse and the credit asked for chosen to start with; liquor offered only with a licence. */
function ApproveForm({ application, onCancel }: { application: StaffApplication; onCancel: () => void }) {
  const approve = useApproveApplication();
  const { priceLists, warehouses } = application.choices;
  const hasLicence = application.business.liquorLicence !== null;
  return (
    <Form<ApproveValues, z.output<typeof ApproveApplicationCommand>>
      schema={ApproveCommandForm}
      defaultValues={{
        priceListId: priceLists.length === 1 ? String(priceLists[0]!.id) : "",
        warehouseCode: warehouses[0]?.code ?? "",
        creditLimit: String(application.credit?.requestedLimit ?? 0),
        liquor: hasLicence,
      }}
      toPayload={(values) => ({
        priceListId: values.priceListId === "" ? undefined : Number(values.priceListId),
        warehouseCode: values.warehouseCode,
        creditLimit: randOf(values.creditLimit),
        liquor: hasLicence && values.liquor,
      })}
      alsoCheck={(values) => ({
        priceListId: values.priceListId === "" ? "Choose the price list" : undefined,
      })}
      onSubmit={async (command) => {
        await approve.mutateAsync({ id: application.id, ...command });
      }}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={`Approve ${application.business.businessName}`}
    >
      <div className="sm:col-span-2">
        <FormFailure title="Not approved" />
      </div>
      <FormSelectField
        name="priceListId"
        label="Price list"
        hint="The account's list prices."
        placeholder="Choose…"
        autoFocus
        options={priceLists.map((list) => ({ value: String(list.id), label: list.name }))}
      />
      <FormSelectField
        name="warehouseCode"
        label="Warehouse"
        hint="Nearest the pin first."
        options={warehouses.map((warehouse, index) => ({
          value: warehouse.code,
          label: `${warehouse.name} (${warehouse.code}), ${distanceText(warehouse.distanceKm)}${index === 0 ? ", nearest" : ""}`,
        }))}
      />
      <FormTextField
        name="creditLimit"
        label="Credit limit (R)"
        hint={
          application.credit
            ? `Asked for ${formatRand(application.credit.requestedLimit)}.`
            : "No credit was asked for: 0 means cash on order."
        }
        inputMode="decimal"
        autoComplete="off"
      />
      {hasLicence ? (
        <FormCheckboxField
          name="liquor"
          label="Sell it liquor"
          hint={`Licence ${application.business.liquorLicence!.number}.`}
          className="self-end"
        />
      ) : (
        <p className="self-end text-sm text-muted">No liquor: no licence was given.</p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-between">
        <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
          Cancel
        </button>
        <FormSubmit busyLabel="Approving…" icon={Check}>
          Approve and invite the owner
        </FormSubmit>
      </div>
    </Form>
  );
}

/** One text for the applicant (a question, or why it is declined) and a button that sends it. */
function TextForm<Name extends "text" | "reason">({
  name,
  schema,
  label,
  submit,
  busyLabel,
  onSend,
  onCancel,
}: {
  name: Name;
  schema: z.ZodType<Record<Name, string>>;
  label: string;
  submit: { text: string; icon: LucideIcon; formLabel: string };
  busyLabel: string;
  onSend: (text: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  return (
    <Form<Record<Name, string>, Record<Name, string>>
      schema={schema}
      defaultValues={{ [name]: "" } as DefaultValues<Record<Name, string>>}
      onSubmit={async (payload) => {
        await onSend(payload[name]);
      }}
      className="space-y-3"
      aria-label={submit.formLabel}
    >
      <FormFailure title="Not sent" />
      <FormTextAreaField name={name} label={label} rows={4} autoFocus />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
          Cancel
        </button>
        <FormSubmit busyLabel={busyLabel} icon={submit.icon}>
          {submit.text}
        </FormSubmit>
      </div>
    </Form>
  );
}

type Step = "choose" | "ask" | "approve" | "decline";

function Decision({ application }: { application: StaffApplication }) {
  const [step, setStep] = useState<Step>("choose");
  const ask = useAskForInformation();
  const decline = useDeclineApplication();
  const name = application.business.businessName;
  const close = () => setStep("choose");

  if (step === "ask")
    return (
      <TextForm
        name="text"
        schema={MessageCommand}
        label="What do you need from the applicant? (e-mailed and sent by SMS)"
        submit={{
          text: "Ask for more information",
          icon: MessageSquarePlus,
          formLabel: `Ask ${name} for more information`,
        }}
        busyLabel="Sending…"
        onSend={async (text) => {
          await ask.mutateAsync({ id: application.id, text });
          close();
        }}
        onCancel={close}
      />
    );
  if (step === "approve") return <ApproveForm application={application} onCancel={close} />;
  if (step === "decline")
    return (
      <TextForm
        name="reason"
        schema={DeclineApplicationCommand}
        label="Why is it declined? (the applicant is told)"
        submit={{ text: "Decline application", icon: X, formLabel: `Decline ${name}` }}
        busyLabel="Declining…"
        onSend={(reason) => decline.mutateAsync({ id: application.id, reason })}
        onCancel={close}
      />
    );
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonClass()} onClick={() => setStep("approve")}>
        <Check aria-hidden="true" className="size-4" />
        Approve…
      </button>
      <button type="button" className={buttonClass("secondary")} onClick={() => setStep("ask")}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        Ask for more information…
      </button>
      <button type="button" className={buttonClass("secondary")} onClick={() => setStep("decline")}>
        <X aria-hidden="true" className="size-4" />
        Decline…
      </button>
    </div>
  );
}

function Warehouses({ application }: { application: StaffApplication }) {
  const warehouses = application.choices.warehouses;
  if (warehouses.length === 0) return <p className="text-sm text-muted">No warehouses to choose from.</p>;
  return (
    <ol aria-label="Warehouses, nearest first" className="divide-y divide-line rounded-lg border border-line">
      {warehouses.map((warehouse, index) => (
        <li key={warehouse.code} className="flex items-center justify-between gap-3 px-3 py-2">
          <span>
            {warehouse.name} <span className="text-muted">({warehouse.code})</span>
            {index === 0 && warehouse.distanceKm !== null && (
              <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand">
                Nearest
              </span>
            )}
          </span>
          <span className="shrink-0 tabular-nums">{distanceText(warehouse.distanceKm)}</span>
        </li>
      ))}
    </ol>
  );
}

function ApplicationPanel({ id, backTo }: { id: number; backTo: string }) {
  const { data: application, isPending, isError, error, refetch } = useStaffApplication(id);
  const back = (
    <Link to={backTo} className={`${buttonClass("secondary")} lg:hidden`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the list
    </Link>
  );
  if (isPending) return <Loading label="Loading the application" />;
  if (isError)
    return (
      <div>
        {back}
        <LoadFailed
          message="We could not load this application."
          error={error}
          onRetry={() => void refetch()}
        />
      </div>
    );
  const undecided = UNDECIDED.includes(application.status);
  const titleId = `application-${application.id}`;
  return (
    <article aria-labelledby={titleId} className="space-y-4">
      {back}
      <div className="rounded-xl border border-line bg-surface p-4 sm:p-5">
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {application.business.businessName}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-mono">{application.reference}</span>
          <StatusBadge status={application.status} />
          <span className="text-muted">
            Sent <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
          </span>
        </p>
        {application.status === "Approved" && (
          <p className="mt-2">
            Approved {application.decidedAt && formatDateTime(application.decidedAt)}
            {application.decidedBy && ` by ${application.decidedBy}`}: account{" "}
            <strong>{application.accountId}</strong>.
          </p>
        )}
        {application.status === "Declined" && (
          <p className="mt-2 break-words">
            Declined {application.decidedAt && formatDateTime(application.decidedAt)}
            {application.decidedBy && ` by ${application.decidedBy}`}: {application.declineReason}
          </p>
        )}
        {undecided && (
          <div className="mt-4">
            <Decision key={application.id} application={application} />
          </div>
        )}
      </div>
      <Panel title="Business">
        <BusinessFacts application={application} />
      </Panel>
      <Panel title="Documents">
        <DocumentList
          documents={application.documents}
          download={(documentId) => downloadApplicationDocument(application.id, documentId)}
          emptyText="No documents sent."
        />
      </Panel>
      <Panel title="Warehouses nearest the pin">
        <Warehouses application={application} />
      </Panel>
      <Panel title="Credit">
        {application.credit ? (
          <CreditFacts credit={application.credit} />
        ) : (
          <p className="text-sm text-muted">No credit asked for.</p>
        )}
      </Panel>
      <Panel title="Messages">
        <MessageList messages={application.messages} you="Staff" emptyText="No messages yet." />
      </Panel>
    </article>
  );
}

export function ApplicationsPage() {
  useDocumentTitle("Account applications");
  const listId = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get("status"));
  const chosen = Number(params.get("id")) || null;
  const { data: items, isPending, isError, error, refetch } = useApplicationList(filter);

  let list;
  if (isPending) list = <Loading label="Loading the applications" />;
  else if (isError)
    list = (
      <LoadFailed
        message="We could not load the applications."
        error={error}
        onRetry={() => void refetch()}
      />
    );
  else if (items.length === 0)
    list = <p className="mt-4 rounded-xl border border-line bg-surface p-6 text-muted">{EMPTY[filter]}</p>;
  else
    list = (
      <ul
        id={listId}
        aria-label="Applications"
        className="mt-4 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
      >
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={withParams(params, { id: String(item.id) })}
              aria-current={item.id === chosen ? "true" : undefined}
              className="block p-4 hover:bg-surface-2 aria-[current=true]:bg-brand-soft"
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-bold text-brand underline-offset-4">{item.businessName}</span>
                <StatusBadge status={item.status} />
              </span>
              <span className="mt-1 block text-sm text-muted">
                {item.reference} · {item.kind} · {item.city}
              </span>
              <span className="mt-1 flex flex-wrap gap-x-3 text-sm">
                <span>
                  Sent <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
                </span>
                {item.creditRequested !== null && (
                  <span className="tabular-nums">Credit {formatRand(item.creditRequested)}</span>
                )}
                {item.liquor && (
                  <span className="inline-flex items-center gap-1">
                    <Wine aria-hidden="true" className="size-4" />
                    Liquor
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Account applications
      </h1>
      <p className="mt-1 text-muted">
        Traders who applied for an account. Check each against its documents, ask for what is missing, then
        approve it (the account is made and its owner invited) or decline it.
      </p>
      <div className={chosen ? "hidden lg:block" : ""}>
        <FilterButtons
          label="Show applications"
          choices={FILTERS}
          value={filter}
          onChoose={(value) => setParams(value === "undecided" ? {} : { status: value }, { replace: true })}
        />
      </div>
      <div className="lg:grid lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-6">
        <div className={chosen ? "hidden lg:block" : ""}>{list}</div>
        <div className={chosen ? "mt-4" : "hidden lg:block"}>
          {chosen ? (
            <ApplicationPanel key={chosen} id={chosen} backTo={withParams(params, { id: null })} />
          ) : (
            <p className="mt-4 rounded-xl border border-dashed border-line p-6 text-muted">
              Choose an application to review it.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
