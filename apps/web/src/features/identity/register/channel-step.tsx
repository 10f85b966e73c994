// Registration step 2: choose e-mail and/or SMS from the (masked) contacts on the account, then
// PreRegisterUser sends the PIN. Success says "OTP SENT"; any failure "OTP Failed" (docs/behaviour.md).
import { useId } from "react";
import { useFormContext, useWatch, type FieldError } from "react-hook-form";
import { successToast } from "@/lib/ui/toasts";
import { ArrowLeft, Send } from "lucide-react";
import {
  type OtpDetailsRequest,
  type OtpDetailsResult,
  PreRegistrationRequest,
  userRoutes,
} from "@trade-shop/contracts/identity";
import { apiRequest } from "@/lib/api-client";
import { Form, FormFailure, FormSubmit, SubmitRefused } from "@/lib/forms/form";
import { buttonClass } from "@/lib/ui/button-styles";
import { CheckboxField, FieldErrorText, FormAlert, hintClass } from "@/lib/ui/form-controls";
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

type ChannelErrors = Partial<Record<keyof ChannelForm | keyof OtpDetailsRequest, FieldError>>;

/** One contact is simply named in its checkbox; several get a choice of which one. */
function ContactChoice({
  label,
  values,
  name,
}: {
  label: string;
  values: string[];
  name: "otpEmailAddress" | "otpSMSNumber";
}) {
  const { register } = useFormContext<ChannelForm>();
  if (values.length < 2) return null;
  return (
    <fieldset className="ml-8">
      <legend className={hintClass}>{label}</legend>
      {values.map((value) => (
        <label key={value} className="flex min-h-11 items-center gap-3">
          <input type="radio" value={value} {...register(name)} className="size-5 accent-brand-bg" />
          <span className="font-mono">{value}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The account checked in step 1 joins the payload; a problem with it has no field here. */
function AccountFailure() {
  const errors: ChannelErrors = useFormContext<ChannelForm>().formState.errors;
  return errors.emailAddress ? <FormAlert title={OTP_FAILED}>{errors.emailAddress.message}</FormAlert> : null;
}

function ChannelChoice({ emails, cells }: { emails: string[]; cells: string[] }) {
  const choiceErrorId = useId();
  const { register, formState } = useFormContext<ChannelForm>();
  const errors: ChannelErrors = formState.errors;
  const [viaEmail, viaSms] = useWatch<ChannelForm, ["sendOtpViaEmail", "sendOtpViaSms"]>({
    name: ["sendOtpViaEmail", "sendOtpViaSms"],
  });
  // The contract reports "choose a channel" on sendOtpViaSms; it is about the whole group, so
  // the checkboxes carry no error of their own.
  const channelError = errors.sendOtpViaSms ?? errors.sendOtpViaEmail;
  const contactError = errors.otpEmailAddress ?? errors.otpSMSNumber;
  return (
    <fieldset aria-describedby={channelError ? choiceErrorId : undefined} className="space-y-1">
      <legend className="text-sm font-semibold text-fg">Send my PIN by</legend>
      {emails.length > 0 && (
        <>
          <CheckboxField
            label={emails.length === 1 ? `E-mail to ${emails[0]}` : "E-mail"}
            registration={register("sendOtpViaEmail")}
          />
          {viaEmail && <ContactChoice label="Which e-mail address?" values={emails} name="otpEmailAddress" />}
        </>
      )}
      {cells.length > 0 && (
        <>
          <CheckboxField
            label={cells.length === 1 ? `SMS to ${cells[0]}` : "SMS"}
            registration={register("sendOtpViaSms")}
          />
          {viaSms && <ContactChoice label="Which cellphone number?" values={cells} name="otpSMSNumber" />}
        </>
      )}
      <FieldErrorText id={choiceErrorId} error={channelError ?? contactError} />
    </fieldset>
  );
}

export function ChannelStep({ account, details, onSent, onBack }: ChannelStepProps) {
  const emails = details.emailAddresses;
  const cells = details.cellphoneNumbers;

  const onSubmit = async (request: PreRegistrationRequest) => {
    const result = await apiRequest(userRoutes.preRegister, { body: request });
    if (!result.success || !result.otpKey) throw new SubmitRefused(result.message);
    // The server's message starts with "OTP SENT to …"; the title already says the first part.
    const rest = result.message.replace(/^OTP SENT\s+/i, "");
    const description = rest === result.message ? result.message : `Sent ${rest}`;
    successToast(OTP_SENT, { description });
    onSent(result.otpKey);
  };

  return (
    <Form<ChannelForm, PreRegistrationRequest>
      schema={PreRegistrationRequest}
      defaultValues={{
        sendOtpViaEmail: emails.length > 0,
        sendOtpViaSms: false,
        otpEmailAddress: emails[0] ?? "",
        otpSMSNumber: cells[0] ?? "",
      }}
      toPayload={(form) => ({
        ...account,
        ...form,
        otpEmailAddress: form.sendOtpViaEmail ? form.otpEmailAddress : undefined,
        otpSMSNumber: form.sendOtpViaSms ? form.otpSMSNumber : undefined,
      })}
      problemFields={{ otpEmailAddress: "otpEmailAddress", otpSMSNumber: "otpSMSNumber" }}
      failureShows="unplaced-or-message"
      onSubmit={onSubmit}
      className="space-y-5"
      aria-labelledby="step-title"
    >
      <div id="step-title">
        <StepHeading step={1} focusOnOpen>
          Receive a PIN
        </StepHeading>
      </div>
      <p className="text-sm text-muted">
        We found account <strong className="text-fg">{details.pastelCustomerAccount}</strong>. Choose where we
        should send your 6-digit PIN; it is valid for 10 minutes.
      </p>
      <FormFailure title={OTP_FAILED} />
      <AccountFailure />
      <ChannelChoice emails={emails} cells={cells} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </button>
        <FormSubmit busyLabel="Sending PIN…" icon={Send}>
          Send PIN
        </FormSubmit>
      </div>
    </Form>
  );
}
