// The one "load failed, retry" state: what could not be loaded, why when the page has room to
// say it, and a button that loads it again. The API client has already shown the reason in a
// toast; this stays on the page so the way out is where the content should be.
import { RotateCw, TriangleAlert } from "lucide-react";
import { ApiError } from "../api-client";
import { buttonClass } from "./button-styles";

interface LoadFailedProps {
  /** What the customer reads, e.g. "We could not load your orders." */
  message: string;
  onRetry: () => void;
  /** Shown under the message on a whole-page failure; a server fault's reference is shown in every variant. */
  error?: Error | null;
  /**
   * `page` fills a page's content area (heading-sized, an alert); `card` stands in for a list
   * or a form; `inline` sits inside a small panel.
   */
  variant?: "page" | "card" | "inline";
}

function RetryButton({ onRetry, primary }: { onRetry: () => void; primary: boolean }) {
  return (
    <button type="button" onClick={onRetry} className={buttonClass(primary ? "primary" : "secondary")}>
      <RotateCw aria-hidden="true" className="size-4" />
      Try again
    </button>
  );
}

/** A server fault (5xx) names its request: the customer can quote it to support, who find its log lines. */
function Reference({ error }: { error: Error | null | undefined }) {
  const requestId = error instanceof ApiError && error.status >= 500 ? error.problem?.requestId : undefined;
  if (!requestId) return null;
  return (
    <p className="text-sm text-muted">
      Reference: <span className="select-all font-mono">{requestId}</span>
    </p>
  );
}

export function LoadFailed({ message, onRetry, error, variant = "card" }: LoadFailedProps) {
  if (variant === "page") {
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
        <TriangleAlert aria-hidden="true" className="size-10 text-danger" />
        <h2 className="text-xl font-bold text-fg">{message}</h2>
        {error && <p className="text-muted">{error.message}</p>}
        <Reference error={error} />
        <RetryButton onRetry={onRetry} primary />
      </div>
    );
  }
  if (variant === "inline") {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-muted">{message}</p>
        <Reference error={error} />
        <RetryButton onRetry={onRetry} primary={false} />
      </div>
    );
  }
  return (
    <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6">
      <p>{message}</p>
      <Reference error={error} />
      <RetryButton onRetry={onRetry} primary={false} />
    </div>
  );
}
