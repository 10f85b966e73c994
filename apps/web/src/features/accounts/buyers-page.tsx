// /buyers: the account's owner sees who can order for the account, invites buyers and
// viewers by e-mail, sets each one's order limit (orders over it wait for the owner's approval),
// withdraws invitations and removes people. Everyone else is told who manages the account.
import { useId, useState } from "react";
import { Link } from "react-router";
import { Send, Trash2, UserPen, X } from "lucide-react";
import {
  InviteBuyerCommand,
  UpdateBuyerCommand,
  type AccountInvitation,
  type AccountUser,
  type InvitedRole,
} from "@trade-shop/contracts/buyers";
import { appRoutes } from "@trade-shop/contracts/routes";
import {
  useAccountPeople,
  useInviteBuyer,
  useMembership,
  useRemoveBuyer,
  useRevokeInvitation,
  useUpdateBuyer,
} from "@/entities/buyers";
import { formatShopDate } from "@trade-shop/contracts/format";
import { formatRand } from "@/lib/format";
import { Form, FormFailure, FormSubmit, FormTextField } from "@/lib/forms/form";
import { buttonClass } from "@/lib/ui/button-styles";
import { inputClass, labelClass } from "@/lib/ui/form-controls";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { successToast } from "@/lib/ui/toasts";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useShopper } from "@/entities/shopper";

export const INVITATION_SENT = (email: string) => ({
  title: "Invitation sent",
  description: `We e-mailed ${email} a link to join your account. It works for 7 days.`,
  duration: 5000,
});

const ROLE_HINTS: Record<InvitedRole, string> = {
  Buyer: "Places orders; those over their limit wait for your approval.",
  Viewer: "Sees prices, orders and statements; cannot order.",
};

/** The framed lists of people and of invitations. */
const LIST_BOX = "mt-2 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface";

const limitText = (limit: number | null) => (limit === null ? "No limit" : `Limit ${formatRand(limit)}`);

/** "1 500", "R1 500.00" or "" (no limit) as the contract's rand or null; anything else stays text for the schema to refuse. */
function toLimit(text: string): number | null | string {
  const cleaned = text.replace(/[\sR]/g, "").replace(",", ".");
  if (cleaned === "") return null;
  const rand = Number(cleaned);
  return Number.isFinite(rand) ? rand : text;
}

interface PersonForm {
  accountRole: InvitedRole;
  orderLimit: string;
}

interface InviteFormValues {
  firstname: string;
  lastname: string;
  email: string;
  accountRole: InvitedRole;
  orderLimit: string;
}

function InviteForm() {
  const invite = useInviteBuyer();
  const id = useId();
  const [formKey, setFormKey] = useState(0);
  return (
    <Form<InviteFormValues, InviteBuyerCommand>
      key={formKey}
      schema={InviteBuyerCommand}
      defaultValues={{ firstname: "", lastname: "", email: "", accountRole: "Buyer", orderLimit: "" }}
      toPayload={(form) => ({ ...form, orderLimit: toLimit(form.orderLimit) })}
      failureShows="unplaced-or-message"
      onSubmit={async (payload) => {
        await invite.mutateAsync(payload);
        successToast(INVITATION_SENT(payload.email).title, INVITATION_SENT(payload.email));
        setFormKey((k) => k + 1);
      }}
      className="mt-3 grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2"
      aria-label="Invite someone"
    >
      {({ register }) => (
        <>
          <div className="sm:col-span-2">
            <FormFailure title="The invitation was not sent" />
          </div>
          <FormTextField name="firstname" label="First name" autoComplete="off" />
          <FormTextField name="lastname" label="Last name" autoComplete="off" />
          <FormTextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            className="sm:col-span-2"
          />
          <div>
            <label htmlFor={`${id}-role`} className={labelClass}>
              Role
            </label>
            <select id={`${id}-role`} {...register("accountRole")} className={`${inputClass(false)} mt-1`}>
              <option value="Buyer">Buyer</option>
              <option value="Viewer">Viewer</option>
            </select>
            <p className="mt-0.5 text-sm text-muted">
              {ROLE_HINTS.Buyer} Viewer: {ROLE_HINTS.Viewer.toLowerCase()}
            </p>
          </div>
          <FormTextField
            name="orderLimit"
            label="Order limit (incl. VAT)"
            hint="Rand, e.g. 2500. Leave empty for no limit."
            inputMode="decimal"
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <FormSubmit busyLabel="Sending…" icon={Send}>
              Send invitation
            </FormSubmit>
          </div>
        </>
      )}
    </Form>
  );
}

function EditPerson({ person, onDone }: { person: AccountUser; onDone: () => void }) {
  const update = useUpdateBuyer();
  const id = useId();
  const name = `${person.firstname} ${person.lastname}`;
  return (
    <Form<PersonForm, UpdateBuyerCommand>
      schema={UpdateBuyerCommand}
      defaultValues={{
        accountRole: person.accountRole === "Viewer" ? "Viewer" : "Buyer",
        orderLimit: person.orderLimit === null ? "" : person.orderLimit.toFixed(2),
      }}
      toPayload={(form) => ({ ...form, orderLimit: toLimit(form.orderLimit) })}
      failureShows="unplaced-or-message"
      onSubmit={async (payload) => {
        await update.mutateAsync({ userId: person.userId, ...payload });
        successToast("Saved", {
          description: `${name}: ${payload.accountRole}, ${limitText(payload.orderLimit).toLowerCase()}.`,
        });
        onDone();
      }}
      className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      aria-label={`Change ${name}`}
    >
      {({ register }) => (
        <>
          <div className="sm:col-span-3">
            <FormFailure title="Not saved" />
          </div>
          <div>
            <label htmlFor={`${id}-role`} className={labelClass}>
              Role
            </label>
            <select id={`${id}-role`} {...register("accountRole")} className={`${inputClass(false)} mt-1`}>
              <option value="Buyer">Buyer</option>
              <option value="Viewer">Viewer</option>
            </select>
          </div>
          <FormTextField
            name="orderLimit"
            label="Order limit (incl. VAT)"
            hint="Empty: no limit"
            inputMode="decimal"
          />
          <div className="flex gap-2">
            <FormSubmit busyLabel="Saving…">Save</FormSubmit>
            <button type="button" className={buttonClass("secondary")} onClick={onDone}>
              Cancel
            </button>
          </div>
        </>
      )}
    </Form>
  );
}

function PersonRow({ person }: { person: AccountUser }) {
  const [mode, setMode] = useState<"view" | "edit" | "remove">("view");
  const remove = useRemoveBuyer();
  const name = `${person.firstname} ${person.lastname}`;
  const owner = person.accountRole === "Owner";
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className="break-all text-sm text-muted">{person.email}</p>
          <p className="mt-1 text-sm">
            <span className="font-semibold">{person.accountRole}</span>
            {person.accountRole === "Buyer" && <> · {limitText(person.orderLimit)}</>}
            {owner && <> · approves orders over a buyer&apos;s limit</>}
          </p>
        </div>
        {!owner && mode === "view" && (
          <div className="flex gap-2">
            <button type="button" className={buttonClass("secondary")} onClick={() => setMode("edit")}>
              <UserPen aria-hidden="true" className="size-4" />
              Change<span className="sr-only"> {name}</span>
            </button>
            <button type="button" className={buttonClass("secondary")} onClick={() => setMode("remove")}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> {name}</span>
            </button>
          </div>
        )}
      </div>
      {mode === "edit" && <EditPerson person={person} onDone={() => setMode("view")} />}
      {mode === "remove" && (
        <div
          role="group"
          aria-label={`Remove ${name}`}
          className="mt-3 rounded-lg border border-danger/50 bg-danger/10 p-3"
        >
          <p className="text-sm">
            Remove {name} from the account? Their login ends at once; the orders they placed stay in your
            history.
          </p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className={buttonClass()}
              disabled={remove.isPending}
              autoFocus
              onClick={() =>
                remove.mutate(person.userId, {
                  onSuccess: () =>
                    successToast("Removed", { description: `${name} can no longer order for your account.` }),
                })
              }
            >
              Remove {person.firstname}
            </button>
            <button type="button" className={buttonClass("secondary")} onClick={() => setMode("view")}>
              Keep
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: AccountInvitation }) {
  const revoke = useRevokeInvitation();
  const name = `${invitation.firstname} ${invitation.lastname}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 px-4 py-3">
      <div className="min-w-0">
        <p className="font-semibold">{name}</p>
        <p className="break-all text-sm text-muted">{invitation.email}</p>
        <p className="mt-1 text-sm">
          {invitation.accountRole}
          {invitation.accountRole === "Buyer" && <> · {limitText(invitation.orderLimit)}</>} · link works
          until {formatShopDate(invitation.expiresAt)}
        </p>
      </div>
      <button
        type="button"
        className={buttonClass("secondary")}
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () =>
              successToast("Invitation withdrawn", {
                description: `The link sent to ${invitation.email} no longer works.`,
              }),
          })
        }
      >
        <X aria-hidden="true" className="size-4" />
        Withdraw<span className="sr-only"> the invitation of {name}</span>
      </button>
    </li>
  );
}

function People() {
  const people = useAccountPeople();
  if (people.isPending) return <Loading label="Loading your account's people" />;
  if (people.isError) {
    return (
      <LoadFailed
        message="We could not load your account's people."
        error={people.error}
        onRetry={() => void people.refetch()}
      />
    );
  }
  const { users, invitations } = people.data;
  return (
    <>
      <h2 className="mt-6 text-lg font-bold">People on the account</h2>
      <ul aria-label="People on the account" className={LIST_BOX}>
        {users.map((person) => (
          <PersonRow key={person.userId} person={person} />
        ))}
      </ul>
      {invitations.length > 0 && (
        <>
          <h2 className="mt-6 text-lg font-bold">Invitations not yet accepted</h2>
          <ul aria-label="Invitations" className={LIST_BOX}>
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </>
      )}
      <h2 className="mt-6 text-lg font-bold">Invite someone</h2>
      <p className="text-sm text-muted">They get an e-mail with a link to choose their password.</p>
      <InviteForm />
    </>
  );
}

export function BuyersPage() {
  useDocumentTitle("Buyers");
  const shopper = useShopper();
  const membership = useMembership();
  let body;
  if (shopper === null) body = <LoginPrompt what="your account's buyers" />;
  else if (membership.isPending) body = <Loading label="Loading your account" />;
  else if (membership.isError) {
    body = (
      <LoadFailed
        message="We could not load your account."
        error={membership.error}
        onRetry={() => void membership.refetch()}
      />
    );
  } else if (membership.data.accountRole !== "Owner") {
    body = (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">
        {membership.data.ownerName} manages who can order for this account. You are a{" "}
        {membership.data.accountRole.toLowerCase()}
        {membership.data.orderLimit !== null && (
          <> with an order limit of {formatRand(membership.data.orderLimit)}</>
        )}
        .{" "}
        <Link
          to={appRoutes.ordersHistory}
          className="font-semibold text-brand underline-offset-4 hover:underline"
        >
          See the account&apos;s orders
        </Link>
      </p>
    );
  } else body = <People />;
  return (
    <section aria-labelledby="page-title" className="max-w-3xl py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Buyers
      </h1>
      <p className="mt-1 text-muted">
        Who can order for your account. Orders over a buyer&apos;s limit wait for your approval before they
        come to us.
      </p>
      {body}
    </section>
  );
}
