import { ImageDown } from "lucide-react";
import { setDataSaver, useDataSaver } from "@/lib/data-saver";

/** The data saver switch (smaller pictures), in the side menu and the footer. */
export function DataSaverToggle({ className }: { className: string }) {
  const on = useDataSaver();
  return (
    <button
      type="button"
      aria-pressed={on}
      title="Smaller pictures, for mobile data"
      onClick={() => setDataSaver(!on)}
      className={className}
    >
      <ImageDown aria-hidden="true" className="size-5" />
      <span>Data saver</span>
      {/* Seen on screen; a screen reader hears the button's pressed state instead. */}
      <span aria-hidden="true" className="rounded-full border border-current px-1.5 text-xs font-semibold">
        {on ? "On" : "Off"}
      </span>
    </button>
  );
}
