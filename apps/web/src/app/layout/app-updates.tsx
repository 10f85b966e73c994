// The installable shop's two offers: "Install app" where the browser offers to put
// the shop on the home screen, and, when a new version has been deployed, a prompt to reload
// into it (the service worker waits for the buyer, so a half-filled form is never lost).
import { useEffect } from "react";
import { Download } from "lucide-react";
import { toast } from "@/lib/ui/toasts";
import { applyUpdate, install, useInstallOffer, useWaitingUpdate } from "@/lib/offline/service-worker";

export const UPDATE_READY = "A new version of Trade Shop is ready.";

export function UpdatePrompt() {
  const waiting = useWaitingUpdate();
  useEffect(() => {
    if (!waiting) return;
    toast.info(UPDATE_READY, {
      id: "app-update",
      description: "Reload to use it; what you have entered on this page will be lost.",
      duration: Number.POSITIVE_INFINITY,
      action: { label: "Reload", onClick: applyUpdate },
    });
  }, [waiting]);
  return null;
}

/** Shown only while the browser offers to install the shop. */
export function InstallAppButton({ className }: { className: string }) {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <button type="button" onClick={() => void install()} className={className}>
      <Download aria-hidden="true" className="size-5" />
      <span>Install app</span>
    </button>
  );
}
