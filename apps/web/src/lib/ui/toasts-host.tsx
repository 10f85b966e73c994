// Where the toasts appear: sonner's Toaster, mounted once sonner has been asked for (toasts.ts).
// Until then it renders nothing, and the buyer's first press or key asks for it, so its live
// region is in the page before the answer to what they did arrives.
//
// On a phone every toast comes up bottom centre, one stack: at the top, errors (top right) and
// successes (top centre) covered the shop bar's search and cart badge and each other. They stand
// above a bar fixed to the bottom of the screen while a page shows one (index.css,
// --ts-toast-bottom), so Checkout and Add to cart stay in reach.
import { Suspense, lazy, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { useMediaQuery } from "./use-media-query";
import { loadToasts, PHONE_QUERY, toastsWanted } from "./toasts";

/** sonner's offset from a phone's screen edges (its own 16 px at the sides). */
const PHONE_OFFSET = { bottom: "var(--ts-toast-bottom)" };

const Toaster = lazy(() => loadToasts().then((sonner) => ({ default: sonner.Toaster })));

const FIRST_INTERACTION = ["pointerdown", "keydown"] as const;

export function Toasts(props: ToasterProps) {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  const phone = useMediaQuery(PHONE_QUERY, false);
  useEffect(() => {
    if (wanted) return;
    const load = () => void loadToasts();
    for (const type of FIRST_INTERACTION)
      window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, load, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} position={phone ? "bottom-center" : props.position} mobileOffset={PHONE_OFFSET} />
    </Suspense>
  );
}
