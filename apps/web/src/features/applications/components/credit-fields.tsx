// A credit application's fields (contracts/applications.ts CreditRequest): the limit asked for,
// the bank and account holder, up to three trade references, and the owner's consent to a credit
// check, its words shown in full (they are recorded with the time, word for word).
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { CREDIT_CHECK_CONSENT } from "@trade-shop/contracts/applications";
import { FormCheckboxField, FormTextField } from "@/lib/forms/form";
import { buttonClass } from "@/lib/ui/button-styles";
import { MAX_REFERENCES, REFERENCE_FIELDS, type CreditValues } from "../application-fields";

/** Rows typed into (at least one), so a restored draft shows every reference it had. */
function referencesTyped(values: CreditValues): number {
  const last = REFERENCE_FIELDS.findLastIndex(
    (fields) => values[fields.name].trim() !== "" || values[fields.phone].trim() !== "",
  );
  return Math.max(1, last + 1);
}

export function CreditFields() {
  const { getValues, setValue } = useFormContext<CreditValues>();
  const [rows, setRows] = useState(() => referencesTyped(getValues()));

  const removeLast = () => {
    const fields = REFERENCE_FIELDS[rows - 1]!;
    setValue(fields.name, "");
    setValue(fields.phone, "");
    setRows(rows - 1);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField
        name="requestedLimit"
        label="Credit limit you ask for (R)"
        hint="From R1 000 to R5 000 000."
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 20000"
        className="sm:col-span-2 sm:max-w-xs"
      />
      <FormTextField name="bankName" label="The business's bank" autoComplete="off" placeholder="e.g. FNB" />
      <FormTextField name="accountHolder" label="Account holder" autoComplete="off" />
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="text-sm font-semibold text-fg">
          Trade references <span className="font-normal text-muted">(optional, up to {MAX_REFERENCES})</span>
        </legend>
        <p className="text-sm text-muted">
          Suppliers who sell to you on credit now, and their phone numbers.
        </p>
        {REFERENCE_FIELDS.slice(0, rows).map((fields, index) => (
          <div key={fields.name} className="grid gap-3 rounded-lg bg-surface-2 p-3 sm:grid-cols-2">
            <FormTextField name={fields.name} label={`Reference ${index + 1}: supplier`} autoComplete="off" />
            <FormTextField
              name={fields.phone}
              label={`Reference ${index + 1}: phone`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="e.g. 011 123 4567"
            />
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          {rows < MAX_REFERENCES && (
            <button type="button" className={buttonClass("secondary")} onClick={() => setRows(rows + 1)}>
              <Plus aria-hidden="true" className="size-4" />
              Add a reference
            </button>
          )}
          {rows > 1 && (
            <button type="button" className={buttonClass("secondary")} onClick={removeLast}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove reference {rows}
            </button>
          )}
        </div>
      </fieldset>
      <FormCheckboxField
        name="consent"
        label={CREDIT_CHECK_CONSENT}
        className="rounded-lg border border-line p-3 sm:col-span-2"
      />
    </div>
  );
}
