// The header's product search (SPEC §2): Enter or the button goes to /products?searchText=….
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";

export function SearchBox({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === appRoutes.products ? (params.get("searchText") ?? "") : "";

  return (
    <form
      role="search"
      // Remounting on a new search keeps the box in step with the URL, including Back and Forward.
      key={current}
      className={`flex ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const searchText = String(new FormData(event.currentTarget).get("searchText") ?? "").trim();
        if (searchText) navigate(`${appRoutes.products}?${new URLSearchParams({ searchText })}`);
      }}
    >
      <label htmlFor="product-search" className="sr-only">
        Search for products
      </label>
      <input
        id="product-search"
        name="searchText"
        type="search"
        defaultValue={current}
        placeholder="Search for products"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="min-h-11 w-full min-w-0 text-ellipsis rounded-l-lg border border-r-0 border-line bg-surface px-3 text-base text-fg placeholder:text-muted focus-visible:relative focus-visible:z-10"
      />
      <button
        type="submit"
        aria-label="Search"
        className="inline-flex min-h-11 min-w-12 shrink-0 items-center justify-center rounded-r-lg bg-brand-bg text-on-brand hover:bg-brand-strong"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
