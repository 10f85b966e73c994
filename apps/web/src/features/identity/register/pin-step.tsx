// Registration step 3: the PIN, the user's name and a password. RegisterExternalUser creates the
// login (its username is the e-mail address); the caller then logs in with it (docs/behaviour.md).
import { ArrowLeft, UserPlus } from "lucide-react";
import {
  type OtpDetailsRequest,
  RegisterExternalUserPayload,
  userRoutes,
} from "@trade-shop/contracts/identity";
import { apiRequest } from "@/lib/api-client";
import { Form, FormFailure, FormPasswordField, FormSubmit, FormTextField } from "@/lib/forms/form";
import { PasswordRules } from "@/lib/forms/password-rules";
import { buttonClass } from "@/lib/ui/button-styles";
import { withConfirmedPassword } from "../forms/confirm-password";
import { StepHeading } from "./registration-steps";

export const REGISTRATION_ERROR = "Registration Error";

const PinForm = withConfirmedPassword(RegisterExternalUserPayload);

interface PinFormValues {
  otpPin: string;
  firstname: string;
  lastname: string;
  password: string;
  confirmPassword: string;
}

interface PinStepProps {
  account: OtpDetailsRequest;
  otpKey: string;
  /** Called once the user exists, with what to log in with. */
  onRegistered: (login: { email: string; password: string; firstname: string }) => Promise<void>;
  onNewPin: () => void;
}

type PinPayload = RegisterExternalUserPayload & { confirmPassword: string };

export function PinStep({ account, otpKey, onRegistered, onNewPin }: PinStepProps) {
  const onSubmit = async ({ confirmPassword: _confirm, ...payload }: PinPayload) => {
    await apiRequest(userRoutes.registerExternalUser, { body: payload });
    await onRegistered({ email: payload.email, password: payload.password, firstname: payload.firstname });
  };

  return (
    <Form<PinFormValues, PinPayload>
      schema={PinForm}
      defaultValues={{ otpPin: "", firstname: "", lastname: "", password: "", confirmPassword: "" }}
      toPayload={(form) => ({
        ...form,
        username: account.emailAddress,
        email: account.emailAddress,
        customerAccount: account.pastelCustomerAccount,
        otpKey,
      })}
      failureShows="always"
      onSubmit={onSubmit}
      className="space-y-5"
      aria-labelledby="step-title"
    >
      <div id="step-title">
        <StepHeading step={2}>Create your login</StepHeading>
      </div>
      <p className="text-sm text-muted">
        Enter the PIN we sent you and choose a password. You will log in with{" "}
        <strong className="break-words text-fg">{account.emailAddress}</strong>.
      </p>
      <FormFailure title={REGISTRATION_ERROR} />
      <FormTextField
        name="otpPin"
        label="PIN"
        hint="The 6 digits we sent you."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="sm:max-w-64"
        autoFocus
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField name="firstname" label="First name" autoComplete="given-name" />
        <FormTextField name="lastname" label="Last name" autoComplete="family-name" />
      </div>
      <FormPasswordField
        name="password"
        label="Password"
        hint={<PasswordRules />}
        autoComplete="new-password"
      />
      <FormPasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onNewPin} className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Send a new PIN
        </button>
        <FormSubmit busyLabel="Registering…" icon={UserPlus}>
          Register
        </FormSubmit>
      </div>
    </Form>
  );
}
