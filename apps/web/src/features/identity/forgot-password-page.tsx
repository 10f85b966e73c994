// Forgotten password (docs/behaviour.md): ask for a reset link by e-mail, then go to the login page with a
// notice that says the same whether or not the address has a login, as the server does.
import { Link, useNavigate } from "react-router";
import { Send } from "lucide-react";
import { PasswordResetRequest, userRoutes } from "@trade-shop/contracts/identity";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiRequest } from "@/lib/api-client";
import { Form, FormFailure, FormSubmit, FormTextField } from "@/lib/forms/form";
import { AuthCard, textLinkClass } from "./auth-card";
import { withLoginNotice } from "./login-notice";

export const RESET_LINK_SENT = {
  title: "Check your e-mail",
  message: "If that address has an account, we've e-mailed a reset link. It works once, for 60 minutes.",
} as const;

interface ForgotPasswordForm {
  emailAddress: string;
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();

  const onSubmit = async (request: PasswordResetRequest) => {
    await apiRequest(userRoutes.requestPasswordReset, { body: request });
    navigate(appRoutes.login, { state: withLoginNotice(RESET_LINK_SENT) });
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
      <Form<ForgotPasswordForm, PasswordResetRequest>
        schema={PasswordResetRequest}
        defaultValues={{ emailAddress: "" }}
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label="Forgot password"
      >
        <FormFailure title="The link could not be sent" />
        <FormTextField
          name="emailAddress"
          label="E-mail address"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
        />
        <FormSubmit busyLabel="Sending…" icon={Send} className="w-full">
          Send reset link
        </FormSubmit>
      </Form>
    </AuthCard>
  );
}
