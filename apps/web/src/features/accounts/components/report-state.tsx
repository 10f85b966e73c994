// A dashboard panel's loading, failure and empty states, so each panel only says what it shows.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { buttonClass } from "../../../lib/ui/button-styles";
import { Loading } from "../../cart/components/loading";

export function ReportState<T>({
  query,
  empty,
  emptyText,
  children,
}: {
  query: UseQueryResult<T>;
  empty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label="Loading" />;
  if (query.isError) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-muted">This could not be loaded.</p>
        <button type="button" className={buttonClass("secondary")} onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (empty?.(query.data)) return <p className="mt-3 text-muted">{emptyText}</p>;
  return children(query.data);
}
