// A line's quantity, in the cart, on a product in the cart and in an order list, drawn by the
// shop's quantity stepper (quantity-stepper.tsx): one pack fewer or more, or a typed number
// applied on Enter or on leaving the field. Mount it with `key={line.quantity}` so a new answer
// from the server resets what is typed. Given `onRemove`, − at one pack takes the line out (a
// product's in-cart stepper); without it, − stops at one (the cart page has its own Remove).
import { useId, useState } from "react";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";
import { parseQuantity } from "../quantity";
import { QuantityStepper } from "./quantity-stepper";

interface QuantityEditorProps {
  quantity: number;
  /** The line's name, so each field and button says which product it changes. */
  description: string;
  busy: boolean;
  onChange: (quantity: number) => void;
  /** Offered on − at one pack. */
  onRemove?: () => void;
  /** The name of − at one pack, when it removes: "Remove Braai Time Chips 80g from the cart". */
  removeLabel?: string;
  /** The field's visible label. */
  label?: string;
}

export function QuantityEditor({
  quantity,
  description,
  busy,
  onChange,
  onRemove,
  removeLabel = `Remove ${description}`,
  label = "Quantity (packs)",
}: QuantityEditorProps) {
  const [text, setText] = useState(String(quantity));
  const errorId = `${useId()}-error`;
  const parsed = parseQuantity(text);
  const remove = onRemove && quantity <= 1 ? onRemove : null;

  const apply = (next: number) => {
    if (busy || next === quantity || next < 1 || next > MAX_QUANTITY) return;
    onChange(next);
  };
  const commit = () => {
    if (parsed.ok) apply(parsed.quantity);
  };

  return (
    <QuantityStepper
      label={label}
      labelDetail={`of ${description}`}
      value={text}
      onValueChange={setText}
      onCommit={commit}
      invalid={!parsed.ok}
      errorId={errorId}
      fewer={
        remove
          ? {
              label: removeLabel,
              disabled: busy,
              remove: true,
              onPress: () => {
                if (!busy) remove();
              },
            }
          : {
              label: `One pack fewer of ${description}`,
              disabled: busy || quantity <= 1,
              onPress: () => apply(quantity - 1),
            }
      }
      more={{
        label: `One pack more of ${description}`,
        disabled: busy || quantity >= MAX_QUANTITY,
        onPress: () => apply(quantity + 1),
      }}
    >
      {!parsed.ok && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {parsed.message}
        </p>
      )}
    </QuantityStepper>
  );
}
