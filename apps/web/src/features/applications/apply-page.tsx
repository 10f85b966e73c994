// /apply (docs/screens.md): a trader who found the shop applies for an account, on a phone as
// often as not. One form in sections: the business, who we speak to, the delivery address with
// the shop's pin (the phone's location or typed coordinates: no map service), liquor and its
// licence, the documents, and credit if wanted. The e-mail address is proved with a PIN before
// the application goes. What is typed is kept on the phone as it is typed (application-draft.ts);
// offline, the send waits for the network and says so; the server's refusals show under their
// fields with nothing lost. Once sent, the status link's token is kept and the applicant goes to
// /apply/status.
import { useEffect, useId, useState, type ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { CloudOff, LocateFixed, Mail, RotateCcw, Send } from "lucide-react";
import {
  BusinessKind,
  DeliveryWeekday,
  Province,
  type SubmitApplicationCommand,
} from "@trade-shop/contracts/applications";
import { appRoutes } from "@trade-shop/contracts/routes";
import { ApiError } from "@/lib/api-client";
import { Form, FormCheckboxField, FormFailure, FormSubmit, FormTextField } from "@/lib/forms/form";
import { isOnline, useOnline } from "@/lib/offline/connectivity";
import { buttonClass } from "@/lib/ui/button-styles";
import { FormAlert, FormNotice, hintClass } from "@/lib/ui/form-controls";
import { successToast } from "@/lib/ui/toasts";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  EMPTY_APPLICATION,
  PROBLEM_FIELDS,
  ApplicationForm,
  documentProblemsPlaced,
  type ApplicationValues,
} from "./application-fields";
import { forgetDraft, readDraft, saveDraft } from "./application-draft";
import { keepStatusToken, requestApplicationPin, submitApplication } from "./application-queries";
import { CreditFields } from "./components/credit-fields";
import { DocumentField } from "./components/document-field";
import { FormSelectField } from "./components/select-field";

export const APPLICATION_SENT = "Application sent";

/** A numbered part of the form, with its heading. */
function Part({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={id} className="text-lg font-bold text-fg">
        {title}
      </h2>
      {intro && <div className="mt-1 text-sm text-muted">{intro}</div>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** Keeps every change in the draft; a restored draft starts from what was kept. */
function KeepDraft() {
  const { watch } = useFormContext<ApplicationValues>();
  useEffect(() => {
    const subscription = watch((values) => saveDraft(values as Partial<ApplicationValues>));
    return () => subscription.unsubscribe();
  }, [watch]);
  return null;
}

type Locating =
  | { state: "idle" }
  | { state: "finding" }
  | { state: "found"; accuracy: number }
  | { state: "failed"; why: string };

const LOCATION_REFUSED =
  "Your phone did not let us read its location. Allow location for this site, or type the coordinates.";
const LOCATION_UNKNOWN = "Your location could not be found. Try again outside, or type the coordinates.";

/** The shop's pin: the phone's location (at the shop), or latitude and longitude typed. */
function MapPin() {
  const { setValue, trigger } = useFormContext<ApplicationValues>();
  const [locating, setLocating] = useState<Locating>({ state: "idle" });
  const canLocate = typeof navigator !== "undefined" && "geolocation" in navigator;

  const locate = () => {
    setLocating({ state: "finding" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setValue("latitude", position.coords.latitude.toFixed(6), { shouldDirty: true });
        setValue("longitude", position.coords.longitude.toFixed(6), { shouldDirty: true });
        void trigger(["latitude", "longitude"]);
        setLocating({ state: "found", accuracy: Math.round(position.coords.accuracy) });
      },
      (error) =>
        setLocating({
          state: "failed",
          why: error.code === error.PERMISSION_DENIED ? LOCATION_REFUSED : LOCATION_UNKNOWN,
        }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="text-sm font-semibold text-fg">Where the shop is</legend>
      <p className={`${hintClass} sm:col-span-2`}>
        So the truck finds you and we deliver from the nearest warehouse. Standing at the shop, tap Use my
        location; or type the coordinates from a map app.
      </p>
      {canLocate && (
        <div className="sm:col-span-2">
          <button
            type="button"
            onClick={locate}
            disabled={locating.state === "finding"}
            className={buttonClass("secondary")}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            {locating.state === "finding" ? "Finding where you are…" : "Use my location"}
          </button>
          <p role="status" className="mt-1 text-sm text-muted">
            {locating.state === "found" &&
              `Pin set from your phone's location, to about ${locating.accuracy} m.`}
          </p>
          {locating.state === "failed" && (
            <p className="mt-1 text-sm font-medium text-danger">{locating.why}</p>
          )}
        </div>
      )}
      <FormTextField
        name="latitude"
        label="Latitude"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. -26.204100"
      />
      <FormTextField
        name="longitude"
        label="Longitude"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 28.047300"
      />
    </fieldset>
  );
}

/** Tomorrow, as YYYY-MM-DD: the earliest expiry a licence may have. */
function tomorrow(now = new Date()): string {
  return new Date(now.getTime() + 26 * 3_600_000).toISOString().slice(0, 10);
}

function LiquorPart() {
  const sellsLiquor = useWatch<ApplicationValues, "sellsLiquor">({ name: "sellsLiquor" });
  return (
    <Part title="Liquor" intro="We sell liquor only to a business with a liquor licence.">
      <FormCheckboxField name="sellsLiquor" label="I sell liquor" className="sm:col-span-2" />
      {sellsLiquor && (
        <>
          <FormTextField
            name="licenceNumber"
            label="Licence number"
            hint="As on the licence, e.g. GAU/00123/LL."
            autoCapitalize="characters"
            autoComplete="off"
          />
          <FormTextField name="licenceExpiresOn" label="Licence expires on" type="date" min={tomorrow()} />
          <DocumentField kind="liquor_licence" hint="The licence itself." className="sm:col-span-2" />
        </>
      )}
    </Part>
  );
}

function CreditPart() {
  const wantsCredit = useWatch<ApplicationValues, "wantsCredit">({ name: "wantsCredit" });
  return (
    <Part
      title="Credit (optional)"
      intro="Buy now and pay by the month's end. You can also apply later, from your application's page."
    >
      <FormCheckboxField name="wantsCredit" label="I want to apply for credit" className="sm:col-span-2" />
      {wantsCredit && (
        <div className="sm:col-span-2">
          <CreditFields />
        </div>
      )}
    </Part>
  );
}

/** The field names checked before a PIN is sent: everything but the PIN. */
const BEFORE_PIN = (Object.keys(EMPTY_APPLICATION) as (keyof ApplicationValues)[]).filter(
  (name) => name !== "pin",
);

interface PinState {
  pinKey: string;
  sentTo: string;
  /** The address the PIN proves: a PIN is for that address only. */
  email: string;
}

/** The PIN asked for, while it is for the address in the form. */
const pinForAddress = (pin: PinState | null, email: string) =>
  pin && pin.email === email.trim() ? pin : null;

/** "Send me a PIN" (after the whole form checks out), then the PIN and "Send application". */
function SendPart({
  pin,
  onPin,
  waiting,
}: {
  pin: PinState | null;
  onPin: (pin: PinState | null) => void;
  waiting: boolean;
}) {
  const { trigger, getValues, setFocus } = useFormContext<ApplicationValues>();
  const email = useWatch<ApplicationValues, "email">({ name: "email" });
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A changed address needs a PIN of its own.
  const pinFor = pinForAddress(pin, email);

  const sendPin = async () => {
    setFailure(null);
    if (!(await trigger(BEFORE_PIN, { shouldFocus: true }))) {
      setFailure("Some answers need another look: each says what is wrong under it.");
      return;
    }
    setSending(true);
    try {
      const address = getValues("email").trim();
      const result = await requestApplicationPin(address);
      onPin({ pinKey: result.pinKey, sentTo: result.sentTo, email: address });
      setTimeout(() => setFocus("pin"), 0);
    } catch (error) {
      // The API client has toasted why; it stays here too.
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Part
      title="Check your e-mail and send"
      intro={
        <>
          We e-mail a 6-digit PIN to{" "}
          <strong className="break-words text-fg">{email.trim() || "your address"}</strong> to make sure it is
          yours. It is valid for 10 minutes.
        </>
      }
    >
      {!online && (
        <div className="sm:col-span-2">
          <FormNotice title="You are offline">
            What you typed is kept on this phone. A PIN and your application need a connection: send them when
            you are back online.
          </FormNotice>
        </div>
      )}
      {failure && (
        <div className="sm:col-span-2">
          <FormAlert title="No PIN was sent">{failure}</FormAlert>
        </div>
      )}
      {pinFor ? (
        <>
          <p role="status" className="text-sm sm:col-span-2">
            We sent a PIN to <strong className="break-words">{pinFor.sentTo}</strong>.
          </p>
          <FormTextField
            name="pin"
            label="PIN"
            hint="The 6 digits from the e-mail."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <div className="sm:col-span-2">
            <FormFailure title="Your application was not sent" />
          </div>
          {waiting && (
            <div className="sm:col-span-2">
              <FormNotice title="Waiting for a connection">
                Your application goes as soon as this phone is back online. Keep this page open.
              </FormNotice>
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-between">
            <button
              type="button"
              onClick={() => void sendPin()}
              disabled={sending || !online}
              className={buttonClass("secondary")}
            >
              <Mail aria-hidden="true" className="size-4" />
              {sending ? "Sending a PIN…" : "Send a new PIN"}
            </button>
            <FormSubmit busyLabel="Sending…" icon={Send}>
              Send application
            </FormSubmit>
          </div>
        </>
      ) : (
        <div className="sm:col-span-2">
          <button
            type="button"
            onClick={() => void sendPin()}
            disabled={sending || !online}
            className={`${buttonClass()} w-full sm:w-auto`}
          >
            <Mail aria-hidden="true" className="size-4" />
            {sending ? "Sending a PIN…" : "Send me a PIN"}
          </button>
        </div>
      )}
    </Part>
  );
}

export function ApplyPage() {
  useDocumentTitle("Apply for an account");
  const navigate = useNavigate();
  const formId = useId();
  const online = useOnline();
  // Read once: the form starts from it and keeps it from then on.
  const [draft] = useState(readDraft);
  const [formKey, setFormKey] = useState(0);
  const [pin, setPin] = useState<PinState | null>(null);
  const [waiting, setWaiting] = useState(false);

  // Back online with an application waiting: it goes now, through the form as if pressed again.
  useEffect(() => {
    if (waiting && online) (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
  }, [waiting, online, formId]);

  const send = async (command: SubmitApplicationCommand) => {
    if (!isOnline()) return setWaiting(true);
    setWaiting(false);
    let receipt;
    try {
      receipt = await submitApplication(command);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return setWaiting(true);
      throw documentProblemsPlaced(
        error,
        command.documents.map((document) => document.kind),
      );
    }
    keepStatusToken(receipt.statusToken);
    forgetDraft();
    successToast(APPLICATION_SENT, {
      description: `Your reference is ${receipt.application.reference}. We e-mailed you the link to follow it.`,
    });
    navigate(`${appRoutes.applyStatus}?token=${encodeURIComponent(receipt.statusToken)}`);
  };

  const startAgain = () => {
    forgetDraft();
    setPin(null);
    setFormKey((key) => key + 1);
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl py-6 sm:py-10">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Apply for an account
      </h1>
      <p className="mt-2 text-muted">
        Buy at trade prices for your shop. Tell us about your business; we check it and e-mail you within two
        working days. Already a customer?{" "}
        <Link
          to={appRoutes.registerAccount}
          className="font-semibold text-brand underline underline-offset-4"
        >
          Register with your account number
        </Link>
        .
      </p>
      {draft && formKey === 0 && (
        <div className="mt-4">
          <FormNotice title="We kept what you typed on this phone">
            <p>Choose your documents again: files are not kept.</p>
            <button
              type="button"
              onClick={startAgain}
              className="mt-1 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand underline-offset-4 hover:underline"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Start again with an empty form
            </button>
          </FormNotice>
        </div>
      )}
      {!online && !pin && (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          You are offline. Keep typing: everything is kept on this phone.
        </p>
      )}
      <Form<ApplicationValues, SubmitApplicationCommand>
        key={formKey}
        id={formId}
        schema={ApplicationForm}
        toPayload={(values) => ({ ...values, pinKey: pinForAddress(pin, values.email)?.pinKey ?? "" })}
        defaultValues={formKey === 0 && draft ? draft : EMPTY_APPLICATION}
        problemFields={PROBLEM_FIELDS as Record<string, keyof ApplicationValues>}
        onSubmit={send}
        className="mt-6 space-y-5"
        aria-label="Apply for an account"
      >
        <KeepDraft />
        <Part title="Your business">
          <FormTextField
            name="businessName"
            label="Business name"
            hint="As registered, or the name on the shop."
            autoComplete="organization"
          />
          <FormTextField name="tradingName" label="Trading name" optional autoComplete="off" />
          <FormSelectField
            name="kind"
            label="Kind of business"
            placeholder="Choose…"
            options={BusinessKind.options}
          />
          <FormTextField
            name="vatNumber"
            label="VAT number"
            optional
            hint="10 digits, starting with 4."
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
          />
          <FormTextField
            name="companyRegistration"
            label="Company registration (CIPC)"
            optional
            hint="e.g. 2015/123456/07."
            autoComplete="off"
          />
        </Part>
        <Part title="Who we speak to">
          <FormTextField name="contactName" label="Your name" autoComplete="name" />
          <FormTextField
            name="mobile"
            label="Cellphone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="e.g. 082 123 4567"
          />
          <FormTextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            className="sm:col-span-2"
          />
        </Part>
        <Part title="Delivery address">
          <FormTextField
            name="line1"
            label="Street address"
            autoComplete="address-line1"
            className="sm:col-span-2"
          />
          <FormTextField
            name="line2"
            label="Address line 2"
            optional
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <FormTextField name="suburb" label="Suburb or township" optional autoComplete="address-level3" />
          <FormTextField name="city" label="Town or city" autoComplete="address-level2" />
          <FormSelectField
            name="province"
            label="Province"
            placeholder="Choose…"
            options={Province.options}
          />
          <FormTextField
            name="postalCode"
            label="Postal code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
          />
          <MapPin />
          <FormSelectField
            name="deliveryDay"
            label="Delivery day"
            hint="The weekday the truck should come."
            placeholder="Choose…"
            options={DeliveryWeekday.options}
          />
        </Part>
        <LiquorPart />
        <Part
          title="Documents"
          intro="They help us approve you sooner. Anything you do not have now you can send later from your application's page."
        >
          <DocumentField kind="id" hint="The owner's ID or passport." className="sm:col-span-2" />
          <DocumentField
            kind="proof_of_address"
            hint="A utility bill or lease, at most 3 months old."
            className="sm:col-span-2"
          />
          <DocumentField
            kind="company_registration"
            optional
            hint="The CIPC certificate, for a company."
            className="sm:col-span-2"
          />
        </Part>
        <CreditPart />
        <SendPart pin={pin} onPin={setPin} waiting={waiting} />
      </Form>
    </section>
  );
}
