// The camera scanner's black picture frame, shared by the dialog while the preview's code loads
// and by the preview itself, so nothing moves when the one replaces the other.
import type { ReactNode } from "react";
import { LoaderCircle } from "lucide-react";

export function PreviewFrame({ children }: { children: ReactNode }) {
  return <div className="relative mt-3 aspect-[4/3] overflow-hidden rounded-xl bg-black">{children}</div>;
}

export function StartingCamera() {
  return (
    <p className="absolute inset-0 flex items-center justify-center gap-2 text-white">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      Starting the camera…
    </p>
  );
}
