// What a page shows when its data could not be loaded: what failed, why, and a retry.
import { RotateCw, TriangleAlert } from "lucide-react";
import { buttonClass } from "../../../lib/ui/button-styles";

interface LoadErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-danger" />
      <h2 className="text-xl font-bold text-fg">{title}</h2>
      <p className="text-muted">{error.message}</p>
      <button type="button" onClick={onRetry} className={buttonClass()}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}
