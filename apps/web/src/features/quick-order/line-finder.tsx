// Typing a quick order line by line: a product found by its code or the words of its
// description, with the packs wanted, goes on the pad as "CODE, packs". An ARIA combobox: the
// suggestions follow the letters typed (debounced; a superseded search is cancelled), arrows
// move through them, Enter or a tap takes one, Escape closes the list. A number typed first
// ("6 coke 2l") is the packs. Taking a product puts focus on Packs with its value selected;
// Enter there (or "Put on pad") puts the line on the pad and focus back in the finder.
import { useEffect, useId, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { readOrderLine } from "@trade-shop/contracts/order-lines";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import type { Product } from "@trade-shop/contracts/catalogue";
import { MAX_QUANTITY } from "@trade-shop/contracts/common";
import { isGtin } from "@trade-shop/contracts/gtin";
import { apiRequest } from "@/lib/api-client";
import { formatRand } from "@/lib/format";
import { packText } from "@/entities/products";
import { parseQuantity } from "@/lib/quantity";
import { useShopper } from "@/entities/shopper";
import { labelClass } from "@/lib/ui/form-controls";
import { buttonClass } from "@/lib/ui/button-styles";
import { CameraScanButton } from "@/lib/barcode/camera-scan-button";

const TYPING_PAUSE_MS = 200;
const MIN_LETTERS = 2;

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function LineFinder({
  onPick,
  onCode,
}: {
  onPick: (product: Product, packs: number) => void;
  /** A barcode typed or scanned into the finder and Enter, with no suggestion chosen, or read by the camera. */
  onCode: (code: string) => void;
}) {
  const shopper = useShopper();
  const id = useId();
  const [text, setText] = useState("");
  const [packsText, setPacksText] = useState("1");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  // The product taken from the list, waiting for its packs.
  const [chosen, setChosen] = useState<Product | null>(null);
  const typed = readOrderLine(text);
  // "6 coke 2l": the words are searched, the 6 is the packs.
  const words = chosen ? "" : typed?.kind === "line" && typed.quantity > 0 ? typed.code : text.trim();
  const term = useDebounced(words, TYPING_PAUSE_MS);
  const suggestions = useQuery({
    // Prices are the shopper's: another login never sees them from the cache.
    queryKey: ["quick-order", "find", shopper, term],
    queryFn: ({ signal }) =>
      apiRequest(productRoutes.search, {
        body: { descriptionFilter: term, resultsPerPage: 12, pageNumber: 1 },
        signal,
      }),
    enabled: term.length >= MIN_LETTERS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const packs = parseQuantity(packsText);
  const options = term.length >= MIN_LETTERS ? (suggestions.data?.skuResults.slice(0, 8) ?? []) : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const packsInput = useRef<HTMLInputElement>(null);
  /** A product taken: its packs next (a number typed before the words is them). */
  const take = (product: Product) => {
    if (typed?.kind === "line" && typed.quantity > 0 && text.trim() !== typed.code)
      setPacksText(String(typed.quantity));
    setChosen(product);
    setText(product.skuDescription);
    setOpen(false);
    setActive(-1);
    requestAnimationFrame(() => {
      packsInput.current?.focus();
      packsInput.current?.select();
    });
  };
  /** The product taken and its packs go on the pad; the finder is ready for the next. */
  const putOnPad = () => {
    if (!chosen) {
      input.current?.focus();
      return;
    }
    if (!packs.ok) {
      packsInput.current?.focus();
      return;
    }
    onPick(chosen, packs.quantity);
    setChosen(null);
    setText("");
    setPacksText("1");
    input.current?.focus();
  };

  return (
    // On a phone: the finder, then Packs, Put on pad and the camera on one row under it, in
    // reach of the thumb; from 640 px all on one row.
    <div className="grid grid-cols-[6rem_minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_7rem_auto_auto]">
      <div className="relative col-span-3 sm:col-span-1">
        <label htmlFor={`${id}-find`} className={labelClass}>
          Find a product by code or name
        </label>
        <input
          id={`${id}-find`}
          ref={input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          maxLength={100}
          placeholder="Braai Time chips, CHP1374…"
          onChange={(event) => {
            setText(event.target.value);
            setChosen(null);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              setOpen(true);
              if (options.length === 0) return;
              const step = event.key === "ArrowDown" ? 1 : -1;
              setActive((at) => (at + step + options.length) % options.length);
            } else if (event.key === "Enter") {
              event.preventDefault();
              const option = expanded ? options[active] : undefined;
              if (option) take(option);
              else if (chosen) putOnPad();
              else if (isGtin(text.trim())) {
                onCode(text.trim());
                setText("");
                setOpen(false);
              }
            } else if (event.key === "Escape" && expanded) {
              event.preventDefault();
              setOpen(false);
            }
          }}
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-fg"
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Products found"
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {options.map((product, i) => (
            <li
              key={product.skuCode}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Before the input's blur closes the list.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => take(product)}
              className={`cursor-pointer px-3 py-2 ${i === active ? "bg-brand-soft" : "hover:bg-surface-2"}`}
            >
              <span className="block font-semibold">{product.skuDescription}</span>
              <span className="block text-xs text-muted">
                {product.skuCode} · {packText(product)} · {formatRand(product.listPriceIncl)} incl. VAT
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <label htmlFor={`${id}-packs`} className={labelClass}>
          Packs
        </label>
        <input
          id={`${id}-packs`}
          ref={packsInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={packsText}
          onChange={(event) => setPacksText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              putOnPad();
            }
          }}
          aria-invalid={!packs.ok}
          aria-describedby={packs.ok ? undefined : `${id}-packs-error`}
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base tabular-nums text-fg"
        />
        {!packs.ok && (
          <p id={`${id}-packs-error`} className="mt-1 text-sm font-semibold text-danger">
            {packs.message}
          </p>
        )}
      </div>
      <button
        type="button"
        className={buttonClass("secondary")}
        aria-disabled={chosen === null}
        onClick={putOnPad}
      >
        <Plus aria-hidden="true" className="size-4" />
        Put on pad
      </button>
      <CameraScanButton
        iconOnly
        onScan={onCode}
        className="min-h-11 w-11 rounded-lg border border-line bg-surface text-fg hover:bg-surface-2"
      />
      <p className="col-span-3 text-sm text-muted sm:col-span-4">
        Type a few words (a number first is the packs: 6 coke 2l), take a product, then Enter.
      </p>
    </div>
  );
}
