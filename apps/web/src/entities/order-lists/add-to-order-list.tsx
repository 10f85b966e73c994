// "Add to an order list", wherever a buyer meets products worth keeping: a product
// card or page (that product and its packs), the cart, an old order and the quick order pad
// (their lines). A modal asks which of the account's lists, or a new one by name; lines of a SKU
// already on the list add to its packs (the server merges them under the list's lock).
import { Suspense, lazy, useId, useState } from "react";
import { ListPlus } from "lucide-react";
import type { OrderListLineInput } from "@trade-shop/contracts/order-lists";
import { buttonClass, type ButtonVariant } from "@/lib/ui/button-styles";
import { Dialog } from "@/lib/ui/dialog";
import { Loading } from "@/lib/ui/loading";

/** The dialog's form, loaded when a dialog first opens. */
const ChooseListForm = lazy(() =>
  import("./choose-list-form").then((module) => ({ default: module.ChooseListForm })),
);

interface AddToOrderListProps {
  /** The lines to add, read when the dialog opens (so a card's quantity is the one typed now). */
  lines: () => OrderListLineInput[];
  /** What is being added, as the dialog says it: "Simba Chips 125g, 2 packs", "12 lines from your cart". */
  what: string;
  /** An icon button (a product card) or a labelled one. */
  variant?: "icon" | ButtonVariant;
  label?: string;
  className?: string;
  disabled?: boolean;
}

/** The button, and the dialog it opens with the lines as they are at that moment. */
export function AddToOrderList({
  lines,
  what,
  variant = "secondary",
  label = "Add to an order list",
  className = "",
  disabled = false,
}: AddToOrderListProps) {
  const id = useId();
  const [taken, setTaken] = useState<OrderListLineInput[] | null>(null);
  // The dialog is made when first opened: a page of 24 cards need not hold 24 closed ones.
  const [used, setUsed] = useState(false);
  const open = () => {
    if (disabled) return;
    const now = lines();
    if (now.length === 0) return;
    setUsed(true);
    setTaken(now);
  };
  return (
    <>
      {variant === "icon" ? (
        <button
          type="button"
          aria-label={label}
          title={label}
          aria-disabled={disabled}
          onClick={open}
          className={`inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line bg-surface text-fg hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${className}`}
        >
          <ListPlus aria-hidden="true" className="size-5" />
        </button>
      ) : (
        <button
          type="button"
          aria-disabled={disabled}
          onClick={open}
          className={`${buttonClass(variant)} ${className}`}
        >
          <ListPlus aria-hidden="true" className="size-4" />
          {label}
        </button>
      )}
      {/* Once made, kept mounted, so closing gives focus back to the button that opened it. */}
      {used && (
        <Dialog
          open={taken !== null}
          onClose={() => setTaken(null)}
          aria-labelledby={`${id}-title`}
          className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/50"
        >
          {taken && (
            <Suspense fallback={<Loading label="Loading your order lists" />}>
              <ChooseListForm id={id} onClose={() => setTaken(null)} lines={taken} what={what} />
            </Suspense>
          )}
        </Dialog>
      )}
    </>
  );
}
