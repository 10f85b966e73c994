// Registration step 2: choose e-mail and/or SMS from the (masked) contacts on the account, then
// PreRegisterUser sends the PIN. Success says "OTP SENT"; any failure "OTP Failed" (SPEC §4).
import { useId, useMemo, useState } from "react";
import { useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from "react-hook-form";
import { toast } from "sonner";
import { ArrowLeft, Send } from "lucide-react";
import { api } from "@trade-shop/contracts/api";
import {
  PreRegistrationRequest,
  type OtpDetailsRequest,
  type OtpDetailsResult,
} from "@trade-shop/contracts/identity";
import { apiRequest } from "../../../lib/api-client";
import { contractResolver } from "../../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../../lib/forms/problem-errors";
import { buttonClass } from "../../../lib/ui/button-styles";
import { CheckboxField, FieldErrorText, FormAlert, SubmitButton, hintClass } from "../../../lib/ui/form-controls";
import { StepHeading } from "./registration-steps";

export const OTP_SENT = "OTP SENT";
export const OTP_FAILED = "OTP Failed";

interface ChannelForm {
  sendOtpViaEmail: boolean;
  sendOtpViaSms: boolean;
  otpEmailAddress: string;
  otpSMSNumber: string;
}

interface ChannelStepProps {
  account: OtpDetailsRequest;
  details: OtpDetailsResult;
  onSent: (otpKey: string) => void;
  onBack: () => void;
}

/** One contact is simply named in its checkbox; several get a choice of which one. */
function ContactChoice({ label, values, registration }: { label: string; values: string[]; registration: UseFormRegisterReturn }) {
  if (values.length < 2) return null;
  return (
    <fieldset className="ml-8">
      <legend className={hintClass}>{label}</legend>
      {values.map((value) => (
        <label key={value} className="flex min-h-11 items-center gap-3">
          <input type="radio" value={value} {...registration} className="size-5 accent-brand-bg" />
          <span className="font-mono">{value}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ChannelStep({ account, details, onSent, onBack }: ChannelStepProps) {
  const choiceErrorId = useId();
  const [otpError, setOtpError] = useState<string | null>(null);
  const emails = details.emailAddresses;
  const cells = details.cellphoneNumbers;
  const resolver = useMemo(
    () =>
      contractResolver<ChannelForm, PreRegistrationRequest>(PreRegistrationRequest, (form) => ({
        ...account,
        ...form,
        otpEmailAddress: form.sendOtpViaEmail ? form.otpEmailAddress : undefined,
        otpSMSNumber: form.sendOtpViaSms ? form.otpSMSNumber : undefined,
      })),
    [account],
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChannelForm, unknown, PreRegistrationRequest>({
    resolver,
    mode: "onTouched",
    defaultValues: {
      sendOtpViaEmail: emails.length > 0,
      sendOtpViaSms: false,
      otpEmailAddress: emails[0] ?? "",
      otpSMSNumber: cells[0] ?? "",
    },
  });
  const [viaEmail, viaSms] = useWatch({ control, name: ["sendOtpViaEmail", "sendOtpViaSms"] });
  // The contract reports "choose a channel" on sendOtpViaSms; it is about the whole group.
  const channelError = errors.sendOtpViaSms ?? errors.sendOtpViaEmail;
  const contactError = errors.otpEmailAddress ?? errors.otpSMSNumber;
  const accountError = (errors as FieldErrors<OtpDetailsRequest>).emailAddress;

  const onSubmit = async (request: PreRegistrationRequest) => {
    setOtpError(null);
    try {
      const result = await apiRequest(api.users.preRegister, { body: request });
      if (!result.success || !result.otpKey) {
        setOtpError(result.message);
        return;
      }
      // The server's message starts with "OTP SENT to …"; the title already says the first part.
      const rest = result.message.replace(/^OTP SENT\s+/i, "");
      const description = rest === result.message ? result.message : `Sent ${rest}`;
      toast.success(OTP_SENT, { description, position: "bottom-center" });
      onSent(result.otpKey);
    } catch (error) {
      const unplaced = showProblemOnForm(error, setError, {
        otpEmailAddress: "otpEmailAddress",
        otpSMSNumber: "otpSMSNumber",
      });
      setOtpError(unplaced ?? (error as Error).message);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-labelledby="step-title">
      <div id="step-title">
        <StepHeading step={1} focusOnOpen>Receive a PIN</StepHeading>
      </div>
      <p className="text-sm text-muted">
        We found account <strong className="text-fg">{details.pastelCustomerAccount}</strong>. Choose where we
        should send your 6-digit PIN; it is valid for 10 minutes.
      </p>
      {otpError && <FormAlert title={OTP_FAILED}>{otpError}</FormAlert>}
      {accountError && <FormAlert title={OTP_FAILED}>{accountError.message}</FormAlert>}
      <fieldset aria-describedby={channelError ? choiceErrorId : undefined} className="space-y-1">
        <legend className="text-sm font-semibold text-fg">Send my PIN by</legend>
        {emails.length > 0 && (
          <>
            <CheckboxField
              label={emails.length === 1 ? `E-mail to ${emails[0]}` : "E-mail"}
              registration={register("sendOtpViaEmail")}
            />
            {viaEmail && (
              <ContactChoice
                label="Which e-mail address?"
                values={emails}
                registration={register("otpEmailAddress")}
              />
            )}
          </>
        )}
        {cells.length > 0 && (
          <>
            <CheckboxField
              label={cells.length === 1 ? `SMS to ${cells[0]}` : "SMS"}
              registration={register("sendOtpViaSms")}
            />
            {viaSms && (
              <ContactChoice
                label="Which cellphone number?"
                values={cells}
                registration={register("otpSMSNumber")}
              />
            )}
          </>
        )}
        <FieldErrorText id={choiceErrorId} error={channelError ?? contactError} />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </button>
        <SubmitButton busy={isSubmitting} busyLabel="Sending PIN…" icon={Send}>
          Send PIN
        </SubmitButton>
      </div>
    </form>
  );
}
