// Search as you type: under the header's search box, products, brands and
// categories for the letters typed, from /api/Product/Suggest (the same for everyone, no
// prices, so small and cached). Asked 150 ms after typing stops, a superseded request is
// cancelled, and the last list stays until the next one comes, so it never flickers. The box is
// an ARIA combobox: arrows move through the options, Enter opens the one chosen (or searches
// for the text when none is), Escape closes the list.
import { useEffect, useId, useState, type CSSProperties, type KeyboardEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search, Tag, Shapes } from "lucide-react";
import { catalogueSearchRoutes } from "@trade-shop/contracts/catalogue-search";
import { apiRequest } from "@/lib/api-client";
import { productPath } from "@/entities/products";
import { brandHref, categoryLinkHref } from "@/features/catalogue/products-query";

const TYPING_PAUSE_MS = 150;
const MIN_LETTERS = 2;

interface Option {
  key: string;
  href: string;
  label: string;
  detail: string;
  kind: "product" | "brand" | "category";
}

function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The combobox's state for the box; spread `inputProps` on it and render `list` in `anchor`
 * (positioned). On a phone the list spans the screen under the anchor, wider than the box.
 */
export function useSearchSuggestions(text: string, anchor: RefObject<HTMLElement | null>) {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [top, setTop] = useState(0);
  const show = () => {
    setOpen(true);
    setTop(Math.round(anchor.current?.getBoundingClientRect().bottom ?? 0) + 4);
  };
  // The option chosen by arrows, in the list it was chosen in: a new list starts unchosen.
  const [chosen, setChosen] = useState<{ in: unknown; at: number }>({ in: null, at: -1 });
  const term = useSettled(text.trim());
  const answer = useQuery({
    queryKey: ["suggest", term],
    queryFn: ({ signal }) =>
      apiRequest(catalogueSearchRoutes.suggest, { query: { q: term }, signal, quiet: true }),
    enabled: term.length >= MIN_LETTERS,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const data = term.length >= MIN_LETTERS && text.trim().length >= MIN_LETTERS ? answer.data : undefined;
  const options: Option[] = data
    ? [
        ...data.products.map((p) => ({
          key: `p-${p.skuCode}`,
          href: productPath(p.skuCode),
          label: p.description,
          detail: `${p.brand} · ${p.skuCode}`,
          kind: "product" as const,
        })),
        ...data.brands.map((b) => ({
          key: `b-${b.name}`,
          href: brandHref(b.name),
          label: b.name,
          detail: `Brand · ${b.products} products`,
          kind: "brand" as const,
        })),
        ...data.categories.map((c) => ({
          key: `c-${c.category}-${c.subCategory}-${c.subCategory3}-${c.subCategory4}`,
          href: categoryLinkHref(c),
          label: c.name,
          detail: `Category · ${c.products} products`,
          kind: "category" as const,
        })),
      ]
    : [];
  const active = chosen.in === data ? chosen.at : -1;
  const setActive = (at: number | ((now: number) => number)) =>
    setChosen({ in: data, at: typeof at === "function" ? at(active) : at });
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: Option) => {
    close();
    navigate(option.href);
  };

  const inputProps = {
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": `${id}-list`,
    "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
    onInput: () => {
      show();
      setActive(-1);
    },
    onBlur: close,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        show();
        if (options.length === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((at) => (at + step + options.length) % options.length);
      } else if (event.key === "Enter" && expanded && active >= 0 && options[active]) {
        // A chosen option opens; without one, Enter searches for the text (the form's submit).
        event.preventDefault();
        choose(options[active]);
      } else if (event.key === "Escape" && expanded) {
        event.preventDefault();
        close();
      }
    },
  } as const;

  const Icon = { product: Search, brand: Tag, category: Shapes };
  const list = (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label="Suggestions"
      hidden={!expanded}
      style={{ "--suggest-top": `${top}px` } as CSSProperties}
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-line bg-surface py-1 text-left text-fg shadow-lg max-sm:fixed max-sm:inset-x-2 max-sm:top-[var(--suggest-top)] max-sm:mt-0"
    >
      {options.map((option, i) => {
        const OptionIcon = Icon[option.kind];
        return (
          <li
            key={option.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Before the box's blur closes the list.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className={`flex cursor-pointer items-start gap-2 px-3 py-2 ${
              i === active ? "bg-brand-soft" : "hover:bg-surface-2"
            }`}
          >
            <OptionIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted" />
            <span className="min-w-0">
              <span className="block font-semibold">{option.label}</span>
              <span className="block text-xs text-muted">{option.detail}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
  return { inputProps, list, close };
}
