// What the applicant's status page and the staff's review both show of an application: its
// status in words, the business as applied for, the credit asked for, the documents (each
// fetched with the token that opens it) and the messages between staff and the applicant.
import { useId, useState, type ReactNode } from "react";
import { FileDown } from "lucide-react";
import { formatShopDate } from "@trade-shop/contracts/format";
import {
  DOCUMENT_LABELS,
  type Application,
  type ApplicationStatus,
} from "@trade-shop/contracts/applications";
import { formatDateTime, formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";

const STATUS_LOOK: Record<ApplicationStatus, string> = {
  New: "bg-accent/20 text-fg ring-accent",
  "More information needed": "bg-surface text-fg ring-danger",
  Approved: "bg-brand-soft text-brand ring-brand/40",
  Declined: "bg-surface-2 text-fg ring-line",
};

/** The status in the contract's words, the colour only a second cue. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={`inline-flex w-fit items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${STATUS_LOOK[status]}`}
    >
      {status}
    </span>
  );
}

/** A titled part of an application's page. */
export function Panel({
  title,
  children,
  className = "",
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-line bg-surface p-4 sm:p-5 ${className}`}
    >
      <h2 id={id} className="text-lg font-bold text-fg">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="break-words text-fg">{children}</dd>
    </div>
  );
}

const factsClass = "grid gap-x-6 gap-y-3 sm:grid-cols-2";

/** Latitude and longitude as a reader checks them against a map app. */
export function pinText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** The business as applied for: who, where, when the truck comes, registration and liquor. */
export function BusinessFacts({ application }: { application: Application }) {
  const business = application.business;
  const address = business.address;
  return (
    <dl className={factsClass}>
      <Fact term="Business">
        {business.businessName}
        {business.tradingName && (
          <span className="block text-sm text-muted">Trading as {business.tradingName}</span>
        )}
      </Fact>
      <Fact term="Kind of business">{business.kind}</Fact>
      <Fact term="Contact">
        {business.contactName}
        <span className="block text-sm">
          <a href={`tel:${business.mobile}`} className="text-brand underline-offset-4 hover:underline">
            {business.mobile}
          </a>
        </span>
        <span className="block break-words text-sm">{business.email}</span>
      </Fact>
      <Fact term="Delivery address">
        {[address.line1, address.line2, address.suburb, address.city].filter(Boolean).join(", ")}
        <span className="block text-sm">
          {address.province} {address.postalCode}
        </span>
      </Fact>
      <Fact term="Pin (latitude, longitude)">
        <span className="tabular-nums">{pinText(business.latitude, business.longitude)}</span>
      </Fact>
      <Fact term="Delivery day">{business.deliveryDay}</Fact>
      <Fact term="VAT number">{business.vatNumber ?? "None given"}</Fact>
      <Fact term="Company registration">{business.companyRegistration ?? "None given"}</Fact>
      <Fact term="Liquor licence">
        {business.liquorLicence
          ? `${business.liquorLicence.number}, expires ${formatShopDate(business.liquorLicence.expiresOn)}`
          : "None: no liquor"}
      </Fact>
    </dl>
  );
}

/** The credit asked for, with the consent as recorded. */
export function CreditFacts({ credit }: { credit: NonNullable<Application["credit"]> }) {
  return (
    <>
      <dl className={factsClass}>
        <Fact term="Limit asked for">
          <span className="tabular-nums">{formatRand(credit.requestedLimit)}</span>
        </Fact>
        <Fact term="Bank">
          {credit.bankName}, {credit.accountHolder}
        </Fact>
        <Fact term="Trade references">
          {credit.tradeReferences.length === 0
            ? "None given"
            : credit.tradeReferences.map((reference) => (
                <span key={`${reference.name}-${reference.phone}`} className="block">
                  {reference.name}, {reference.phone}
                </span>
              ))}
        </Fact>
        <Fact term="Consent to a credit check">
          Given <time dateTime={credit.consentedAt}>{formatDateTime(credit.consentedAt)}</time>
        </Fact>
      </dl>
      <blockquote className="mt-3 border-l-4 border-line pl-3 text-sm text-muted">
        {credit.consentText}
      </blockquote>
    </>
  );
}

/** The documents, newest last, each saved from here with `download` (the token that opens it). */
export function DocumentList({
  documents,
  download,
  emptyText,
}: {
  documents: Application["documents"];
  download: (documentId: number) => Promise<void>;
  emptyText: string;
}) {
  const [opening, setOpening] = useState<number | null>(null);
  if (documents.length === 0) return <p className="text-sm text-muted">{emptyText}</p>;
  return (
    <ul aria-label="Documents" className="divide-y divide-line rounded-lg border border-line">
      {documents.map((document) => (
        <li
          key={document.id}
          className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-semibold">{DOCUMENT_LABELS[document.kind]}</p>
            <p className="text-sm text-muted">
              <span className="break-all">{document.fileName}</span> · sent{" "}
              <time dateTime={document.uploadedAt}>{formatDateTime(document.uploadedAt)}</time>
            </p>
          </div>
          <button
            type="button"
            className={`${buttonClass("secondary")} shrink-0`}
            disabled={opening === document.id}
            aria-label={`Download ${DOCUMENT_LABELS[document.kind]}: ${document.fileName}`}
            onClick={() => {
              setOpening(document.id);
              // A failure is toasted by the API client.
              void download(document.id)
                .catch(() => undefined)
                .finally(() => setOpening(null));
            }}
          >
            <FileDown aria-hidden="true" className="size-4" />
            {opening === document.id ? "Downloading…" : "Download"}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The messages between staff and the applicant, oldest first; `you` names the reader's side. */
export function MessageList({
  messages,
  you,
  emptyText,
}: {
  messages: Application["messages"];
  you: "Staff" | "Applicant";
  emptyText: string;
}) {
  if (messages.length === 0) return <p className="text-sm text-muted">{emptyText}</p>;
  return (
    <ol aria-label="Messages" className="space-y-3">
      {messages.map((message, index) => {
        const from =
          message.from === "Staff"
            ? you === "Staff"
              ? (message.by ?? "Staff")
              : `${message.by ?? "Our team"}, Trade Shop`
            : you === "Applicant"
              ? "You"
              : "The applicant";
        return (
          <li
            key={`${index}-${message.at}`}
            className={`rounded-lg p-3 ${message.from === you ? "ml-6 bg-brand-soft" : "mr-6 bg-surface-2"}`}
          >
            <p className="text-sm">
              <span className="font-semibold">{from}</span> ·{" "}
              <time dateTime={message.at} className="text-muted">
                {formatDateTime(message.at)}
              </time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{message.text}</p>
          </li>
        );
      })}
    </ol>
  );
}
