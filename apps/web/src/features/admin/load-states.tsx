// What an admin screen shows while its data loads, and when loading failed (the API client has
// already said why in a toast; this offers to try again).
import { LoaderCircle, RotateCw } from "lucide-react";
import { buttonClass } from "../../lib/ui/button-styles";

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-muted">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      {label}…
    </p>
  );
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-6 text-center">
      <p>We could not load {what}.</p>
      <button type="button" onClick={onRetry} className={`${buttonClass("secondary")} mt-4`}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}
