// The top row of a drawer or panel (the phone's menu, the filters sheet, the header's cart): its
// title at the start and a close button (×) at the end, above a line.
import type { ReactNode } from "react";
import { X } from "lucide-react";

interface DrawerHeaderProps {
  /** The close button's name: "Close menu". */
  closeLabel: string;
  onClose: () => void;
  /**
   * "drawer": a sheet over the page (the menu, the filters). "panel": a panel beside the button
   * that opened it (the header's cart), with a smaller, quieter ×.
   */
  variant?: "drawer" | "panel";
  /** The row's own spacing. */
  className?: string;
  /** The title: a heading, or the shop's name and logo. */
  children: ReactNode;
}

const closeButton = {
  drawer: "inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-2",
  panel:
    "inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-danger",
} as const;

export function DrawerHeader({
  closeLabel,
  onClose,
  variant = "drawer",
  className,
  children,
}: DrawerHeaderProps) {
  return (
    <div
      className={["flex items-center justify-between border-b border-line", className]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
      <button type="button" onClick={onClose} aria-label={closeLabel} className={closeButton[variant]}>
        <X aria-hidden="true" className={variant === "drawer" ? "size-6" : "size-5"} />
      </button>
    </div>
  );
}
