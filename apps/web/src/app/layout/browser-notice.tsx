// A note for the browsers docs/behaviour.md flags as inferior. It never blocks the shop: it sits above
// the header, says what may go wrong and what to use instead, and stays away once dismissed.
import { useState } from "react";
import { TriangleAlert, X } from "lucide-react";
import { useBrowserValue } from "@/lib/browser-value";
import { FLAGGED_BROWSER_NAMES, flaggedBrowser } from "./browser-support";

const DISMISSED_KEY = "tradeshop.browserNoticeDismissed";

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function BrowserNotice() {
  const browser = useBrowserValue(() => (wasDismissed() ? null : flaggedBrowser(navigator.userAgent)), null);
  const [dismissed, setDismissed] = useState(false);
  if (!browser || dismissed) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage blocked: the notice stays away for this visit only.
    }
    setDismissed(true);
  };

  const name = FLAGGED_BROWSER_NAMES[browser];
  return (
    <aside aria-label="Browser notice" className="border-b border-line bg-brand-soft text-fg">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-1 text-sm sm:px-6 lg:px-8">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-brand" />
        <p className="flex-1 py-2">
          You are using {name}. Trade Shop works best in a current Chrome, Firefox or Edge; in {name} some
          pages may not look or work as they should.
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss browser notice"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-surface-2"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </aside>
  );
}
