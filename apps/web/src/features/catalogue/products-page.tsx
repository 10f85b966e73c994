// The catalogue page. For now it shows which category, filters or search the URL asks for;
// the product grid, filters and paging come with the catalogue issue.
import { useSearchParams } from "react-router";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import { PlaceholderPage } from "../../lib/ui/placeholder-page";

const FILTER_LABELS = [
  ["category", "Category"],
  ["subCategory", "Sub-category"],
  ["subCategory3", "Sub-category 3"],
  ["subCategory4", "Sub-category 4"],
  ["brand", "Brand"],
  ["searchText", "Search"],
  ["pageNumber", "Page"],
] as const;

function pageTitle(params: URLSearchParams): string {
  const searchText = params.get("searchText")?.trim();
  if (searchText) return `Results for “${searchText}”`;
  const category = params.get("category")?.toLowerCase() ?? "home";
  if (category === "home") return "All products";
  if (category === "featured") return "Featured products";
  return (
    HEADER_CATEGORIES.find((c) => c.category.toLowerCase() === category)?.label ??
    params.get("category") ??
    ""
  );
}

export function ProductsPage() {
  const [params] = useSearchParams();
  const filters = FILTER_LABELS.flatMap(([key, label]) => {
    const value = params.get(key);
    return value ? [{ key, label, value }] : [];
  });

  return (
    <PlaceholderPage
      title={pageTitle(params)}
      summary="Products matching this selection will be listed here, with prices, deals, stock and add to cart."
    >
      {filters.length > 0 && (
        <dl className="mt-6 flex flex-wrap gap-2 text-sm" aria-label="Current selection">
          {filters.map((filter) => (
            <div
              key={filter.key}
              className="flex gap-1 rounded-full border border-line bg-surface px-3 py-1.5"
            >
              <dt className="text-muted">{filter.label}:</dt>
              <dd className="font-semibold break-all">{filter.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </PlaceholderPage>
  );
}
