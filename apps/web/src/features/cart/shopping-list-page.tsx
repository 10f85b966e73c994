// The frame /cart and /wish-list share: the title, then a login prompt, the spinner, an empty
// notice or the list's lines, each line with its picture, description, brand, pack and code.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Trash2, type LucideIcon } from "lucide-react";
import type { CartItem } from "@trade-shop/contracts/cart";
import { DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";
import { packText, productPath } from "@/entities/products";
import { LineImage } from "./components/line-image";
import type { Shopper } from "@/entities/shopper";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";

export const removeButtonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-danger aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

interface ShoppingListPageProps {
  title: string;
  /** The list as the login prompt and the spinner name it: "cart", "wishlist". */
  what: string;
  shopper: Shopper | null;
  isLoading: boolean;
  emptyIcon: LucideIcon;
  emptyText: string;
  className?: string;
  /** The lines; nothing (false, null) while the list is empty, which shows the empty notice. */
  children: ReactNode;
}

export function ShoppingListPage(props: ShoppingListPageProps) {
  const { title, what, shopper, isLoading, emptyIcon: EmptyIcon, emptyText, className, children } = props;
  useDocumentTitle(title);

  let body;
  if (shopper === null) body = <LoginPrompt what={what} />;
  else if (isLoading) body = <Loading label={`Loading your ${what}`} />;
  else if (!children) {
    body = (
      <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6">
        <p className="flex items-center gap-2 text-muted">
          <EmptyIcon aria-hidden="true" className="size-5" />
          {emptyText}
        </p>
        <Link to={DEFAULT_LANDING} className={buttonClass()}>
          Browse products
        </Link>
      </div>
    );
  } else body = children;

  return (
    <section aria-labelledby="page-title" className={[className, "py-6 sm:py-8"].filter(Boolean).join(" ")}>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {title}
      </h1>
      {body}
    </section>
  );
}

interface ShoppingListLinesProps {
  /** The list's accessible name: "Products in your cart". */
  label: string;
  busy: boolean;
  className?: string;
  children: ReactNode;
}

export function ShoppingListLines({ label, busy, className, children }: ShoppingListLinesProps) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy}
      className={[className, "divide-y divide-line rounded-xl border border-line bg-surface px-4"]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </ul>
  );
}

type LineFacts = Pick<
  CartItem,
  "productId" | "productDescription" | "brand" | "imageUrl" | "packSize" | "capacity"
>;

interface ShoppingListLineProps {
  line: LineFacts;
  busy: boolean;
  /** Shown under the description, brand, pack and code. */
  children: ReactNode;
  /** The line's own controls, above its Remove button. */
  actions: ReactNode;
  /** How the column of controls lines up on a phone. */
  actionsClassName: string;
  removeLabel: string;
  onRemove: () => void;
}

export function ShoppingListLine(props: ShoppingListLineProps) {
  const { line, busy, onRemove } = props;
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-3 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <LineImage imageUrl={line.imageUrl} size="md" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold leading-snug">
          <Link to={productPath(line.productId)} className="hover:text-brand hover:underline">
            {line.productDescription}
          </Link>
        </h2>
        <p className="text-sm text-muted">
          {line.brand} · {packText(line)} · Code {line.productId}
        </p>
        {props.children}
      </div>
      <div
        className={`col-span-2 flex flex-wrap sm:col-span-1 sm:flex-col sm:items-end ${props.actionsClassName}`}
      >
        {props.actions}
        {/* While the list is busy the button stays focusable and announced, but does nothing. */}
        <button
          type="button"
          className={removeButtonClass}
          aria-disabled={busy}
          aria-label={props.removeLabel}
          onClick={() => {
            if (!busy) onRemove();
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </button>
      </div>
    </li>
  );
}
