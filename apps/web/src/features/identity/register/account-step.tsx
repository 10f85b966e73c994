// Registration step 1: the customer account number and the e-mail address on that account,
// which GetUserOtpDetails answers with where a PIN can be sent (masked).
import { ArrowRight } from "lucide-react";
import { OtpDetailsRequest, type OtpDetailsResult, userRoutes } from "@trade-shop/contracts/identity";
import { apiRequest } from "@/lib/api-client";
import { Form, FormFailure, FormSubmit, FormTextField, SubmitRefused } from "@/lib/forms/form";
import { StepHeading } from "./registration-steps";

interface AccountForm {
  pastelCustomerAccount: string;
  emailAddress: string;
}

interface AccountStepProps {
  initial: OtpDetailsRequest | null;
  onFound: (account: OtpDetailsRequest, details: OtpDetailsResult) => void;
}

export function AccountStep({ initial, onFound }: AccountStepProps) {
  const onSubmit = async (account: OtpDetailsRequest) => {
    const details = await apiRequest(userRoutes.getOtpDetails, { body: account });
    if (!details.success) throw new SubmitRefused(details.message);
    onFound({ ...account, pastelCustomerAccount: details.pastelCustomerAccount }, details);
  };

  return (
    <Form<AccountForm, OtpDetailsRequest>
      schema={OtpDetailsRequest}
      defaultValues={initial ?? { pastelCustomerAccount: "", emailAddress: "" }}
      onSubmit={onSubmit}
      className="space-y-5"
      aria-labelledby="step-title"
    >
      <div id="step-title">
        <StepHeading step={0}>Your customer account</StepHeading>
      </div>
      <p className="text-sm text-muted">
        Registration is for existing trade customers. We check your account number against the e-mail address
        we have on file and send you a one-time PIN. Then you choose a password of at least 10 characters that
        is not a common one.
      </p>
      <FormFailure title="We could not find your account" />
      <FormTextField
        name="pastelCustomerAccount"
        label="Customer account number"
        hint="On your statement or invoice, e.g. CUS0001."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
      />
      <FormTextField
        name="emailAddress"
        label="E-mail address on the account"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <FormSubmit busyLabel="Checking…" icon={ArrowRight} className="w-full">
        Continue
      </FormSubmit>
    </Form>
  );
}
