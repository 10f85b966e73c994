// A dashboard panel's loading, failure and empty states, so each panel only says what it shows.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";

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
  if (query.isError)
    return (
      <LoadFailed
        variant="inline"
        message="This could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (empty?.(query.data)) return <p className="mt-3 text-muted">{emptyText}</p>;
  return children(query.data);
}
