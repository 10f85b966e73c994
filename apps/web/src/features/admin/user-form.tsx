// The create and edit form for a user: login (local or directory), name, roles, tenants and
// customer account, on the shop's <Form>. Validation comes from the contracts'
// CreateUserPayload/UpdateUserPayload; server field errors land under their fields.
import { useEffect, useId } from "react";
import { useController, useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { Save, UserPlus } from "lucide-react";
import type { z } from "zod";
import { RoleName } from "@trade-shop/contracts/common";
import { CreateUserPayload, UpdateUserPayload, type User } from "@trade-shop/contracts/identity";
import { blankToUndefined } from "@/lib/forms/contract-resolver";
import {
  Form,
  FormCheckboxField,
  FormFailure,
  FormPasswordField,
  FormSubmit,
  FormTextField,
} from "@/lib/forms/form";
import { buttonClass } from "@/lib/ui/button-styles";
import { FieldErrorText, hintClass } from "@/lib/ui/form-controls";
import { PasswordRules } from "@/lib/forms/password-rules";
import { adminRoutes } from "./admin-routes";
import { tenantLabel } from "@/lib/tenant-label";

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

/** What each role may do (docs/rules.md), shown beside its checkbox. */
export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  Customer: "Shops and orders for their customer account",
  Staff: "Edits product images, descriptions and search words; watches the order hand-offs",
  Admin: "Manages users, roles and tenants, and all Staff can do",
  NoImage: "Sees the No Images work list",
  Rep: "Sales rep: orders as the customer accounts assigned below",
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

/** The contract a page's form is checked against, and how the form's values become its payload. */
export interface UserFormContract<TPayload> {
  schema: z.ZodType<TPayload>;
  toPayload: (form: UserFormValues) => unknown;
  alsoCheck?: (form: UserFormValues) => Partial<Record<string, string>>;
}

export const createUserContract: UserFormContract<CreateUserPayload> = {
  schema: CreateUserPayload,
  toPayload: payloadFields,
  // The contract asks for the password in a refinement that waits for the other fields.
  alsoCheck: (form) =>
    form.isActiveDirectoryUser || form.password !== "" ? {} : { password: "Enter a password" },
};

export function updateUserContract(id: number): UserFormContract<UpdateUserPayload> {
  return {
    schema: UpdateUserPayload,
    toPayload: (form) => ({
      ...payloadFields(form),
      id,
      resetPasswordOnNextLogin: form.resetPasswordOnNextLogin,
    }),
  };
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

interface CheckboxGroupProps<Name extends "roles" | "tenants"> {
  name: Name;
  legend: string;
  options: readonly { value: UserFormValues[Name][number]; label: string; hint?: string }[];
}

function CheckboxGroup<Name extends "roles" | "tenants">({
  name,
  legend,
  options,
}: CheckboxGroupProps<Name>) {
  const errorId = useId();
  const groupId = useId();
  const {
    field,
    fieldState: { error },
  } = useController<UserFormValues, Name>({ name });
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
}

/** A person picked from the directory (or a reloaded user) replaces what the form holds. */
function ResetToValues({ values }: { values: UserFormValues }) {
  const { reset } = useFormContext<UserFormValues>();
  useEffect(() => reset(values), [values, reset]);
  return null;
}

const sectionClass = "space-y-5 rounded-xl border border-line bg-surface p-4 sm:p-6";
const sectionTitle = "text-base font-bold text-fg";

/** Directory users prove their password to the directory, so they have no password fields. */
function PasswordFields({ mode }: { mode: "create" | "edit" }) {
  const isDirectoryUser = useWatch<UserFormValues, "isActiveDirectoryUser">({
    name: "isActiveDirectoryUser",
  });
  if (isDirectoryUser) return null;
  return (
    <>
      <FormPasswordField
        name="password"
        label={mode === "create" ? "Password" : "New password"}
        hint={mode === "create" ? <PasswordRules /> : "Leave empty to keep the current password."}
        autoComplete="new-password"
      />
      {mode === "edit" && (
        <FormCheckboxField
          name="resetPasswordOnNextLogin"
          label="Ask for a new password at the next log-in"
          hint="Their next correct password earns an e-mailed reset link instead of a session."
        />
      )}
    </>
  );
}

interface UserFormProps<TPayload> {
  mode: "create" | "edit";
  values: UserFormValues;
  tenantOptions: readonly string[];
  contract: UserFormContract<TPayload>;
  /** Sends the payload; a rejected ApiError's field errors are shown under the fields. */
  onSubmit: (payload: TPayload) => Promise<unknown>;
}

export function UserForm<TPayload>({
  mode,
  values,
  tenantOptions,
  contract,
  onSubmit,
}: UserFormProps<TPayload>) {
  const tenants = [...new Set([...tenantOptions, ...values.tenants])];

  return (
    <Form<UserFormValues, TPayload>
      {...contract}
      defaultValues={values}
      problemFields={SERVER_FIELDS}
      onSubmit={onSubmit}
      className="space-y-5"
      aria-label={mode === "create" ? "New user" : "Edit user"}
    >
      <ResetToValues values={values} />
      <FormFailure title={mode === "create" ? "The user was not created" : "The changes were not saved"} />

      <section className={sectionClass} aria-labelledby="login-section">
        <h2 id="login-section" className={sectionTitle}>
          Login
        </h2>
        <FormCheckboxField
          name="isActiveDirectoryUser"
          label="Directory user"
          hint="Logs in with their staff directory password; no password is kept in the shop."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormTextField
            name="username"
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <FormTextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <PasswordFields mode={mode} />
      </section>

      <section className={sectionClass} aria-labelledby="person-section">
        <h2 id="person-section" className={sectionTitle}>
          Person
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormTextField name="firstname" label="First name" autoComplete="off" />
          <FormTextField name="lastname" label="Last name" autoComplete="off" />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="access-section">
        <h2 id="access-section" className={sectionTitle}>
          Access
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <CheckboxGroup
            name="roles"
            legend="Roles"
            options={RoleName.options.map((role) => ({
              value: role,
              label: role,
              hint: ROLE_DESCRIPTIONS[role],
            }))}
          />
          <CheckboxGroup
            name="tenants"
            legend="Tenants"
            options={tenants.map((tenant) => ({ value: tenant, label: tenantLabel(tenant) }))}
          />
        </div>
        <FormTextField
          name="customerAccount"
          label="Customer account (optional)"
          hint="For a customer's login, e.g. CUS0001. Leave empty for staff."
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
          <FormSubmit busyLabel="Creating…" icon={UserPlus}>
            Create user
          </FormSubmit>
        ) : (
          <FormSubmit busyLabel="Saving…" icon={Save}>
            Save changes
          </FormSubmit>
        )}
      </div>
    </Form>
  );
}
