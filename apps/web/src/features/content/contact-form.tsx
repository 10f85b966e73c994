// The enquiry form (SPEC §4 Contact): name, e-mail, phone, customer account and message, checked
// against the contract before sending. While it sends, the form is busy; on success it gives
// way to the thank-you text; on failure it stays filled in, with the server's field messages
// beside the fields (the API client's toast has already said why).
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useForm, type FieldError, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck, LoaderCircle, Send } from "lucide-react";
import type { z } from "zod";
import { UserEnquiry } from "@trade-shop/contracts/content";
import { ApiError } from "../../lib/api-client";
import { buttonClass } from "../../lib/ui/button-styles";
import { useSendEnquiry } from "./api/send-enquiry";

/** SPEC §4: what the page says once the message is on its way. */
export const ENQUIRY_THANK_YOU = "Thank you for your message. The provider will contact you shortly";

type EnquiryForm = z.input<typeof UserEnquiry>;
const FIELDS = [
  "name",
  "email",
  "phone",
  "customerAccount",
  "message",
] as const satisfies readonly Path<EnquiryForm>[];

const inputClass = (invalid: boolean) =>
  `mt-1.5 block min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-base text-fg placeholder:text-muted ${
    invalid ? "border-danger" : "border-line"
  }`;

interface FieldProps {
  label: string;
  error: FieldError | undefined;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

function Field({ label, error, hint, optional = false, className = "", children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error?.message && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error?.message && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error.message}
        </p>
      )}
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
  const empty: EnquiryForm = {
    name: defaultName,
    email: "",
    phone: "",
    customerAccount: "",
    message: "",
    website: "",
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EnquiryForm, unknown, UserEnquiry>({
    resolver: zodResolver(UserEnquiry),
    mode: "onTouched",
    defaultValues: empty,
  });

  if (sending.isSuccess) {
    return (
      <ThankYou
        onAnother={() => {
          reset(empty);
          sending.reset();
        }}
      />
    );
  }

  const send = handleSubmit((enquiry) =>
    sending
      .mutateAsync({ ...enquiry, customerAccount: enquiry.customerAccount || undefined })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        // Keep each field message beside its field; the toast already gave the first one.
        let focus = true;
        for (const field of FIELDS) {
          const message = error.problem?.errors?.[field]?.find((text) => text.trim() !== "");
          if (!message) continue;
          setError(field, { type: "server", message }, { shouldFocus: focus });
          focus = false;
        }
      }),
  );

  const busy = sending.isPending;
  return (
    <form noValidate onSubmit={send} aria-busy={busy} className="relative space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.name}>
          {(f) => (
            <input
              id={f.id}
              type="text"
              autoComplete="name"
              maxLength={100}
              aria-invalid={f.invalid || undefined}
              aria-describedby={f.describedBy}
              readOnly={busy}
              className={inputClass(f.invalid)}
              {...register("name")}
            />
          )}
        </Field>
        <Field label="E-mail address" error={errors.email}>
          {(f) => (
            <input
              id={f.id}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              aria-invalid={f.invalid || undefined}
              aria-describedby={f.describedBy}
              readOnly={busy}
              className={inputClass(f.invalid)}
              {...register("email")}
            />
          )}
        </Field>
        <Field label="Phone number" hint="We may call you back on it." error={errors.phone}>
          {(f) => (
            <input
              id={f.id}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={20}
              aria-invalid={f.invalid || undefined}
              aria-describedby={f.describedBy}
              readOnly={busy}
              className={inputClass(f.invalid)}
              {...register("phone")}
            />
          )}
        </Field>
        <Field
          label="Customer account"
          optional
          hint="On your invoices, e.g. CUS0001."
          error={errors.customerAccount}
        >
          {(f) => (
            <input
              id={f.id}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={20}
              aria-invalid={f.invalid || undefined}
              aria-describedby={f.describedBy}
              readOnly={busy}
              className={inputClass(f.invalid)}
              {...register("customerAccount")}
            />
          )}
        </Field>
      </div>
      <Field
        label="Message"
        hint="What can we help with? Order numbers help us answer faster."
        error={errors.message}
      >
        {(f) => (
          <textarea
            id={f.id}
            rows={6}
            maxLength={2000}
            aria-invalid={f.invalid || undefined}
            aria-describedby={f.describedBy}
            readOnly={busy}
            className={`${inputClass(f.invalid)} resize-y`}
            {...register("message")}
          />
        )}
      </Field>

      {/* Honeypot: hidden from people and screen readers; a bot that fills it in is ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>

      <button type="submit" disabled={busy} className={buttonClass()}>
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Send aria-hidden="true" className="size-4" />
        )}
        {busy ? "Sending…" : "Send message"}
      </button>
    </form>
  );
}
