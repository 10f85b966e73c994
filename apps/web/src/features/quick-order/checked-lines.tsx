// The quick order pad's checked lines: each line's status, product (and the words it was read
// from, when the search read it), the packs Add puts on the cart and their value, the products
// to choose from when the words fit several, and what an add reports afterwards. A reorder
// passes the old order's unit prices, so a line whose price changed since says what it was.
import type { Ref } from "react";
import { Link } from "react-router";
import { AlertTriangle, CheckCircle2, Search, ShoppingCart } from "lucide-react";
import type { Product } from "@trade-shop/contracts/catalogue";
import { toCents } from "@trade-shop/contracts/common";
import type {
  CartAfterAddItems,
  QuickOrderPreviewLine,
  QuickOrderStatus,
} from "@trade-shop/contracts/quick-order";
import { appRoutes } from "@trade-shop/contracts/routes";
import { formatRand } from "@/lib/format";
import { formatCount, packText } from "@/entities/products";
import { buttonClass } from "@/lib/ui/button-styles";

const STATUS_TEXT: Record<QuickOrderStatus, string> = {
  ok: "Ready",
  unknown_code: "Unknown code",
  not_found: "Not found",
  choose: "Choose one",
  not_allowed: "Not allowed",
  short_stock: "Short stock",
  invalid_quantity: "Wrong quantity",
  duplicate: "Merged",
};

/**
 * The badge's word for a line: a short line whose warehouse has none at all is out of stock, as
 * its sentence ("Out of stock.") and the product cards say; one with some is short.
 */
export function statusText(line: Pick<QuickOrderPreviewLine, "status" | "available" | "inCart">): string {
  const none = line.status === "short_stock" && line.available === 0 && line.inCart === 0;
  return none ? "Out of stock" : STATUS_TEXT[line.status];
}

/** Lines the add sends: those that showed packs to add (ready ones, and short ones with what there is). */
export const addable = (line: QuickOrderPreviewLine) => line.product !== null && line.addQuantity > 0;

const packsText = (packs: number) => `${formatCount(packs)} ${packs === 1 ? "pack" : "packs"}`;

/** The products a line's words fit, to take one: buttons, each the product with its pack and price. */
function Choices({
  line,
  onChoose,
  disabled,
}: {
  line: QuickOrderPreviewLine;
  onChoose: (product: Product) => void;
  disabled: boolean;
}) {
  return (
    <ul aria-label={`Products for ${line.code}`} className="mt-2 grid gap-1.5">
      {line.choices.map((product) => (
        <li key={product.skuCode}>
          <button
            type="button"
            aria-disabled={disabled}
            onClick={() => {
              if (!disabled) onChoose(product);
            }}
            className="flex min-h-11 w-full flex-wrap items-center justify-between gap-x-3 rounded-lg border border-line bg-surface px-3 py-2 text-left hover:bg-surface-2 aria-disabled:cursor-wait"
          >
            <span className="font-semibold">{product.skuDescription}</span>
            <span className="text-sm text-muted">
              {product.skuCode} · {packText(product)} · {formatRand(product.listPriceIncl)} incl. VAT
              {product.stockOnHand <= 0 && <span className="font-semibold text-danger"> · Out of stock</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ line }: { line: QuickOrderPreviewLine }) {
  const good = line.status === "ok" || line.status === "duplicate";
  const Icon = good ? CheckCircle2 : AlertTriangle;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${
        good ? "bg-brand-soft text-brand" : "bg-danger/10 text-danger"
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {statusText(line)}
    </span>
  );
}

/** Unit prices excl. VAT a reorder's old order charged, by SKU code. */
export type EarlierPrices = ReadonlyMap<string, number>;

export function PreviewLine({
  line,
  earlier,
  onChoose,
  busy = false,
}: {
  line: QuickOrderPreviewLine;
  earlier?: EarlierPrices;
  /** A product taken from the line's choices. */
  onChoose?: (line: QuickOrderPreviewLine, product: Product) => void;
  busy?: boolean;
}) {
  const product = line.product;
  const was = product ? earlier?.get(product.skuCode) : undefined;
  const now =
    line.lineTotalExcl !== null && line.addQuantity > 0 ? line.lineTotalExcl / line.addQuantity : null;
  const changed = was !== undefined && now !== null && toCents(was) !== toCents(now);
  return (
    <li className="grid gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[3rem_minmax(0,1fr)_auto] sm:gap-3">
      <span className="text-sm tabular-nums text-muted">Line {line.line}</span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge line={line} />
          <span className="break-all font-mono text-sm text-muted">{line.code}</span>
        </p>
        {product && (
          <p className="mt-1 font-semibold">
            <Link
              to={`${appRoutes.products}/${encodeURIComponent(product.skuCode)}`}
              className="hover:underline"
            >
              {product.skuDescription}
            </Link>{" "}
            <span className="text-sm font-normal text-muted">
              · {product.skuCode} · {packText(product)}
            </span>
          </p>
        )}
        {product && line.matchedBy === "search" && (
          <p className="mt-1 text-sm text-muted">
            Read from the words {quote(line.code)}
            {line.searchedFor && `, searched as ${quote(line.searchedFor)}`}
          </p>
        )}
        {line.message && (
          <p
            className={`mt-1 text-sm ${line.status === "duplicate" ? "text-muted" : line.status === "choose" ? "font-semibold" : "text-danger"}`}
          >
            {line.message}
            {line.status === "choose" && line.searchedFor && ` (Searched as ${quote(line.searchedFor)}.)`}
          </p>
        )}
        {line.status === "choose" && onChoose && (
          <Choices line={line} disabled={busy} onChoose={(chosen) => onChoose(line, chosen)} />
        )}
        {line.status === "not_found" && (
          <Link
            to={`${appRoutes.products}?searchText=${encodeURIComponent(line.code)}`}
            className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand underline"
          >
            <Search aria-hidden="true" className="size-4" />
            Search the shop for {quote(line.code)}
          </Link>
        )}
      </div>
      <p className="text-sm sm:text-right">
        <span className="tabular-nums">
          {line.status === "short_stock" && line.addQuantity > 0
            ? `Adds ${formatCount(line.addQuantity)} of ${packsText(line.quantity)}`
            : packsText(line.quantity)}
        </span>
        {line.lineTotalIncl !== null && line.status !== "duplicate" && (
          <span className="block font-bold tabular-nums">
            {formatRand(line.lineTotalIncl)} <span className="text-xs font-normal text-muted">incl. VAT</span>
          </span>
        )}
        {line.dealApplies && <span className="block text-xs font-semibold text-brand">Deal price</span>}
        {changed && (
          <span className="block text-xs text-muted">
            Was {formatRand(was)}, now {formatRand(now)} a pack excl. VAT
          </span>
        )}
      </p>
    </li>
  );
}

const quote = (text: string) => `\u201c${text}\u201d`;

export function AddResult({
  result,
  leftToFix,
  ref,
}: {
  result: CartAfterAddItems;
  leftToFix: number;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mt-4 rounded-xl border border-line bg-surface p-4 outline-none"
    >
      <p className="font-bold">
        {result.addedCount === 1 ? "1 line added" : `${formatCount(result.addedCount)} lines added`} to your
        cart.
      </p>
      {result.notAdded.length > 0 && (
        <>
          <p className="mt-2 text-sm">Not added in full:</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {result.notAdded.map((item) => (
              <li key={item.skuCode}>
                {item.skuCode}: {item.message}
                {item.added > 0 && ` ${formatCount(item.added)} added.`}
              </li>
            ))}
          </ul>
        </>
      )}
      {leftToFix > 0 && (
        <p className="mt-2 text-sm">
          {leftToFix === 1 ? "1 line is" : `${formatCount(leftToFix)} lines are`} left in the box to fix and
          check again.
        </p>
      )}
      <Link to={appRoutes.cart} className={`${buttonClass("secondary")} mt-3`}>
        <ShoppingCart aria-hidden="true" className="size-4" />
        Go to cart
      </Link>
    </div>
  );
}
