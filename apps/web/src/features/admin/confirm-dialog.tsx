// A modal question before a change that locks someone out (or lets them back in), on the shop's
// dialog (lib/ui/dialog): focus stays inside, Escape cancels, and focus starts on the harmless choice.
import { useId, useRef, type ReactNode } from "react";
import { LoaderCircle } from "lucide-react";
import { buttonClass } from "@/lib/ui/button-styles";
import { Dialog } from "@/lib/ui/dialog";

// The page colour as text reads on the danger colour in both themes (dark red / light salmon).
const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-danger px-5 text-sm font-semibold text-page shadow-sm hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A confirm that takes something away is painted in the danger colour. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      initialFocus={cancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/50"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-muted">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" ref={cancel} onClick={onCancel} className={buttonClass("secondary")}>
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            className={danger ? dangerButton : buttonClass()}
          >
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
