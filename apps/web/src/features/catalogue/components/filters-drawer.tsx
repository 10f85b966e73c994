// The filters on phones and tablets: a modal sheet from the right (lib/ui/dialog), so focus
// stays in it, Escape closes it and the page behind is inert.
import { useId, type ReactNode } from "react";
import { buttonClass } from "@/lib/ui/button-styles";
import { Dialog } from "@/lib/ui/dialog";
import { DrawerHeader } from "@/lib/ui/drawer-header";

interface FiltersDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The text of the button that closes the sheet to look at the results, e.g. "Show 453 products". */
  doneLabel: string;
  children: ReactNode;
}

export function FiltersDrawer({ open, onClose, doneLabel, children }: FiltersDrawerProps) {
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      className="m-0 ml-auto h-dvh max-h-none w-[min(24rem,92vw)] max-w-none bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col">
        <DrawerHeader closeLabel="Close filters" onClose={onClose} className="px-4 py-2">
          <h2 id={titleId} className="text-lg font-bold">
            Filters
          </h2>
        </DrawerHeader>
        <div className="flex-1 overflow-y-auto px-3 py-4">{children}</div>
        <div className="border-t border-line p-3">
          <button type="button" onClick={onClose} className={`${buttonClass()} w-full`}>
            {doneLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
