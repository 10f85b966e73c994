// Registration step 3: the PIN, the user's name and a password. RegisterExternalUser creates the
// login (its username is the e-mail address); the caller then logs in with it (SPEC §4).
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ArrowLeft, UserPlus } from "lucide-react";
import { api } from "@trade-shop/contracts/api";
import { RegisterExternalUserPayload, type OtpDetailsRequest } from "@trade-shop/contracts/identity";
import { apiRequest } from "../../../lib/api-client";
import { contractResolver } from "../../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../../lib/forms/problem-errors";
import { buttonClass } from "../../../lib/ui/button-styles";
import { FormAlert, PasswordField, SubmitButton, TextField } from "../../../lib/ui/form-controls";
import { PasswordRules } from "../../../lib/forms/password-rules";
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

export function PinStep({ account, otpKey, onRegistered, onNewPin }: PinStepProps) {
  const [registrationError, setRegistrationError] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      contractResolver<PinFormValues, RegisterExternalUserPayload & { confirmPassword: string }>(PinForm, (form) => ({
        ...form,
        username: account.emailAddress,
        email: account.emailAddress,
        customerAccount: account.pastelCustomerAccount,
        otpKey,
      })),
    [account, otpKey],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PinFormValues, unknown, RegisterExternalUserPayload & { confirmPassword: string }>({
    resolver,
    mode: "onTouched",
    defaultValues: { otpPin: "", firstname: "", lastname: "", password: "", confirmPassword: "" },
  });

  const onSubmit = async ({ confirmPassword: _confirm, ...payload }: RegisterExternalUserPayload & { confirmPassword: string }) => {
    setRegistrationError(null);
    try {
      await apiRequest(api.users.registerExternalUser, { body: payload });
    } catch (error) {
      showProblemOnForm(error, setError, {
        otpPin: "otpPin",
        firstname: "firstname",
        lastname: "lastname",
        password: "password",
      });
      setRegistrationError((error as Error).message);
      return;
    }
    await onRegistered({ email: payload.email, password: payload.password, firstname: payload.firstname });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-labelledby="step-title">
      <div id="step-title">
        <StepHeading step={2}>Create your login</StepHeading>
      </div>
      <p className="text-sm text-muted">
        Enter the PIN we sent you and choose a password. You will log in with{" "}
        <strong className="break-words text-fg">{account.emailAddress}</strong>.
      </p>
      {registrationError && <FormAlert title={REGISTRATION_ERROR}>{registrationError}</FormAlert>}
      <TextField
        label="PIN"
        hint="The 6 digits we sent you."
        registration={register("otpPin")}
        error={errors.otpPin}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="sm:max-w-64"
        autoFocus
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          registration={register("firstname")}
          error={errors.firstname}
          autoComplete="given-name"
        />
        <TextField
          label="Last name"
          registration={register("lastname")}
          error={errors.lastname}
          autoComplete="family-name"
        />
      </div>
      <PasswordField
        label="Password"
        hint={<PasswordRules />}
        registration={register("password")}
        error={errors.password}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirm password"
        registration={register("confirmPassword")}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onNewPin} className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Send a new PIN
        </button>
        <SubmitButton busy={isSubmitting} busyLabel="Registering…" icon={UserPlus}>
          Register
        </SubmitButton>
      </div>
    </form>
  );
}
