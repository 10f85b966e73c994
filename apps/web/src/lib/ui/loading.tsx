// The spinner a buying page shows while its data loads.
import { LoaderCircle } from "lucide-react";

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-10 text-muted">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      {label}…
    </p>
  );
}
