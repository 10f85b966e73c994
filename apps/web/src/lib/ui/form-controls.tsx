// The pieces the shop's forms are built from: a labelled field with its hint and
// its error underneath (tied to the input by aria-describedby), a password field that can be
// shown, a checkbox, a submit button with a loading state, and the alert and notice boxes.
// Every control is at least 44 px tall and inputs use 16 px text so phones do not zoom.
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { CircleAlert, CircleCheck, Eye, EyeOff, LoaderCircle, type LucideIcon } from "lucide-react";
import { buttonClass, type ButtonVariant } from "./button-styles";

export const labelClass = "block text-sm font-semibold text-fg";
export const hintClass = "mt-0.5 text-sm text-muted";
const inputBase =
  "mt-1.5 block min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-base text-fg placeholder:text-muted/80 disabled:opacity-60";

export function inputClass(invalid: boolean): string {
  return `${inputBase} ${invalid ? "border-danger" : "border-line"}`;
}

/** ids for a control's hint and error, and the aria-describedby that lists the ones shown. */
export function useFieldIds(hasHint: boolean, error: FieldError | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hasHint && hintId, error?.message && errorId].filter(Boolean).join(" ") || undefined;
  /** What every control spreads: its id, whether it is invalid, and what describes it. */
  const control = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  return { id, hintId, errorId, describedBy, control };
}

export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {error.message}
    </p>
  );
}

interface FieldFrameProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

interface LabelledFieldProps {
  label: string;
  optional?: boolean | undefined;
  hint: ReactNode;
  error: FieldError | undefined;
  ids: ReturnType<typeof useFieldIds>;
  className: string | undefined;
  children: ReactNode;
}

/** A typed-in field's frame: the label, the hint under it (a div: a hint may hold a list), the input, its error. */
function LabelledField({ label, optional, hint, error, ids, className, children }: LabelledFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClass}>
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <div id={ids.hintId} className={hintClass}>
          {hint}
        </div>
      )}
      {children}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}

export function TextField({
  label,
  optional,
  registration,
  error,
  hint,
  className,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(Boolean(hint), error);
  return (
    <LabelledField
      label={label}
      optional={optional}
      hint={hint}
      error={error}
      ids={ids}
      className={className}
    >
      <input {...ids.control} {...input} {...registration} className={inputClass(Boolean(error))} />
    </LabelledField>
  );
}

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;

export function TextAreaField({
  label,
  optional,
  registration,
  error,
  hint,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(Boolean(hint), error);
  return (
    <LabelledField
      label={label}
      optional={optional}
      hint={hint}
      error={error}
      ids={ids}
      className={className}
    >
      <textarea
        {...ids.control}
        {...textarea}
        {...registration}
        className={`${inputClass(Boolean(error))} resize-y`}
      />
    </LabelledField>
  );
}

/** A password input with a button that shows what was typed (long passwords are easy to mistype). */
export function PasswordField({
  label,
  optional,
  registration,
  error,
  hint,
  className,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(Boolean(hint), error);
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <LabelledField
      label={label}
      optional={optional}
      hint={hint}
      error={error}
      ids={ids}
      className={className}
    >
      <div className="relative">
        <input
          {...ids.control}
          type={visible ? "text" : "password"}
          {...input}
          {...registration}
          className={`${inputClass(Boolean(error))} pr-12`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={`Show ${label.toLowerCase()}`}
          title={visible ? "Hide" : "Show"}
          className="absolute right-0 top-0 inline-flex size-11 items-center justify-center rounded-lg text-muted hover:text-fg"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      </div>
    </LabelledField>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type"> {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
  error?: FieldError | undefined;
}

export function CheckboxField({ label, registration, hint, error, className, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(Boolean(hint), error);
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-fg">
        <input
          {...ids.control}
          type="checkbox"
          {...input}
          {...registration}
          className="size-5 shrink-0 accent-brand-bg"
        />
        <span className="font-medium">{label}</span>
      </label>
      {hint && (
        <p id={ids.hintId} className={`${hintClass} -mt-1.5 pl-8`}>
          {hint}
        </p>
      )}
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
  /** What the button says while the request runs, e.g. "Logging in…". */
  busyLabel: string;
  icon?: LucideIcon;
  variant?: ButtonVariant;
  className?: string;
}

export function SubmitButton({
  busy,
  children,
  busyLabel,
  icon: Icon,
  variant,
  className = "",
}: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonClass(variant)} ${className}`}>
      {busy ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        Icon && <Icon aria-hidden="true" className="size-4" />
      )}
      {busy ? busyLabel : children}
    </button>
  );
}

const MESSAGE_TONES = {
  alert: {
    role: "alert",
    box: "border-danger/50 bg-danger/10",
    icon: CircleAlert,
    iconColour: "text-danger",
  },
  notice: {
    role: "status",
    box: "border-brand/40 bg-brand-soft",
    icon: CircleCheck,
    iconColour: "text-brand",
  },
} as const;

interface FormMessageProps {
  title: string;
  children: ReactNode;
}

function FormMessage({ tone, title, children }: FormMessageProps & { tone: keyof typeof MESSAGE_TONES }) {
  const { role, box, icon: Icon, iconColour } = MESSAGE_TONES[tone];
  return (
    <div role={role} className={`flex gap-3 rounded-lg border p-3 text-sm text-fg ${box}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${iconColour}`} />
      <div>
        <p className="font-semibold">{title}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </div>
  );
}

/** A failure the form cannot show beside a field; stays until the next attempt. */
export function FormAlert(props: FormMessageProps) {
  return <FormMessage tone="alert" {...props} />;
}

/** Good news that should outlive a toast, e.g. "we've e-mailed a reset link". */
export function FormNotice(props: FormMessageProps) {
  return <FormMessage tone="notice" {...props} />;
}
