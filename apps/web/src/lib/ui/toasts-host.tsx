// Where the toasts appear: sonner's Toaster, mounted once sonner has been asked for (toasts.ts).
// Until then it renders nothing, and the buyer's first press or key asks for it, so its live
// region is in the page before the answer to what they did arrives.
import { Suspense, lazy, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { loadToasts, toastsWanted } from "./toasts";

const Toaster = lazy(() => loadToasts().then((sonner) => ({ default: sonner.Toaster })));

const FIRST_INTERACTION = ["pointerdown", "keydown"] as const;

export function Toasts(props: ToasterProps) {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
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
      <Toaster {...props} />
    </Suspense>
  );
}
