// Choosing a new password from the e-mailed link (/auth/reset-password?hash=…, SPEC §4). Success
// goes to the login page with "Password successfully reset." for 3 seconds and the user's name
// filled in.
import { useMemo, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { KeyRound } from "lucide-react";
import { api } from "@trade-shop/contracts/api";
import { PasswordReset } from "@trade-shop/contracts/identity";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiRequest } from "../../lib/api-client";
import { contractResolver } from "../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../lib/forms/problem-errors";
import { rememberUsername } from "../../lib/session";
import { FormAlert, PasswordField, SubmitButton } from "../../lib/ui/form-controls";
import { PasswordRules } from "../../lib/forms/password-rules";
import { AuthCard, textLinkClass } from "./auth-card";
import { withConfirmedPassword } from "./forms/confirm-password";

/** SPEC §4 and §9: the message, its title and how long it shows. */
export const PASSWORD_RESET_DONE = { title: "Password Reset", message: "Password successfully reset.", durationMs: 3000 };

const ResetForm = withConfirmedPassword(PasswordReset);

interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hash = params.get("hash") ?? "";
  const [linkError, setLinkError] = useState<string | null>(null);
  const resolver = useMemo(
    () => contractResolver<ResetPasswordForm, PasswordReset>(ResetForm, (form) => ({ ...form, hash })),
    [hash],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm, unknown, PasswordReset>({
    resolver,
    mode: "onTouched",
    defaultValues: { password: "", confirmPassword: "" },
  });

  // A mangled link fails the contract's check of `hash`, which has no field of its own.
  const hashError = (errors as FieldErrors<{ hash: string }>).hash?.message;

  const onSubmit = async ({ password }: PasswordReset) => {
    setLinkError(null);
    try {
      const { username } = await apiRequest(api.users.resetPassword, { body: { hash, password } });
      rememberUsername(username);
      toast.success(PASSWORD_RESET_DONE.title, {
        description: PASSWORD_RESET_DONE.message,
        duration: PASSWORD_RESET_DONE.durationMs,
        position: "bottom-center",
      });
      navigate(appRoutes.login, { replace: true });
    } catch (error) {
      setLinkError(showProblemOnForm(error, setError, { password: "password" }));
    }
  };

  const requestNewLink = (
    <Link to={appRoutes.auth.forgotPassword} className={textLinkClass}>
      Request a new link
    </Link>
  );

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your Trade Shop login.">
      {hash === "" ? (
        <FormAlert title="This reset link is incomplete">
          <p>Open the link again from the e-mail, or ask for a new one.</p>
          {requestNewLink}
        </FormAlert>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Reset password">
          {(linkError || hashError) && (
            <FormAlert title="The password was not changed">
              <p>{linkError ?? hashError}</p>
              {requestNewLink}
            </FormAlert>
          )}
          <PasswordField
            label="New password"
            registration={register("password")}
            error={errors.password}
            hint={<PasswordRules />}
            autoComplete="new-password"
            autoFocus
          />
          <PasswordField
            label="Confirm new password"
            registration={register("confirmPassword")}
            error={errors.confirmPassword}
            autoComplete="new-password"
          />
          <SubmitButton busy={isSubmitting} busyLabel="Saving…" icon={KeyRound} className="w-full">
            Set new password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
