// The catalogue (products, pictures, descriptions, search words) is one for every tenant's shop:
// staff editing it read so before they change anything, and see who changed what lately, with
// the tenant they worked in. The server keeps the record (GET /api/Product/CatalogueChanges).
import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { productRoutes, type CatalogueChangesQuery } from "@trade-shop/contracts/catalogue";
import { apiRequest } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { tenantLabel } from "@/lib/tenant-label";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Loading } from "@/lib/ui/loading";

/** Every list of changes: a staff edit refreshes them all. */
export const CATALOGUE_CHANGES_KEY = ["catalogue-changes"] as const;

export const useCatalogueChanges = (query: CatalogueChangesQuery) =>
  useQuery({
    queryKey: [...CATALOGUE_CHANGES_KEY, query],
    queryFn: ({ signal }) => apiRequest(productRoutes.changes, { query, signal }),
  });

/** Said where staff edit: what they change shows in every region's shop. */
export function SharedCatalogueNotice({ what }: { what: string }) {
  return (
    <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
      <strong className="font-semibold">Every shop shares the catalogue.</strong> {what} changed here change
      in every region&rsquo;s shop at once, and each change is kept with your name.
    </p>
  );
}

interface ListProps {
  title: string;
  query: CatalogueChangesQuery;
  /** Said when nothing has been changed yet. */
  empty: string;
}

/** The newest changes first: when, who (and in which tenant), and what. */
export function CatalogueChangeList({ title, query, empty }: ListProps) {
  const id = useId();
  const changes = useCatalogueChanges(query);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="text-base font-bold text-fg">
        {title}
      </h3>
      {changes.isPending ? (
        <Loading label="Loading the changes" />
      ) : changes.isError ? (
        <LoadFailed
          variant="inline"
          message="We could not load the changes."
          error={changes.error}
          onRetry={() => void changes.refetch()}
        />
      ) : changes.data.changes.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ol aria-labelledby={`${id}-title`} className="divide-y divide-line text-sm">
          {changes.data.changes.map((change) => (
            <li key={change.id} className="py-2">
              <p className="font-semibold text-fg">{change.summary}</p>
              <p className="text-muted">
                <time dateTime={change.changedAt} className="tabular-nums">
                  {formatDateTime(change.changedAt)}
                </time>{" "}
                · {change.name} ({change.username}) in {tenantLabel(change.tenantId)}
              </p>
              {change.kind === "description_changed" && change.before !== null && (
                <p className="mt-1 break-words text-muted">
                  Was: <span className="text-fg">{change.before}</span>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
