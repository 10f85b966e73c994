// The global HTTP spinner (docs/rules.md) as a slim bar along the top of the window. It fades in only
// after a short delay, so quick requests do not make the page flicker.
import { useHttpBusy } from "@/lib/http-activity";

export function HttpProgressBar() {
  const busy = useHttpBusy();
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="http-progress fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-soft"
    >
      <div className="http-progress-bar h-full w-2/5 bg-accent" />
    </div>
  );
}
