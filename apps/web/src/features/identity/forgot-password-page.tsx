// Forgotten password (SPEC §4): ask for a reset link by e-mail, then go to the login page with a
// notice that says the same whether or not the address has a login, as the server does.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Send } from "lucide-react";
import { api } from "@trade-shop/contracts/api";
import { PasswordResetRequest } from "@trade-shop/contracts/identity";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiRequest } from "../../lib/api-client";
import { contractResolver } from "../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../lib/forms/problem-errors";
import { FormAlert, SubmitButton, TextField } from "../../lib/ui/form-controls";
import { AuthCard, textLinkClass } from "./auth-card";
import { withLoginNotice } from "./login-notice";

export const RESET_LINK_SENT = {
  title: "Check your e-mail",
  message: "If that address has an account, we've e-mailed a reset link. It works once, for 60 minutes.",
} as const;

interface ForgotPasswordForm {
  emailAddress: string;
}

const resolver = contractResolver<ForgotPasswordForm, PasswordResetRequest>(PasswordResetRequest);

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm, unknown, PasswordResetRequest>({
    resolver,
    mode: "onTouched",
    defaultValues: { emailAddress: "" },
  });

  const onSubmit = async (request: PasswordResetRequest) => {
    setFormError(null);
    try {
      await apiRequest(api.users.requestPasswordReset, { body: request });
      navigate(appRoutes.login, { state: withLoginNotice(RESET_LINK_SENT) });
    } catch (error) {
      setFormError(showProblemOnForm(error, setError, { emailAddress: "emailAddress" }));
    }
  };

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the e-mail address of your login. We'll send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to={appRoutes.login} className={textLinkClass}>
            Back to Login
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Forgot password">
        {formError && <FormAlert title="The link could not be sent">{formError}</FormAlert>}
        <TextField
          label="E-mail address"
          type="email"
          registration={register("emailAddress")}
          error={errors.emailAddress}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
        />
        <SubmitButton busy={isSubmitting} busyLabel="Sending…" icon={Send} className="w-full">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
