// The header's product search (docs/screens.md): Enter or the button goes to /products?searchText=….
// A barcode (8, 12, 13 or 14 digits with a valid check digit), typed or sent by a USB or
// Bluetooth scanner into the box followed by Enter, opens its product's page instead
//; an unknown one is named in the error toast and stays in the box. The camera button
// beside the box reads a barcode with the phone's camera and looks it up the same way. While
// typing, suggestions open under the box (search-suggestions.tsx).
import { useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import { isGtin } from "@trade-shop/contracts/gtin";
import { appRoutes } from "@trade-shop/contracts/routes";
import { useFindByBarcode } from "@/features/catalogue/api/find-by-barcode";
import { CameraScanButton } from "@/lib/barcode/camera-scan-button";
import { useMediaQuery } from "@/lib/ui/use-media-query";
import { useSearchSuggestions } from "./search-suggestions";

export function SearchBox({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === appRoutes.products ? (params.get("searchText") ?? "") : "";
  const findByBarcode = useFindByBarcode();
  const [lookingUp, setLookingUp] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const box = useRef<HTMLInputElement>(null);
  // What is typed, for the suggestions; a new search in the URL starts it afresh.
  const [typed, setTyped] = useState({ for: current, text: current });
  const text = typed.for === current ? typed.text : current;
  const suggestions = useSearchSuggestions(text, form);
  // A phone's box holds a word or so beside the camera: "Search for products" read "Sear…" there.
  const roomy = useMediaQuery("(min-width: 40rem)");

  return (
    <form
      ref={form}
      role="search"
      // Without scripts (or before they run) the browser sends the search itself.
      action={appRoutes.products}
      method="get"
      // Remounting on a new search keeps the box in step with the URL, including Back and Forward.
      key={current}
      className={`relative flex ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        suggestions.close();
        const searchText = String(new FormData(event.currentTarget).get("searchText") ?? "").trim();
        if (!searchText || lookingUp) return;
        if (!isGtin(searchText)) {
          navigate(`${appRoutes.products}?${new URLSearchParams({ searchText })}`);
          return;
        }
        setLookingUp(true);
        const form = event.currentTarget;
        findByBarcode(searchText)
          .then((product) => {
            // Empty for the next scan, which a scanner types after whatever the box holds.
            form.reset();
            navigate(`${appRoutes.products}/${encodeURIComponent(product.skuCode)}`);
          })
          // The API client's toast has said why; the code stays in the box to be corrected.
          .catch(() => undefined)
          .finally(() => setLookingUp(false));
      }}
    >
      <label htmlFor="product-search" className="sr-only">
        Search for products
      </label>
      <input
        ref={box}
        id="product-search"
        name="searchText"
        type="search"
        defaultValue={current}
        placeholder={roomy ? "Search for products" : "Search"}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        {...suggestions.inputProps}
        onChange={(event) => setTyped({ for: current, text: event.target.value })}
        className="min-h-11 w-full min-w-0 text-ellipsis rounded-l-lg border border-r-0 border-line bg-surface px-2 text-base sm:px-2.5 text-fg placeholder:text-muted focus-visible:relative focus-visible:z-10"
      />
      <CameraScanButton
        label="Scan a barcode"
        iconOnly
        closeOnScan
        className="min-h-11 w-11 shrink-0 border-y border-line bg-surface text-muted hover:text-fg focus-visible:relative focus-visible:z-10"
        onScan={(code) => {
          // As if typed and sent with Enter: one lookup, and an unknown code left in the box.
          if (!form.current || !box.current) return;
          box.current.value = code;
          form.current.requestSubmit();
        }}
      />
      <button
        type="submit"
        aria-label="Search"
        aria-disabled={lookingUp}
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-r-lg bg-brand-bg text-on-brand hover:bg-brand-strong"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      {suggestions.list}
    </form>
  );
}
