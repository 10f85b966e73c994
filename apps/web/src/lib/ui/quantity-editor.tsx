// A cart line's quantity: one pack fewer or more, or a typed number applied on Enter or on
// leaving the field. Mount it with `key={line.quantity}` so a new answer from the server resets
// what is typed. Given `onRemove`, − at one pack takes the line out of the cart (the product
// cards' in-cart stepper); without it, − stops at one (the cart page has its own Remove).
import { useId, useState } from "react";
import { Minus, Plus, Trash2 } from "lucide-react";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";
import { parseQuantity } from "../products/product-labels";

interface QuantityEditorProps {
  quantity: number;
  /** The line's name, so each field and button says which product it changes. */
  description: string;
  busy: boolean;
  onChange: (quantity: number) => void;
  /** Offered on − at one pack. */
  onRemove?: () => void;
  /** The field's visible label. */
  label?: string;
}

const stepButton =
  "inline-flex size-11 shrink-0 items-center justify-center text-fg hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

export function QuantityEditor({
  quantity,
  description,
  busy,
  onChange,
  onRemove,
  label = "Quantity (packs)",
}: QuantityEditorProps) {
  const [text, setText] = useState(String(quantity));
  const id = useId();
  const parsed = parseQuantity(text);

  const apply = (next: number) => {
    if (busy || next === quantity || next < 1 || next > MAX_QUANTITY) return;
    onChange(next);
  };
  const commit = () => {
    if (parsed.ok) apply(parsed.quantity);
  };

  return (
    <div className="flex flex-col">
      <label htmlFor={`${id}-quantity`} className="text-xs font-semibold text-muted">
        {label}
        <span className="sr-only"> of {description}</span>
      </label>
      <div className="flex w-fit items-center rounded-lg border border-line bg-surface">
        {onRemove && quantity <= 1 ? (
          <button
            type="button"
            className={`${stepButton} rounded-l-lg`}
            aria-label={`Remove ${description} from the cart`}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onRemove();
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        ) : (
          <button
            type="button"
            className={`${stepButton} rounded-l-lg`}
            aria-label={`One pack fewer of ${description}`}
            aria-disabled={busy || quantity <= 1}
            onClick={() => apply(quantity - 1)}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
        )}
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
          }}
          aria-invalid={!parsed.ok}
          aria-describedby={parsed.ok ? undefined : `${id}-error`}
          className="min-h-11 w-16 border-x border-line bg-surface text-center text-base tabular-nums text-fg [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={`${stepButton} rounded-r-lg`}
          aria-label={`One pack more of ${description}`}
          aria-disabled={busy || quantity >= MAX_QUANTITY}
          onClick={() => apply(quantity + 1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {!parsed.ok && (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {parsed.message}
        </p>
      )}
    </div>
  );
}
