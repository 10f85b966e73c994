// New user (Admin): a local login with a password, or a staff member picked from the directory.
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { successToast, toast } from "@/lib/ui/toasts";
import { ArrowLeft } from "lucide-react";
import type { DirectoryUser } from "@trade-shop/contracts/identity";
import { getTenant, useSession } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { adminRoutes } from "./admin-routes";
import { useCreateUser } from "./api/users";
import { DirectorySearch } from "./directory-search";
import { UserForm, blankUserForm, createUserContract, type UserFormValues } from "./user-form";

const backLink =
  "inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline";

/** A directory person becomes a directory user with the Staff role; the admin can change both. */
function fromDirectory(person: DirectoryUser, tenant: string | null): UserFormValues {
  return {
    ...blankUserForm(tenant ? [tenant] : []),
    username: person.samAccountName,
    firstname: person.givenName ?? person.name.split(" ")[0] ?? "",
    lastname: person.surname ?? person.name.split(" ").slice(1).join(" "),
    email: person.emailAddress ?? person.userPrincipalName ?? "",
    isActiveDirectoryUser: true,
    roles: ["Staff"],
  };
}

export function UserCreatePage() {
  useDocumentTitle("New user");
  const navigate = useNavigate();
  const session = useSession();
  const createUser = useCreateUser();
  const tenant = getTenant();
  const [values, setValues] = useState(() => blankUserForm(tenant ? [tenant] : []));

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl space-y-5 py-6 sm:py-8">
      <Link to={adminRoutes.users} className={backLink}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Users
      </Link>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        New user
      </h1>
      <DirectorySearch
        onPick={(person) => {
          setValues(fromDirectory(person, tenant));
          toast.info("Directory user chosen", {
            description: `Check ${person.name}'s roles and tenants, then create the user.`,
          });
        }}
      />
      <UserForm
        mode="create"
        values={values}
        tenantOptions={session?.claims.tenants ?? []}
        contract={createUserContract}
        onSubmit={async (payload) => {
          const user = await createUser.mutateAsync(payload);
          successToast("User created", {
            description: `${user.username} can now log in.`,
          });
          navigate(adminRoutes.users);
        }}
      />
    </section>
  );
}
