// Choosing a new password from the e-mailed link (/auth/reset-password?hash=…, docs/behaviour.md). Success
// goes to the login page with "Password successfully reset." for 3 seconds and the user's name
// filled in.
import { useFormContext, type FieldErrors } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { successToast } from "@/lib/ui/toasts";
import { KeyRound } from "lucide-react";
import { PasswordReset, userRoutes } from "@trade-shop/contracts/identity";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiRequest } from "@/lib/api-client";
import { Form, FormPasswordField, FormSubmit, useFormFailure } from "@/lib/forms/form";
import { PasswordRules } from "@/lib/forms/password-rules";
import { rememberUsername } from "@/lib/session";
import { FormAlert } from "@/lib/ui/form-controls";
import { AuthCard, textLinkClass } from "./auth-card";
import { withConfirmedPassword } from "./forms/confirm-password";

/** docs/behaviour.md, docs/rules.md: the message, its title and how long it shows. */
export const PASSWORD_RESET_DONE = {
  title: "Password Reset",
  message: "Password successfully reset.",
  durationMs: 3000,
};

const ResetForm = withConfirmedPassword(PasswordReset);

interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

function RequestNewLink() {
  return (
    <Link to={appRoutes.auth.forgotPassword} className={textLinkClass}>
      Request a new link
    </Link>
  );
}

/** The server's refusal, or a mangled link failing the contract's check of `hash` (no field of its own). */
function LinkFailure() {
  const failure = useFormFailure();
  const { formState } = useFormContext<ResetPasswordForm>();
  const hashError = (formState.errors as FieldErrors<{ hash: string }>).hash?.message;
  if (!failure && !hashError) return null;
  return (
    <FormAlert title="The password was not changed">
      <p>{failure ?? hashError}</p>
      <RequestNewLink />
    </FormAlert>
  );
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hash = params.get("hash") ?? "";

  const onSubmit = async ({ password }: PasswordReset) => {
    const { username } = await apiRequest(userRoutes.resetPassword, { body: { hash, password } });
    rememberUsername(username);
    successToast(PASSWORD_RESET_DONE.title, {
      description: PASSWORD_RESET_DONE.message,
      duration: PASSWORD_RESET_DONE.durationMs,
    });
    navigate(appRoutes.login, { replace: true });
  };

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your Trade Shop login.">
      {hash === "" ? (
        <FormAlert title="This reset link is incomplete">
          <p>Open the link again from the e-mail, or ask for a new one.</p>
          <RequestNewLink />
        </FormAlert>
      ) : (
        <Form<ResetPasswordForm, PasswordReset>
          schema={ResetForm}
          defaultValues={{ password: "", confirmPassword: "" }}
          toPayload={(form) => ({ ...form, hash })}
          onSubmit={onSubmit}
          className="space-y-5"
          aria-label="Reset password"
        >
          <LinkFailure />
          <FormPasswordField
            name="password"
            label="New password"
            hint={<PasswordRules />}
            autoComplete="new-password"
            autoFocus
          />
          <FormPasswordField
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
          />
          <FormSubmit busyLabel="Saving…" icon={KeyRound} className="w-full">
            Set new password
          </FormSubmit>
        </Form>
      )}
    </AuthCard>
  );
}
