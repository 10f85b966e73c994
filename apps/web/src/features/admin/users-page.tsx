// Users (Admin): everyone in every tenant the admin holds, with their tenants shown and a
// tenant filter, searchable by name, username, e-mail, account, role or tenant, with
// enable/disable beside each. A table on wide screens, cards on phones.
import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Search, UserPlus } from "lucide-react";
import type { User } from "@trade-shop/contracts/identity";
import { buttonClass } from "@/lib/ui/button-styles";
import { inputClass, labelClass } from "@/lib/ui/form-controls";
import { useDocumentTitle } from "@/lib/use-document-title";
import { adminRoutes } from "./admin-routes";
import { usersQueryOptions } from "./api/users";
import { EnableUserButton } from "./enable-user-button";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";
import { filterUsers } from "./user-search";
import { UserStatusBadge } from "./user-status";
import { tenantLabel } from "@/lib/tenant-label";
import { useSession } from "@/lib/session";

const fullName = (user: User) => `${user.firstname} ${user.lastname}`.trim();

function RoleList({ user }: { user: User }) {
  if (user.roles.length === 0) return <span className="text-muted">No roles</span>;
  return <>{user.roles.join(", ")}</>;
}

function TenantList({ user }: { user: User }) {
  if (user.tenants.length === 0) return <span className="text-muted">None yet</span>;
  return <>{user.tenants.map(tenantLabel).join(", ")}</>;
}

function EditLink({ user, className = "" }: { user: User; className?: string }) {
  return (
    <Link to={adminRoutes.user(user.id)} className={`${buttonClass("secondary")} ${className}`}>
      <Pencil aria-hidden="true" className="size-4" />
      Edit<span className="sr-only"> {user.username}</span>
    </Link>
  );
}

function UsersTable({ users }: { users: User[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line bg-surface md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              E-mail
            </th>
            <th scope="col" className="px-4 py-3">
              Account
            </th>
            <th scope="col" className="px-4 py-3">
              Roles
            </th>
            <th scope="col" className="px-4 py-3">
              Tenants
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {users.map((user) => (
            <tr key={user.id} className="align-middle">
              <th scope="row" className="px-4 py-2 font-normal">
                <Link
                  to={adminRoutes.user(user.id)}
                  className="font-semibold text-brand underline-offset-4 hover:underline"
                >
                  {fullName(user) || user.username}
                </Link>
                <div className="text-muted">
                  {user.username}
                  {user.isActiveDirectoryUser && " · directory"}
                </div>
              </th>
              <td className="break-all px-4 py-2">{user.email}</td>
              <td className="px-4 py-2">{user.customerAccount ?? <span className="text-muted">—</span>}</td>
              <td className="px-4 py-2">
                <RoleList user={user} />
              </td>
              <td className="px-4 py-2">
                <TenantList user={user} />
              </td>
              <td className="px-4 py-2">
                <UserStatusBadge user={user} />
              </td>
              <td className="px-4 py-2">
                <div className="flex justify-end gap-2">
                  <EditLink user={user} />
                  <EnableUserButton user={user} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ users }: { users: User[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} className="rounded-xl border border-line bg-surface p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold">{fullName(user) || user.username}</p>
              <p className="break-all text-sm text-muted">{user.username}</p>
            </div>
            <UserStatusBadge user={user} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-muted">Account</dt>
            <dd>{user.customerAccount ?? "—"}</dd>
            <dt className="text-muted">Roles</dt>
            <dd>
              <RoleList user={user} />
            </dd>
            <dt className="text-muted">Tenants</dt>
            <dd>
              <TenantList user={user} />
            </dd>
          </dl>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <EditLink user={user} />
            <EnableUserButton user={user} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function UsersPage() {
  useDocumentTitle("Users");
  const searchId = useId();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const users = useQuery(usersQueryOptions());
  const held = useSession()?.claims.tenants ?? [];
  const [tenant, setTenant] = useState("");
  const tenantId = useId();
  const inTenant = (users.data ?? []).filter((u) => tenant === "" || u.tenants.includes(tenant));
  const shown = filterUsers(inTenant, deferredSearch);

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Users
        </h1>
        <Link to={adminRoutes.newUser} className={buttonClass()}>
          <UserPlus aria-hidden="true" className="size-4" />
          New user
        </Link>
      </div>

      <div role="search" aria-label="Find users" className="mt-5 flex max-w-3xl flex-wrap gap-3">
        <div className="min-w-0 flex-[2_1_16rem]">
          <label htmlFor={searchId} className={labelClass}>
            Search users
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 mt-0.75 size-4 -translate-y-1/2 text-muted"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, username, e-mail, account or role"
              autoComplete="off"
              className={`${inputClass(false)} pl-9`}
            />
          </div>
        </div>
        {held.length > 1 && (
          <div className="flex-[1_1_10rem]">
            <label htmlFor={tenantId} className={labelClass}>
              Tenant
            </label>
            <select
              id={tenantId}
              value={tenant}
              onChange={(event) => setTenant(event.target.value)}
              className={inputClass(false)}
            >
              <option value="">All my tenants</option>
              {held.map((code) => (
                <option key={code} value={code}>
                  {tenantLabel(code)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <div className="mt-6">
        {users.isPending ? (
          <Loading label="Loading users" />
        ) : users.isError ? (
          <LoadFailed
            message="We could not load the users."
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {shown.length === users.data.length
                ? `${users.data.length} ${users.data.length === 1 ? "user" : "users"}`
                : `${shown.length} of ${users.data.length} users match`}
            </p>
            {shown.length === 0 ? (
              <p className="rounded-xl border border-dashed border-line p-6 text-center text-muted">
                {deferredSearch ? `No user matches “${deferredSearch}”.` : "No user in this tenant."}
              </p>
            ) : (
              <>
                <UsersTable users={shown} />
                <UserCards users={shown} />
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
