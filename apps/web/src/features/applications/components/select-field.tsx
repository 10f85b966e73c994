// A choice from a short list (the kind of business, the province, the delivery day) as a native
// <select>, connected to the form by name like lib/forms' fields, and looking like them.
import type { ReactNode, SelectHTMLAttributes } from "react";
import { useFormContext, type FieldError } from "react-hook-form";
import { FieldErrorText, hintClass, inputClass, labelClass, useFieldIds } from "@/lib/ui/form-controls";

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> {
  name: string;
  label: string;
  options: readonly (string | { value: string; label: string })[];
  /** The first, empty choice ("Choose…"); none when a value is always chosen. */
  placeholder?: string;
  hint?: ReactNode;
}

export function FormSelectField({
  name,
  label,
  options,
  placeholder,
  hint,
  className,
  ...select
}: SelectFieldProps) {
  const { register, formState } = useFormContext();
  const error = formState.errors[name] as FieldError | undefined;
  const ids = useFieldIds(Boolean(hint), error);
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <div id={ids.hintId} className={hintClass}>
          {hint}
        </div>
      )}
      <select {...ids.control} {...select} {...register(name)} className={inputClass(Boolean(error))}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldErrorText id={ids.errorId} error={error} />
    </div>
  );
}
