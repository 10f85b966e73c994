// The shop's one dialog: the side menu, the filters sheet, the confirm question and the cart
// dropdown are all this native <dialog>, driven by an `open` prop. Modal ones use showModal(),
// which gives the top layer, a page behind that is inert to pointer and keyboard, and a
// backdrop, without a library. A non-modal one (the cart dropdown) stays in the page beside its
// trigger and closes on Escape, a press outside or focus moving away. Either way the contents
// exist only while open, and focus goes back to where it was when the dialog closes.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type ReactNode,
  type RefObject,
} from "react";

const FOCUSABLE =
  "[autofocus], a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

export interface DialogProps extends Omit<
  ComponentPropsWithoutRef<"dialog">,
  "open" | "onClose" | "onCancel" | "children"
> {
  open: boolean;
  /** Asked to close (Escape, backdrop, a press outside, a followed link): set `open` to false. */
  onClose: () => void;
  /** Modal by default; a non-modal dialog is positioned by its own classes, beside its trigger. */
  modal?: boolean;
  /** Non-modal: the trigger, where a press does not count as outside (it toggles instead). */
  anchor?: RefObject<HTMLElement | null>;
  /** Where focus goes on opening; without it the browser picks the first focusable control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Close when a link inside is followed (a menu of links). */
  closeOnLinkClick?: boolean;
  children: ReactNode;
}

export function Dialog({
  open,
  onClose,
  modal = true,
  anchor,
  initialFocus,
  closeOnLinkClick = false,
  children,
  onKeyDown,
  onClick,
  onBlur,
  ...rest
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Handlers registered once read the latest props through refs.
  const latest = useRef({ open, onClose });
  useEffect(() => {
    latest.current = { open, onClose };
  });
  const requestClose = () => {
    if (latest.current.open) latest.current.onClose();
  };

  // Opened and closed in the same commit as its contents, never a frame later with the box empty
  // (a plain effect may run after the next paint).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (modal) element.showModal();
      else element.show();
      // Browsers move focus in themselves, except to a chosen element; a DOM without that (tests) gets the same.
      const inside = element.contains(document.activeElement);
      (initialFocus?.current ?? (inside ? null : element.querySelector<HTMLElement>(FOCUSABLE)))?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, modal, initialFocus]);

  // A non-modal dialog has no backdrop to click: a press anywhere else closes it.
  useEffect(() => {
    if (!open || modal) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (dialog.current?.contains(target) || anchor?.current?.contains(target)) return;
      if (latest.current.open) latest.current.onClose();
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [open, modal, anchor]);

  return (
    <dialog
      ref={dialog}
      {...rest}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // Handled here rather than left to the browser, so a modal and a non-modal dialog close
        // the same way: through `open`, which the owner controls.
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          event.stopPropagation();
          requestClose();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Chromium puts focus back itself; other engines and a non-modal close may not.
        const active = document.activeElement;
        const lost = !active || active === document.body || dialog.current?.contains(active);
        if (lost && returnFocus.current?.isConnected) returnFocus.current.focus();
        returnFocus.current = null;
        requestClose();
      }}
      onClick={(event) => {
        onClick?.(event);
        // A click on a modal's backdrop lands on the dialog element itself.
        if (modal && event.target === event.currentTarget) requestClose();
        else if (closeOnLinkClick && (event.target as Element).closest("a")) requestClose();
      }}
      onBlur={(event) => {
        onBlur?.(event);
        const next = event.relatedTarget as Node | null;
        if (modal || !next) return;
        if (!dialog.current?.contains(next) && !anchor?.current?.contains(next)) requestClose();
      }}
    >
      {open && children}
    </dialog>
  );
}
