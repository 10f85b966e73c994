// Success toasts (SPEC §7: bottom centre) that never sit on the controls a buyer is using: on
// a phone the bottom of the screen holds the thumb's controls (Add to cart, the cart's sticky
// total, the buy bar), so there they come from the top. A success also clears the error
// toasts of earlier attempts: once a step has worked, "Couldn't add item" is no longer true.
import { toast, type ExternalToast } from "sonner";

/** Where sonner switches to its phone layout (full width). */
const PHONE_QUERY = "(max-width: 600px)";

/** Dismisses every error toast on screen. */
export function dismissErrorToasts(): void {
  for (const shown of toast.getToasts()) {
    if ("type" in shown && shown.type === "error") toast.dismiss(shown.id);
  }
}

/** A success toast: bottom centre on a wider screen, top on a phone; earlier errors go. */
export function successToast(title: string, options: ExternalToast = {}) {
  dismissErrorToasts();
  const onPhone = window.matchMedia(PHONE_QUERY).matches;
  return toast.success(title, { position: onPhone ? "top-center" : "bottom-center", ...options });
}
