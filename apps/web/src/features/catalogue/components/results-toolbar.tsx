// Above the results: the Filters button (phones and tablets), sort order, page size, and
// whether the products show as cards or as a compact list to type quantities into.
import { useId } from "react";
import { useNavigate } from "react-router";
import { List, SlidersHorizontal } from "lucide-react";
import { RESULTS_PER_PAGE_CHOICES } from "@trade-shop/contracts/catalogue";
import { SORT_OPTIONS, productsHref, type ProductsView } from "../products-query";
import { setProductView, useProductView } from "../product-view";

interface ResultsToolbarProps {
  view: ProductsView;
  params: URLSearchParams;
  activeFilters: number;
  onOpenFilters: () => void;
}

const select = "min-h-11 w-full rounded-lg border border-line bg-surface px-2 text-base text-fg sm:text-sm";
const viewButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line bg-surface text-fg hover:bg-surface-2 aria-pressed:border-brand aria-pressed:bg-brand-soft aria-pressed:text-brand";
const filtersButton =
  "inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-fg hover:bg-surface-2 lg:hidden";

export function ResultsToolbar({ view, params, activeFilters, onOpenFilters }: ResultsToolbarProps) {
  const navigate = useNavigate();
  const id = useId();
  const layout = useProductView();

  return (
    <div className="flex items-end gap-2 sm:gap-3">
      <button type="button" aria-haspopup="dialog" onClick={onOpenFilters} className={filtersButton}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
        {activeFilters > 0 && (
          <span className="rounded-full bg-brand-bg px-1.5 text-xs text-on-brand">
            {activeFilters}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      <div className="flex min-w-0 flex-1 flex-col sm:ml-auto sm:w-52 sm:flex-none">
        <label htmlFor={`${id}-sort`} className="text-xs font-semibold text-muted">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={view.sort}
          onChange={(event) => navigate(productsHref(params, { sort: event.target.value }))}
          className={select}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex shrink-0 flex-col">
        <label htmlFor={`${id}-size`} className="text-xs font-semibold text-muted">
          Per page
        </label>
        <select
          id={`${id}-size`}
          value={view.pageSize}
          onChange={(event) => navigate(productsHref(params, { pageSize: event.target.value }))}
          className={select}
        >
          {RESULTS_PER_PAGE_CHOICES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {/* One toggle, so the sort order keeps its room on a phone. */}
      <button
        type="button"
        className={viewButton}
        aria-pressed={layout === "list"}
        aria-label="List"
        title={layout === "list" ? "Show as cards" : "Show as a list to type quantities into"}
        onClick={() => setProductView(layout === "list" ? "cards" : "list")}
      >
        <List aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
