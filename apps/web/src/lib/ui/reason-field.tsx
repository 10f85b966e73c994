// The one-line "why" of a refusal (an order rejected, a proof of payment rejected): labelled,
// focused as it opens, its error under it and tied to it.
import { inputClass, labelClass } from "./form-controls";

export function ReasonField({
  id,
  label,
  value,
  error,
  onChange,
  maxLength = 200,
}: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  maxLength?: number;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        value={value}
        maxLength={maxLength}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass(error !== null)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </>
  );
}
