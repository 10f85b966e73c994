// The quick order pad's checked lines: each line's status, product, packs and price
// at that quantity, and what an add reports afterwards. A reorder passes the old order's unit
// prices, so a line whose price changed since says what it was.
import type { Ref } from "react";
import { Link } from "react-router";
import { AlertTriangle, CheckCircle2, ShoppingCart } from "lucide-react";
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
  not_allowed: "Not allowed",
  short_stock: "Short stock",
  invalid_quantity: "Wrong quantity",
  duplicate: "Merged",
};

/** Lines the add sends: ready ones, and short ones (which get what there is). */
export const addable = (line: QuickOrderPreviewLine) =>
  (line.status === "ok" || line.status === "short_stock") &&
  line.product !== null &&
  (line.available ?? 0) > 0;

function StatusBadge({ status }: { status: QuickOrderStatus }) {
  const good = status === "ok" || status === "duplicate";
  const Icon = good ? CheckCircle2 : AlertTriangle;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${
        good ? "bg-brand-soft text-brand" : "bg-danger/10 text-danger"
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_TEXT[status]}
    </span>
  );
}

/** Unit prices excl. VAT a reorder's old order charged, by SKU code. */
export type EarlierPrices = ReadonlyMap<string, number>;

export function PreviewLine({ line, earlier }: { line: QuickOrderPreviewLine; earlier?: EarlierPrices }) {
  const product = line.product;
  const was = product ? earlier?.get(product.skuCode) : undefined;
  const now = line.lineTotalExcl !== null && line.quantity > 0 ? line.lineTotalExcl / line.quantity : null;
  const changed = was !== undefined && now !== null && toCents(was) !== toCents(now);
  return (
    <li className="grid gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[3rem_minmax(0,1fr)_auto] sm:gap-3">
      <span className="text-sm tabular-nums text-muted">Line {line.line}</span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={line.status} />
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
        {line.message && (
          <p className={`mt-1 text-sm ${line.status === "duplicate" ? "text-muted" : "text-danger"}`}>
            {line.message}
          </p>
        )}
      </div>
      <p className="text-sm sm:text-right">
        <span className="tabular-nums">
          {formatCount(line.quantity)} {line.quantity === 1 ? "pack" : "packs"}
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
