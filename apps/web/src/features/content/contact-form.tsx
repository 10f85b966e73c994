// The enquiry form (docs/behaviour.md Contact): name, e-mail, phone, customer account and message, checked
// against the contract before sending. While it sends, the form is busy; on success it gives
// way to the thank-you text; on failure it stays filled in, with the server's field messages
// beside the fields (the API client's toast has already said why).
import { useEffect, useRef } from "react";
import { useFormContext } from "react-hook-form";
import { CircleCheck, Send } from "lucide-react";
import type { z } from "zod";
import { UserEnquiry } from "@trade-shop/contracts/content";
import { Form, FormSubmit, FormTextAreaField, FormTextField } from "@/lib/forms/form";
import { buttonClass } from "@/lib/ui/button-styles";
import { useSendEnquiry } from "./api/send-enquiry";

/** docs/behaviour.md: what the page says once the message is on its way. */
export const ENQUIRY_THANK_YOU = "Thank you for your message. The provider will contact you shortly";

type EnquiryForm = z.input<typeof UserEnquiry>;

/** Hidden from people and screen readers; a bot that fills it in is ignored. */
function Honeypot() {
  const { register } = useFormContext<EnquiryForm>();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
      <label htmlFor="contact-website">Website</label>
      <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
    </div>
  );
}

function ThankYou({ onAnother }: { onAnother: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  // The form the user was in has gone; the confirmation takes its place and the focus.
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      role="status"
      tabIndex={-1}
      className="flex flex-col items-start gap-4 rounded-lg border border-brand/40 bg-brand-soft p-5"
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
        <p className="text-lg font-semibold">{ENQUIRY_THANK_YOU}</p>
      </div>
      <button type="button" onClick={onAnother} className={buttonClass("secondary")}>
        Send another message
      </button>
    </div>
  );
}

export function ContactForm({ defaultName = "" }: { defaultName?: string }) {
  const sending = useSendEnquiry();

  // "Send another message" brings back an empty form (a new one, so nothing needs resetting).
  if (sending.isSuccess) return <ThankYou onAnother={() => sending.reset()} />;

  const busy = sending.isPending;
  return (
    <Form<EnquiryForm, UserEnquiry>
      schema={UserEnquiry}
      defaultValues={{
        name: defaultName,
        email: "",
        phone: "",
        customerAccount: "",
        message: "",
        website: "",
      }}
      onSubmit={(enquiry) =>
        sending.mutateAsync({ ...enquiry, customerAccount: enquiry.customerAccount || undefined })
      }
      aria-busy={busy}
      className="relative space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          name="name"
          label="Your name"
          type="text"
          autoComplete="name"
          maxLength={100}
          readOnly={busy}
        />
        <FormTextField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          readOnly={busy}
        />
        <FormTextField
          name="phone"
          label="Phone number"
          hint="We may call you back on it."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          readOnly={busy}
        />
        <FormTextField
          name="customerAccount"
          label="Customer account"
          optional
          hint="On your invoices, e.g. CUS0001."
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          readOnly={busy}
        />
      </div>
      <FormTextAreaField
        name="message"
        label="Message"
        hint="What can we help with? Order numbers help us answer faster."
        rows={6}
        maxLength={2000}
        readOnly={busy}
      />
      <Honeypot />
      <FormSubmit busy={busy} busyLabel="Sending…" icon={Send}>
        Send message
      </FormSubmit>
    </Form>
  );
}
