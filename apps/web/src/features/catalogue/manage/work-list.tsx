// The No Images work list: products without a picture, a page at a time, each opening the
// editor beside it (its SKU goes into the URL, so a colleague can be sent straight to it).
import { Link } from "react-router";
import { ChevronRight } from "lucide-react";
import { useProductsWithoutImages, WORK_LIST_PAGE_SIZE } from "../api/get-products-without-images";
import { LoadFailed } from "@/lib/ui/load-failed";
import { Pagination } from "../components/pagination";
import { formatCount } from "@/entities/products";

interface WorkListProps {
  pageNumber: number;
  /** Only products whose code or description holds this text ("" for all). */
  search: string;
  selectedSku: string | null;
  hrefFor: (changes: { pageNumber?: number; sku?: string | null }) => string;
  className?: string;
}

export function WorkList({ pageNumber, search, selectedSku, hrefFor, className = "" }: WorkListProps) {
  const list = useProductsWithoutImages(pageNumber, search);

  let content;
  if (list.isPending) {
    content = (
      <div role="status" aria-label="Loading the work list" className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-surface-2" />
        ))}
      </div>
    );
  } else if (list.isError) {
    content = (
      <LoadFailed
        variant="page"
        message="We could not load the work list"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.total === 0 && search) {
    content = (
      <p className="rounded-lg border border-dashed border-line p-4 text-muted">
        No product without a picture matches “{search}”.
      </p>
    );
  } else if (list.data.total === 0) {
    content = (
      <p className="rounded-lg bg-brand-soft p-4 font-semibold text-brand">
        Every product has a picture. Well done!
      </p>
    );
  } else {
    content = (
      <>
        <ol
          className={`flex flex-col gap-2 ${list.isPlaceholderData ? "opacity-60" : ""}`}
          aria-busy={list.isPlaceholderData}
        >
          {list.data.skuResults.map((product) => {
            const selected = product.skuCode === selectedSku;
            return (
              <li key={product.skuCode}>
                <Link
                  to={hrefFor({ sku: product.skuCode })}
                  aria-current={selected ? "true" : undefined}
                  className={`flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 ${
                    selected ? "border-brand bg-brand-soft" : "border-line bg-surface hover:border-brand"
                  }`}
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold text-fg">{product.skuDescription}</span>
                    <span className="text-xs text-muted">
                      {product.skuCode} · {product.skuCategory}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
                </Link>
              </li>
            );
          })}
        </ol>
        <Pagination
          total={list.data.total}
          pageSize={WORK_LIST_PAGE_SIZE}
          currentPage={list.data.currentPage}
          hrefFor={(page) => hrefFor({ pageNumber: page })}
          label="Work list pages"
        />
      </>
    );
  }

  return (
    <section aria-labelledby="work-list-heading" className={className}>
      <h2 id="work-list-heading" className="mb-3 flex items-baseline gap-2 text-lg font-bold text-fg">
        Products without images
        {list.data && (
          <span className="rounded-full bg-surface-2 px-2 text-sm tabular-nums text-muted">
            {formatCount(list.data.total)}
          </span>
        )}
      </h2>
      {content}
    </section>
  );
}
