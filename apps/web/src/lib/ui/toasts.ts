// The shop's toasts, through sonner, which is not in the first download (decision 140): its code
// loads with the first toast, or when the buyer first touches, clicks or types (so its live
// region is in the page before the answer to what they did). Calls made while it loads are
// shown in the order they were made.
//
// Success toasts come up bottom centre (docs/api.md); on a phone every toast does, above the
// bar fixed to the bottom when a page has one (the cart's total, the buy bar), clear of the shop
// bar's search and cart at the top (toasts-host.tsx). A success also clears the error toasts of
// earlier attempts: once a step has worked, "Couldn't add item" is no longer true.
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Loads sonner once; the <Toasts> host renders its Toaster from then on. */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For the <Toasts> host: whether sonner has been asked for, and news when it is. */
export const toastsWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => sonner !== undefined,
};

type Message = Parameters<Sonner["toast"]["info"]>[0];

function show(kind: "success" | "error" | "warning" | "info") {
  return (message: Message, options?: ExternalToast): void => {
    void loadToasts().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
  };
}

export const toast = {
  success: show("success"),
  error: show("error"),
  warning: show("warning"),
  info: show("info"),
  /** Dismisses one toast, or all of them. */
  dismiss(id?: string | number): void {
    if (sonner) void sonner.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};

/** Where sonner switches to its phone layout (full width). */
export const PHONE_QUERY = "(max-width: 600px)";

function dismissErrors({ toast: sonnerToast }: Sonner) {
  for (const shown of sonnerToast.getToasts()) {
    if ("type" in shown && shown.type === "error") sonnerToast.dismiss(shown.id);
  }
}

/** Dismisses every error toast on screen. */
export function dismissErrorToasts(): void {
  if (sonner) void sonner.then(dismissErrors);
}

/** A success toast, bottom centre; earlier errors go. */
export function successToast(title: string, options: ExternalToast = {}): void {
  void loadToasts().then((loaded) => {
    dismissErrors(loaded);
    loaded.toast.success(title, { position: "bottom-center", ...options });
  });
}
