// The create and edit form for a user: login (local or directory), name, roles, tenants and
// customer account. Validation comes from the contracts' CreateUserPayload/UpdateUserPayload;
// server field errors land under their fields.
import { useEffect, useId, useState } from "react";
import { Controller, useForm, useWatch, type Control, type FieldError, type Resolver } from "react-hook-form";
import { Link } from "react-router";
import { Save, UserPlus } from "lucide-react";
import { RoleName } from "@trade-shop/contracts/common";
import { CreateUserPayload, UpdateUserPayload, type User } from "@trade-shop/contracts/identity";
import { blankToUndefined, contractResolver } from "../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../lib/forms/problem-errors";
import { buttonClass } from "../../lib/ui/button-styles";
import {
  CheckboxField,
  FieldErrorText,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
  hintClass,
} from "../../lib/ui/form-controls";
import { PasswordRules } from "../../lib/forms/password-rules";
import { adminRoutes } from "./admin-routes";
import { tenantLabel } from "./tenant-label";

export interface UserFormValues {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  isActiveDirectoryUser: boolean;
  password: string;
  customerAccount: string;
  roles: RoleName[];
  tenants: string[];
  resetPasswordOnNextLogin: boolean;
}

/** What each role may do (DESIGN.md §4), shown beside its checkbox. */
export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  Customer: "Shops and orders for their customer account",
  Staff: "Edits product images and descriptions; orders for customers",
  Admin: "Manages users, roles and tenants, and all Staff can do",
  NoImage: "Sees the No Images work list",
};

export function blankUserForm(tenants: string[]): UserFormValues {
  return {
    username: "",
    firstname: "",
    lastname: "",
    email: "",
    isActiveDirectoryUser: false,
    password: "",
    customerAccount: "",
    roles: [],
    tenants,
    resetPasswordOnNextLogin: false,
  };
}

export function userToForm(user: User): UserFormValues {
  return {
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    isActiveDirectoryUser: user.isActiveDirectoryUser,
    password: "",
    customerAccount: user.customerAccount ?? "",
    roles: user.roles,
    tenants: user.tenants,
    resetPasswordOnNextLogin: user.resetPasswordOnNextLogin,
  };
}

function payloadFields(form: UserFormValues) {
  return {
    username: form.username,
    firstname: form.firstname,
    lastname: form.lastname,
    email: form.email,
    isActiveDirectoryUser: form.isActiveDirectoryUser,
    roles: form.roles,
    tenants: form.tenants,
    // Reports belong to the reporting API and are not managed on this screen.
    reports: [],
    customerAccount: blankToUndefined(form.customerAccount) ?? null,
    // Directory users prove their password to the directory, so none is sent for them.
    password: form.isActiveDirectoryUser ? undefined : blankToUndefined(form.password),
  };
}

export const createUserResolver = contractResolver<UserFormValues, CreateUserPayload>(
  CreateUserPayload,
  payloadFields,
  // The contract asks for the password in a refinement that waits for the other fields.
  { alsoCheck: (form) => (form.isActiveDirectoryUser || form.password !== "" ? {} : { password: "Enter a password" }) },
);

export function updateUserResolver(id: number) {
  return contractResolver<UserFormValues, UpdateUserPayload>(UpdateUserPayload, (form) => ({
    ...payloadFields(form),
    id,
    resetPasswordOnNextLogin: form.resetPasswordOnNextLogin,
  }));
}

/** Server field -> form field; the payload's names are the form's. */
const SERVER_FIELDS = {
  username: "username",
  firstname: "firstname",
  lastname: "lastname",
  email: "email",
  password: "password",
  customerAccount: "customerAccount",
  roles: "roles",
  tenants: "tenants",
} as const;

interface CheckboxGroupProps<Name extends "roles" | "tenants", TPayload> {
  control: Control<UserFormValues, unknown, TPayload>;
  name: Name;
  legend: string;
  options: readonly { value: UserFormValues[Name][number]; label: string; hint?: string }[];
  error: FieldError | undefined;
}

function CheckboxGroup<Name extends "roles" | "tenants", TPayload>({
  control,
  name,
  legend,
  options,
  error,
}: CheckboxGroupProps<Name, TPayload>) {
  const errorId = useId();
  const groupId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = field.value as string[];
        const toggle = (value: string, on: boolean) =>
          field.onChange(on ? [...chosen, value] : chosen.filter((item) => item !== value));
        return (
          <fieldset aria-describedby={error?.message ? errorId : undefined}>
            <legend className="text-sm font-semibold text-fg">{legend}</legend>
            <div className="mt-1">
              {options.map((option) => {
                const id = `${groupId}-${option.value}`;
                return (
                  <div key={option.value}>
                    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3">
                      <input
                        id={id}
                        type="checkbox"
                        checked={chosen.includes(option.value)}
                        onChange={(event) => toggle(option.value, event.target.checked)}
                        onBlur={field.onBlur}
                        aria-describedby={option.hint ? `${id}-hint` : undefined}
                        className="size-5 shrink-0 accent-brand-bg"
                      />
                      <span className="font-medium">{option.label}</span>
                    </label>
                    {option.hint && (
                      <p id={`${id}-hint`} className={`${hintClass} -mt-2 pb-1 pl-8`}>
                        {option.hint}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
            <FieldErrorText id={errorId} error={error} />
          </fieldset>
        );
      }}
    />
  );
}

const sectionClass = "space-y-5 rounded-xl border border-line bg-surface p-4 sm:p-6";
const sectionTitle = "text-base font-bold text-fg";

interface UserFormProps<TPayload> {
  mode: "create" | "edit";
  values: UserFormValues;
  tenantOptions: readonly string[];
  resolver: Resolver<UserFormValues, unknown, TPayload>;
  /** Sends the payload; a rejected ApiError's field errors are shown under the fields. */
  onSubmit: (payload: TPayload) => Promise<unknown>;
}

export function UserForm<TPayload>({ mode, values, tenantOptions, resolver, onSubmit }: UserFormProps<TPayload>) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues, unknown, TPayload>({ resolver, mode: "onTouched", defaultValues: values });
  const isDirectoryUser = useWatch({ control, name: "isActiveDirectoryUser" });

  // A person picked from the directory (or a reloaded user) replaces what the form holds.
  useEffect(() => reset(values), [values, reset]);

  const submit = async (payload: TPayload) => {
    setFormError(null);
    try {
      await onSubmit(payload);
    } catch (error) {
      setFormError(showProblemOnForm(error, setError, SERVER_FIELDS));
    }
  };

  const tenants = [...new Set([...tenantOptions, ...values.tenants])];

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5" aria-label={mode === "create" ? "New user" : "Edit user"}>
      {formError && <FormAlert title={mode === "create" ? "The user was not created" : "The changes were not saved"}>{formError}</FormAlert>}

      <section className={sectionClass} aria-labelledby="login-section">
        <h2 id="login-section" className={sectionTitle}>
          Login
        </h2>
        <CheckboxField
          label="Directory user"
          hint="Logs in with their staff directory password; no password is kept in the shop."
          registration={register("isActiveDirectoryUser")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Username"
            registration={register("username")}
            error={errors.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            label="E-mail address"
            type="email"
            registration={register("email")}
            error={errors.email}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        {!isDirectoryUser && (
          <PasswordField
            label={mode === "create" ? "Password" : "New password"}
            hint={mode === "create" ? <PasswordRules /> : "Leave empty to keep the current password."}
            registration={register("password")}
            error={errors.password}
            autoComplete="new-password"
          />
        )}
        {mode === "edit" && !isDirectoryUser && (
          <CheckboxField
            label="Ask for a new password at the next log-in"
            hint="Their next correct password earns an e-mailed reset link instead of a session."
            registration={register("resetPasswordOnNextLogin")}
          />
        )}
      </section>

      <section className={sectionClass} aria-labelledby="person-section">
        <h2 id="person-section" className={sectionTitle}>
          Person
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" registration={register("firstname")} error={errors.firstname} autoComplete="off" />
          <TextField label="Last name" registration={register("lastname")} error={errors.lastname} autoComplete="off" />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="access-section">
        <h2 id="access-section" className={sectionTitle}>
          Access
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <CheckboxGroup
            control={control}
            name="roles"
            legend="Roles"
            options={RoleName.options.map((role) => ({ value: role, label: role, hint: ROLE_DESCRIPTIONS[role] }))}
            error={errors.roles as FieldError | undefined}
          />
          <CheckboxGroup
            control={control}
            name="tenants"
            legend="Tenants"
            options={tenants.map((tenant) => ({ value: tenant, label: tenantLabel(tenant) }))}
            error={errors.tenants as FieldError | undefined}
          />
        </div>
        <TextField
          label="Customer account (optional)"
          hint="For a customer's login, e.g. CUS0001. Leave empty for staff."
          registration={register("customerAccount")}
          error={errors.customerAccount}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="sm:max-w-xs"
        />
      </section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={adminRoutes.users} className={buttonClass("secondary")}>
          Cancel
        </Link>
        {mode === "create" ? (
          <SubmitButton busy={isSubmitting} busyLabel="Creating…" icon={UserPlus}>
            Create user
          </SubmitButton>
        ) : (
          <SubmitButton busy={isSubmitting} busyLabel="Saving…" icon={Save}>
            Save changes
          </SubmitButton>
        )}
      </div>
    </form>
  );
}
