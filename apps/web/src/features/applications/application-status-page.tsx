// /apply/status?token=… (docs/screens.md): where an application stands, for the applicant, who has
// no login: the secret of the link they were given (kept in this browser when they applied here)
// opens it. Its reference and status in words; staff's messages and the applicant's replies;
// the documents, downloaded with the token, and more added; credit applied for if it was not.
// Approved, it says the invitation to set a password is on its way; declined, why.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CreditCard, MessageSquareReply, Upload } from "lucide-react";
import { MessageCommand, type Application } from "@trade-shop/contracts/applications";
import { appRoutes } from "@trade-shop/contracts/routes";
import { ApiError } from "@/lib/api-client";
import { Form, FormFailure, FormSubmit, FormTextAreaField } from "@/lib/forms/form";
import { formatDateTime } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { FormAlert, FormNotice } from "@/lib/ui/form-controls";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  AddCreditForm,
  AddDocumentsForm,
  DOCUMENT_FIELDS,
  DOCUMENT_ORDER,
  EMPTY_CREDIT,
  PROBLEM_FIELDS,
  documentProblemsPlaced,
  type AddDocumentsValues,
  type CreditValues,
} from "./application-fields";
import {
  downloadMyDocument,
  keepStatusToken,
  keptStatusToken,
  useAddCredit,
  useAddDocuments,
  useMyApplication,
  useReplyToStaff,
} from "./application-queries";
import {
  BusinessFacts,
  CreditFacts,
  DocumentList,
  MessageList,
  Panel,
  StatusBadge,
} from "./components/application-parts";
import { CreditFields } from "./components/credit-fields";
import { DocumentField } from "./components/document-field";

const linkClass = "font-semibold text-brand underline underline-offset-4";

/** What the status means for the applicant, in a sentence or two. */
function StatusWords({ application }: { application: Application }) {
  switch (application.status) {
    case "New":
      return (
        <p>
          We have your application and are checking it. We e-mail you as soon as we decide, or if we need more
          from you.
        </p>
      );
    case "More information needed":
      return (
        <FormAlert title="We need more from you">
          Read our message below, then reply, or add the documents we asked for.
        </FormAlert>
      );
    case "Approved":
      return (
        <FormNotice title="Approved: welcome to Trade Shop">
          <p>
            Your account {application.accountId ? <strong>{application.accountId}</strong> : null} is ready.
            We are e-mailing <strong className="break-words">{application.business.email}</strong> an
            invitation to set your password. Open the link in it, choose a password, then log in to order.
          </p>
          <Link to={appRoutes.login} className={`${linkClass} inline-flex min-h-11 items-center`}>
            Log in
          </Link>
        </FormNotice>
      );
    case "Declined":
      return (
        <FormAlert title="Declined">
          <p>{application.declineReason ?? "We cannot open an account for this business."}</p>
          <p className="mt-1">
            Questions?{" "}
            <Link to={appRoutes.contact} className={linkClass}>
              Contact us
            </Link>
            .
          </p>
        </FormAlert>
      );
  }
}

function ReplyForm({ token }: { token: string }) {
  const reply = useReplyToStaff(token);
  const [formKey, setFormKey] = useState(0);
  return (
    <Form<{ text: string }, { text: string }>
      key={formKey}
      schema={MessageCommand}
      defaultValues={{ text: "" }}
      onSubmit={async ({ text }) => {
        await reply.mutateAsync(text);
        setFormKey((key) => key + 1);
      }}
      className="mt-4 space-y-3"
      aria-label="Reply"
    >
      <FormFailure title="Your reply was not sent" />
      <FormTextAreaField name="text" label="Your reply" rows={4} maxLength={2000} />
      <FormSubmit busyLabel="Sending…" icon={MessageSquareReply}>
        Reply
      </FormSubmit>
    </Form>
  );
}

const NO_DOCUMENTS = Object.fromEntries(
  Object.values(DOCUMENT_FIELDS).flatMap((fields) => Object.values(fields).map((name) => [name, ""])),
);

function AddDocuments({ token }: { token: string }) {
  const add = useAddDocuments(token);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className={`${buttonClass("secondary")} mt-4`}>
        <Upload aria-hidden="true" className="size-4" />
        Add documents
      </button>
    );
  }
  return (
    <Form<AddDocumentsValues, { documents: Parameters<typeof add.mutateAsync>[0] }>
      schema={AddDocumentsForm}
      defaultValues={{ ...NO_DOCUMENTS, sellsLiquor: true } as AddDocumentsValues}
      problemFields={PROBLEM_FIELDS as Record<string, keyof AddDocumentsValues>}
      onSubmit={async ({ documents }) => {
        try {
          await add.mutateAsync(documents);
        } catch (error) {
          throw documentProblemsPlaced(
            error,
            documents.map((document) => document.kind),
          );
        }
        setOpen(false);
      }}
      className="mt-4 space-y-4"
      aria-label="Add documents"
    >
      <h3 className="font-bold">Add documents</h3>
      <p className="text-sm text-muted">Choose any you want to send; each is added to your application.</p>
      <FormFailure title="The documents were not sent" />
      {DOCUMENT_ORDER.map((kind) => (
        <DocumentField key={kind} kind={kind} optional />
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={() => setOpen(false)} className={buttonClass("secondary")}>
          Cancel
        </button>
        <FormSubmit busyLabel="Sending…" icon={Upload}>
          Send documents
        </FormSubmit>
      </div>
    </Form>
  );
}

function ApplyForCredit({ token }: { token: string }) {
  const addCredit = useAddCredit(token);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <p className="text-sm text-muted">
          You did not apply for credit. With credit you buy now and pay by the month&apos;s end.
        </p>
        <button type="button" onClick={() => setOpen(true)} className={`${buttonClass("secondary")} mt-3`}>
          <CreditCard aria-hidden="true" className="size-4" />
          Apply for credit
        </button>
      </div>
    );
  }
  return (
    <Form<CreditValues, { credit: Parameters<typeof addCredit.mutateAsync>[0] }>
      schema={AddCreditForm}
      defaultValues={EMPTY_CREDIT}
      problemFields={PROBLEM_FIELDS as Record<string, keyof CreditValues>}
      onSubmit={async ({ credit }) => {
        await addCredit.mutateAsync(credit);
      }}
      className="space-y-4"
      aria-label="Apply for credit"
    >
      <FormFailure title="Your credit application was not sent" />
      <CreditFields />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={() => setOpen(false)} className={buttonClass("secondary")}>
          Cancel
        </button>
        <FormSubmit busyLabel="Sending…" icon={CreditCard}>
          Send credit application
        </FormSubmit>
      </div>
    </Form>
  );
}

function ApplicationView({ application, token }: { application: Application; token: string }) {
  const undecided = application.status === "New" || application.status === "More information needed";
  return (
    <div className="mt-4 space-y-5">
      <div className="space-y-3">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-lg">
            Reference <strong className="font-mono">{application.reference}</strong>
          </span>
          <StatusBadge status={application.status} />
        </p>
        <p className="text-sm text-muted">
          {application.business.businessName} · sent{" "}
          <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
          {application.decidedAt && (
            <>
              {" "}
              · decided <time dateTime={application.decidedAt}>{formatDateTime(application.decidedAt)}</time>
            </>
          )}
        </p>
        <StatusWords application={application} />
      </div>
      <Panel title="Messages">
        <MessageList
          messages={application.messages}
          you="Applicant"
          emptyText="No messages yet. If we need anything, we write here and e-mail you."
        />
        {undecided && application.messages.some((message) => message.from === "Staff") && (
          <ReplyForm token={token} />
        )}
      </Panel>
      <Panel title="Documents">
        <DocumentList
          documents={application.documents}
          download={(documentId) => downloadMyDocument(token, documentId)}
          emptyText="You have sent no documents yet."
        />
        {undecided && <AddDocuments token={token} />}
      </Panel>
      <Panel title="Credit">
        {application.credit ? (
          <CreditFacts credit={application.credit} />
        ) : undecided ? (
          <ApplyForCredit token={token} />
        ) : (
          <p className="text-sm text-muted">You did not apply for credit.</p>
        )}
      </Panel>
      <Panel title="What you sent">
        <BusinessFacts application={application} />
      </Panel>
    </div>
  );
}

function NoApplication({ message }: { message: string }) {
  return (
    <div className="mt-4 rounded-xl border border-line bg-surface p-6">
      <p>{message}</p>
      <Link to={appRoutes.apply} className={`${buttonClass()} mt-4`}>
        Apply for an account
      </Link>
    </div>
  );
}

export function ApplicationStatusPage() {
  useDocumentTitle("Your application");
  const [params] = useSearchParams();
  const linked = params.get("token") ?? "";
  const [kept] = useState(keptStatusToken);
  const token = linked || kept || "";
  const { data: application, isPending, isError, error, refetch } = useMyApplication(token);

  // The link from the e-mail opens it on this phone from now on, without the e-mail.
  useEffect(() => {
    if (linked !== "" && application) keepStatusToken(linked);
  }, [linked, application]);

  let body;
  if (token === "") {
    body = (
      <NoApplication message="This phone has no application of yours. Open the link from the e-mail we sent when you applied, or apply now." />
    );
  } else if (isPending) {
    body = <Loading label="Loading your application" />;
  } else if (isError && error instanceof ApiError && error.status === 404) {
    body = (
      <NoApplication message="This link does not open an application. Open the link from our latest e-mail, or apply again." />
    );
  } else if (isError) {
    body = (
      <LoadFailed
        message="We could not load your application."
        error={error}
        onRetry={() => void refetch()}
      />
    );
  } else {
    body = <ApplicationView application={application} token={token} />;
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl py-6 sm:py-10">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Your application
      </h1>
      {body}
    </section>
  );
}
