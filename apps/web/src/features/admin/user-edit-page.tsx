// One user (Admin): their details to edit, their standing with enable/disable, the roles
// they hold now as the server reports them (GET /api/Users/{userId}/Roles), and for a sales
// rep the customer accounts they order for.
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { successToast } from "@/lib/ui/toasts";
import { ArrowLeft } from "lucide-react";
import type { User } from "@trade-shop/contracts/identity";
import { NO_VALUE, formatDateTime } from "@/lib/format";
import { useSession } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { adminRoutes } from "./admin-routes";
import { useUpdateUser, userQueryOptions, userRolesQueryOptions } from "./api/users";
import { EnableUserButton } from "./enable-user-button";
import { RepAccountsSection } from "./rep-accounts-section";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { UserForm, updateUserContract, userToForm } from "./user-form";
import { UserStatusBadge } from "./user-status";

const backLink =
  "inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline";

function RolesHeld({ userId }: { userId: number }) {
  const roles = useQuery(userRolesQueryOptions(userId));
  if (roles.isPending) return <Loading label="Loading roles" />;
  if (roles.isError)
    return (
      <LoadFailed
        message="We could not load the roles."
        error={roles.error}
        onRetry={() => void roles.refetch()}
      />
    );
  if (roles.data.length === 0)
    return <p className="text-muted">No roles: this user can log in but do nothing more.</p>;
  return (
    <ul className="space-y-2">
      {roles.data.map((role) => (
        <li key={role.id}>
          <span className="font-semibold">{role.name}</span>
          {!role.enabled && <span className="text-muted"> (role switched off)</span>}
          {role.description && <p className="text-sm text-muted">{role.description}</p>}
        </li>
      ))}
    </ul>
  );
}

function UserFacts({ user }: { user: User }) {
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : NO_VALUE);
  const facts: [string, string][] = [
    ["Created", `${when(user.createdDate)}${user.createdBy ? ` by ${user.createdBy}` : ""}`],
    [
      "Last changed",
      `${when(user.lastModifiedDate)}${user.lastModifiedBy ? ` by ${user.lastModifiedBy}` : ""}`,
    ],
    ["Failed log-ins", String(user.failedLoginAttempts)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditUser({ user }: { user: User }) {
  const session = useSession();
  const updateUser = useUpdateUser();
  const values = useMemo(() => userToForm(user), [user]);
  const contract = useMemo(() => updateUserContract(user.id), [user.id]);
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {name}
        </h1>
        <UserStatusBadge user={user} />
      </div>
      <div className="grid gap-5 lg:grid-cols-[1fr_18rem] lg:items-start">
        <UserForm
          mode="edit"
          values={values}
          tenantOptions={session?.claims.tenants ?? []}
          contract={contract}
          onSubmit={async (payload) => {
            const saved = await updateUser.mutateAsync(payload);
            successToast("User saved", {
              description: `${saved.username}'s changes are saved.`,
            });
          }}
        />
        <aside
          className="space-y-5 lg:order-first lg:col-start-2 lg:row-start-1"
          aria-label="Standing, roles and accounts"
        >
          <section
            aria-labelledby="standing-title"
            className="space-y-3 rounded-xl border border-line bg-surface p-4"
          >
            <h2 id="standing-title" className="text-base font-bold">
              Standing
            </h2>
            <UserFacts user={user} />
            <EnableUserButton user={user} className="w-full" />
          </section>
          <section
            aria-labelledby="roles-title"
            className="space-y-3 rounded-xl border border-line bg-surface p-4"
          >
            <h2 id="roles-title" className="text-base font-bold">
              Roles held now
            </h2>
            <RolesHeld userId={user.id} />
          </section>
          {user.roles.includes("Rep") && <RepAccountsSection userId={user.id} name={name} />}
        </aside>
      </div>
    </>
  );
}

export function UserEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = useQuery({ ...userQueryOptions(id), enabled: valid });
  useDocumentTitle(user.data ? `${user.data.firstname} ${user.data.lastname}` : "User");

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-5 py-6 sm:py-8">
      <Link to={adminRoutes.users} className={backLink}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Users
      </Link>
      {!valid ? (
        <h1 id="page-title" className="text-2xl font-bold">
          There is no such user
        </h1>
      ) : user.isPending ? (
        <Loading label="Loading the user" />
      ) : user.isError ? (
        <>
          <h1 id="page-title" className="text-2xl font-bold">
            User
          </h1>
          <LoadFailed
            message="We could not load this user."
            error={user.error}
            onRetry={() => void user.refetch()}
          />
        </>
      ) : (
        <EditUser user={user.data} />
      )}
    </section>
  );
}
