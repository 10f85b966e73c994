// The empty catalogue page: says what found nothing and never dead-ends. A search
// that found nothing offers the category nearest its words, what customers order most, and
// "Tell us what you were looking for", which staff read beside the searches that found nothing.
import { useId, useState } from "react";
import { Link } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { MessageSquarePlus, SearchX, Send } from "lucide-react";
import type { NoResultsHelp } from "@trade-shop/contracts/catalogue";
import { catalogueSearchRoutes } from "@trade-shop/contracts/catalogue-search";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { apiRequest } from "@/lib/api-client";
import { buttonClass } from "@/lib/ui/button-styles";
import { categoryLinkHref } from "../products-query";
import { ProductCard } from "./product-card";

/** "Tell us what you were looking for": the search and a note, for staff to read. */
function TellUs({ searchText }: { searchText: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const send = useMutation({
    mutationFn: () =>
      apiRequest(catalogueSearchRoutes.searchRequest, {
        body: { searchText, note: note.trim() || null },
      }),
  });
  if (send.isSuccess) {
    return (
      // Focused in place of the button that was pressed, so the thanks is heard.
      <p
        ref={(p) => p?.focus()}
        tabIndex={-1}
        role="status"
        className="font-semibold text-brand outline-none"
      >
        Thank you: we will look for “{searchText}”.
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        Tell us what you were looking for
      </button>
    );
  }
  return (
    <form
      className="grid w-full gap-2 text-left"
      onSubmit={(event) => {
        event.preventDefault();
        if (!send.isPending) send.mutate();
      }}
    >
      <label htmlFor={`${id}-note`} className="text-sm font-semibold">
        What were you looking for? (optional: brand, size, what you call it)
      </label>
      <textarea
        id={`${id}-note`}
        autoFocus
        rows={3}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        className="w-full rounded-lg border border-line bg-surface p-3 text-base text-fg"
      />
      <button type="submit" className={`${buttonClass()} justify-self-start`} aria-disabled={send.isPending}>
        <Send aria-hidden="true" className="size-4" />
        Send to the shop
      </button>
    </form>
  );
}

export function NoResults({
  searchText,
  clearHref,
  help,
}: {
  searchText: string | undefined;
  clearHref: string | null;
  help?: NoResultsHelp | null | undefined;
}) {
  const popular = help?.popularProducts ?? [];
  return (
    <div className="flex flex-col gap-8 py-8">
      <div className="mx-auto flex max-w-lg flex-col items-center gap-3 text-center">
        <SearchX aria-hidden="true" className="size-10 text-muted" />
        <h3 className="text-xl font-bold text-fg">
          {searchText ? `No products match “${searchText}”` : "No products match this selection"}
        </h3>
        <p className="text-muted">Try fewer filters or another spelling.</p>
        <div className="flex flex-wrap justify-center gap-2">
          {help?.nearestCategory && (
            <Link to={categoryLinkHref(help.nearestCategory)} className={buttonClass()}>
              Browse {help.nearestCategory.name}
            </Link>
          )}
          {clearHref ? (
            <Link to={clearHref} className={buttonClass(help?.nearestCategory ? "secondary" : "primary")}>
              Clear filters
            </Link>
          ) : (
            <Link
              to={DEFAULT_LANDING}
              className={buttonClass(help?.nearestCategory ? "secondary" : "primary")}
            >
              Browse all products
            </Link>
          )}
        </div>
        {/* Keyed: the next empty search starts a fresh note, not the last one's thanks. */}
        {searchText && <TellUs key={searchText} searchText={searchText} />}
      </div>
      {popular.length > 0 && (
        <section aria-labelledby="popular-products">
          <h3 id="popular-products" className="text-lg font-bold">
            Popular with our customers
          </h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
            {popular.map((product) => (
              <li key={product.skuCode}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
