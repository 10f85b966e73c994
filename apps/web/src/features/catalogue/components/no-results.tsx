// The empty catalogue page: says what found nothing and offers the way out.
import { Link } from "react-router";
import { SearchX } from "lucide-react";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { buttonClass } from "../../../lib/ui/button-styles";

export function NoResults({
  searchText,
  clearHref,
}: {
  searchText: string | undefined;
  clearHref: string | null;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted" />
      <h3 className="text-xl font-bold text-fg">
        {searchText ? `No products match “${searchText}”` : "No products match this selection"}
      </h3>
      <p className="text-muted">Try fewer filters or another spelling.</p>
      {clearHref ? (
        <Link to={clearHref} className={buttonClass()}>
          Clear filters
        </Link>
      ) : (
        <Link to={DEFAULT_LANDING} className={buttonClass()}>
          Browse all products
        </Link>
      )}
    </div>
  );
}
