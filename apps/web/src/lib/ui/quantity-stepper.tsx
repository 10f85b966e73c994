// The shop's one quantity stepper: a labelled number field of whole packs (1 to MAX_QUANTITY)
// between a − and a + button, on the product cards, the product page, the cart and the order
// lists. It only draws: its owner keeps the text, reads it, and decides what a press does. The
// buttons are aria-disabled, never disabled, so they stay in the keyboard's path; a press on
// one still reaches its owner, who ignores it or clamps.
import { useId, type ReactNode } from "react";
import { Minus, Plus, Trash2 } from "lucide-react";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";

export interface StepButton {
  /** The button's accessible name: "One pack more", "One pack more of Braai Time Chips 80g". */
  label: string;
  /** Shown as unavailable (aria-disabled); the press still reaches `onPress`. */
  disabled: boolean;
  onPress: () => void;
}

interface QuantityStepperProps {
  /** The field's visible label: "Quantity (packs)". */
  label: string;
  /** Said after the label to screen readers only: "of Braai Time Chips 80g". */
  labelDetail?: string;
  /** The text in the field, as typed. */
  value: string;
  onValueChange: (text: string) => void;
  /** Enter in the field, or leaving it. */
  onCommit?: () => void;
  /** The text is not a quantity: the field says so, described by `errorId`. */
  invalid: boolean;
  /** The id of the message that says what is wrong (shown by the owner, here as `children` or elsewhere). */
  errorId?: string;
  /** − ; `remove` draws a bin instead, for a − that takes the line out. */
  fewer: StepButton & { remove?: boolean };
  more: StepButton;
  /** Under the field: its error message. */
  children?: ReactNode;
}

const stepButton =
  "inline-flex size-11 shrink-0 items-center justify-center text-fg hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

export function QuantityStepper({
  label,
  labelDetail,
  value,
  onValueChange,
  onCommit,
  invalid,
  errorId,
  fewer,
  more,
  children,
}: QuantityStepperProps) {
  const fieldId = `${useId()}-quantity`;
  const FewerIcon = fewer.remove ? Trash2 : Minus;
  return (
    <div className="flex flex-col">
      <label htmlFor={fieldId} className="text-xs font-semibold text-muted">
        {label}
        {labelDetail && <span className="sr-only"> {labelDetail}</span>}
      </label>
      <div className="flex w-fit items-center rounded-lg border border-line bg-surface">
        <button
          type="button"
          className={`${stepButton} rounded-l-lg`}
          aria-label={fewer.label}
          aria-disabled={fewer.disabled}
          onClick={fewer.onPress}
        >
          <FewerIcon aria-hidden="true" className="size-4" />
        </button>
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onBlur={onCommit}
          onKeyDown={(event) => {
            if (event.key === "Enter") onCommit?.();
          }}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          className="min-h-11 w-16 border-x border-line bg-surface text-center text-base tabular-nums text-fg [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={`${stepButton} rounded-r-lg`}
          aria-label={more.label}
          aria-disabled={more.disabled}
          onClick={more.onPress}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {children}
    </div>
  );
}
