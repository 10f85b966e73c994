// The catalogue's filters: the category tree with the number of matching products at each
// level, and the brands with their logos. Both are links, so a filtered page can be shared.
import { useId, useState } from "react";
import { Link } from "react-router";
import { Check, X } from "lucide-react";
import type { BrandResult, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { categoryNodes, nodeState, nodeTarget, type CategoryNode } from "../category-facets";
import {
  categoryChanges,
  clearFiltersHref,
  productsHref,
  selectedCategoryPath,
  type ProductsView,
} from "../products-query";
import { formatCount } from "@/entities/products";

interface FacetSidebarProps {
  view: ProductsView;
  params: URLSearchParams;
  result: ProductSearchResult | undefined;
  /** Called when a filter link is followed (the phone drawer closes then). */
  onNavigate?: () => void;
}

/** Brands listed before "Show all brands". */
const BRANDS_SHOWN = 8;

const facetLink =
  "flex min-h-11 w-full items-center gap-2 rounded-md px-2 text-left text-sm text-fg hover:bg-surface-2";
const selectedLink = "bg-brand-soft font-semibold text-brand hover:bg-brand-soft";
const sectionTitle = "mb-1 text-sm font-bold uppercase tracking-wide text-muted";

function CategoryList({
  nodes,
  selected,
  hrefFor,
  onNavigate,
}: {
  nodes: CategoryNode[];
  selected: string[];
  hrefFor: (path: string[]) => string;
  onNavigate?: () => void;
}) {
  return (
    <ul className="flex flex-col">
      {nodes.map((node) => {
        const state = nodeState(node, selected);
        return (
          <li key={node.name}>
            <Link
              to={hrefFor(nodeTarget(node, selected))}
              onClick={onNavigate}
              aria-current={state === "selected" ? "true" : undefined}
              className={`${facetLink} ${state === "selected" ? selectedLink : state === "on-path" ? "font-semibold" : ""}`}
            >
              {state === "selected" && <Check aria-hidden="true" className="size-4 shrink-0" />}
              <span className="min-w-0 flex-1 break-words">{node.name}</span>
              <span className="shrink-0 tabular-nums text-muted">
                <span className="sr-only">, </span>
                {formatCount(node.count)}
                <span className="sr-only"> products</span>
              </span>
            </Link>
            {state !== "off-path" && node.children.length > 0 && (
              <div className="ml-3 border-l border-line pl-2">
                <CategoryList
                  nodes={node.children}
                  selected={selected}
                  hrefFor={hrefFor}
                  onNavigate={onNavigate}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function BrandList({
  brands,
  selectedBrand,
  hrefFor,
  onNavigate,
}: {
  brands: BrandResult[];
  selectedBrand: string | undefined;
  hrefFor: (brand: string | null) => string;
  onNavigate?: () => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const isSelected = (brand: BrandResult) => brand.name.toLowerCase() === selectedBrand?.toLowerCase();
  const visible = showAll
    ? brands
    : brands.filter((brand, index) => index < BRANDS_SHOWN || isSelected(brand));

  return (
    <>
      <ul className="flex flex-col">
        {visible.map((brand) => {
          const selected = isSelected(brand);
          return (
            <li key={brand.name}>
              <Link
                to={hrefFor(selected ? null : brand.name)}
                onClick={onNavigate}
                aria-current={selected ? "true" : undefined}
                className={`${facetLink} ${selected ? selectedLink : ""}`}
              >
                {brand.imageUrl ? (
                  <img
                    src={brand.imageUrl}
                    alt=""
                    width={64}
                    height={24}
                    loading="lazy"
                    className="h-6 w-16 shrink-0 rounded object-contain"
                  />
                ) : (
                  <span aria-hidden="true" className="h-6 w-16 shrink-0 rounded bg-surface-2" />
                )}
                <span className="min-w-0 flex-1 break-words">{brand.name}</span>
                {selected && <X aria-hidden="true" className="size-4 shrink-0" />}
              </Link>
            </li>
          );
        })}
      </ul>
      {brands.length > BRANDS_SHOWN && (
        <button
          type="button"
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
          className="mt-1 inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          {showAll ? "Show fewer brands" : `Show all ${brands.length} brands`}
        </button>
      )}
    </>
  );
}

export function FacetSidebar({ view, params, result, onNavigate }: FacetSidebarProps) {
  const id = useId();
  if (!result) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-6 animate-pulse rounded bg-surface-2" />
        ))}
      </div>
    );
  }

  const searching = Boolean(view.route.searchText);
  const categoryHref = (path: string[]) =>
    productsHref(params, categoryChanges(path.length === 0 && !searching ? ["home"] : path));
  const brandHref = (brand: string | null) => productsHref(params, { brand });
  const clearHref = clearFiltersHref(params, view);
  // Featured is a selection across categories; the tree's links would leave it, so it is not offered there.
  const showCategories = view.route.category !== "featured" && result.categoryResults.length > 0;

  return (
    <div className="flex flex-col gap-6">
      {clearHref && (
        <Link
          to={clearHref}
          onClick={onNavigate}
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-md px-2 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </Link>
      )}
      {showCategories && (
        <section aria-labelledby={`${id}-categories`}>
          <h3 id={`${id}-categories`} className={sectionTitle}>
            Categories
          </h3>
          <CategoryList
            nodes={categoryNodes(result.categoryResults)}
            selected={selectedCategoryPath(view)}
            hrefFor={categoryHref}
            onNavigate={onNavigate}
          />
        </section>
      )}
      {result.brandResults.length > 0 && (
        <section aria-labelledby={`${id}-brands`}>
          <h3 id={`${id}-brands`} className={sectionTitle}>
            Brands
          </h3>
          <BrandList
            brands={result.brandResults}
            selectedBrand={view.route.brand}
            hrefFor={brandHref}
            onNavigate={onNavigate}
          />
        </section>
      )}
    </div>
  );
}
