// Registration step 1: the customer account number and the e-mail address on that account,
// which GetUserOtpDetails answers with where a PIN can be sent (masked).
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ArrowRight } from "lucide-react";
import { api } from "@trade-shop/contracts/api";
import { OtpDetailsRequest, type OtpDetailsResult } from "@trade-shop/contracts/identity";
import { apiRequest } from "../../../lib/api-client";
import { contractResolver } from "../../../lib/forms/contract-resolver";
import { showProblemOnForm } from "../../../lib/forms/problem-errors";
import { FormAlert, SubmitButton, TextField } from "../../../lib/ui/form-controls";
import { StepHeading } from "./registration-steps";

interface AccountForm {
  pastelCustomerAccount: string;
  emailAddress: string;
}

const resolver = contractResolver<AccountForm, OtpDetailsRequest>(OtpDetailsRequest);

interface AccountStepProps {
  initial: OtpDetailsRequest | null;
  onFound: (account: OtpDetailsRequest, details: OtpDetailsResult) => void;
}

export function AccountStep({ initial, onFound }: AccountStepProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountForm, unknown, OtpDetailsRequest>({
    resolver,
    mode: "onTouched",
    defaultValues: initial ?? { pastelCustomerAccount: "", emailAddress: "" },
  });

  const onSubmit = async (account: OtpDetailsRequest) => {
    setFormError(null);
    try {
      const details = await apiRequest(api.users.getOtpDetails, { body: account });
      if (!details.success) setFormError(details.message);
      else onFound({ ...account, pastelCustomerAccount: details.pastelCustomerAccount }, details);
    } catch (error) {
      setFormError(
        showProblemOnForm(error, setError, {
          pastelCustomerAccount: "pastelCustomerAccount",
          emailAddress: "emailAddress",
        }),
      );
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-labelledby="step-title">
      <div id="step-title">
        <StepHeading step={0}>Your customer account</StepHeading>
      </div>
      <p className="text-sm text-muted">
        Registration is for existing trade customers. We check your account number against the e-mail address we
        have on file and send you a one-time PIN. Then you choose a password of at least 10 characters that is not a
        common one.
      </p>
      {formError && <FormAlert title="We could not find your account">{formError}</FormAlert>}
      <TextField
        label="Customer account number"
        hint="On your statement or invoice, e.g. CUS0001."
        registration={register("pastelCustomerAccount")}
        error={errors.pastelCustomerAccount}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
      />
      <TextField
        label="E-mail address on the account"
        type="email"
        registration={register("emailAddress")}
        error={errors.emailAddress}
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Checking…" icon={ArrowRight} className="w-full">
        Continue
      </SubmitButton>
    </form>
  );
}
