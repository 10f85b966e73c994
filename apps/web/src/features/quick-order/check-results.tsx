// The answer of a check: how many lines and how many to fix, each line as checked (a choice to
// make where the words fit several products), the lines that are no order with their reasons,
// the total of exactly what Add puts on the cart and whether the cart would then be over the
// credit left, "Save to an order list" and "Add n lines to cart" (held while the box has
// changed since the check).
import { useId, type Ref } from "react";
import { ShoppingCart } from "lucide-react";
import { toCents, toRand } from "@trade-shop/contracts/common";
import type { Product } from "@trade-shop/contracts/catalogue";
import type { ReadLine } from "@trade-shop/contracts/order-lines";
import type { QuickOrderPreview, QuickOrderPreviewLine } from "@trade-shop/contracts/quick-order";
import { AddToOrderList } from "@/entities/order-lists";
import { formatCount } from "@/entities/products";
import { formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { PreviewLine, type EarlierPrices } from "./checked-lines";

interface CheckResultsProps {
  answer: QuickOrderPreview;
  /** A reorder's unit prices, to name the prices that changed since. */
  earlier: EarlierPrices | undefined;
  /** The heading, focused once a check the buyer asked for answers. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The lines an add sends. */
  toAdd: readonly QuickOrderPreviewLine[];
  /** The box changed since the check. */
  stale: boolean;
  /** A check or an add is on its way. */
  busy: boolean;
  onAddAll: () => void;
  /** A product taken from a line's choices. */
  onChoose: (line: QuickOrderPreviewLine, product: Product) => void;
  /** The lines of the box that are no order (a greeting, a heading), each with its reason. */
  skipped: readonly ReadLine[];
  /** An add found higher prices and the lines were checked again. */
  pricesChanged: boolean;
}

export function CheckResults({
  answer,
  earlier,
  headingRef,
  toAdd,
  stale,
  busy,
  onAddAll,
  onChoose,
  skipped,
  pricesChanged,
}: CheckResultsProps) {
  const id = useId();
  const attention = answer.lines.filter((l) => l.status !== "ok" && l.status !== "duplicate").length;
  const cartAfterCents = toCents(answer.cartTotalIncl) + toCents(answer.totalIncl);
  const overCredit = toCents(answer.totalIncl) > 0 && cartAfterCents > toCents(answer.creditLeft);
  const forList = answer.lines.filter(
    (line) => line.product !== null && line.status !== "duplicate" && line.status !== "invalid_quantity",
  );
  const cannotAdd = toAdd.length === 0 || busy || stale;
  return (
    <section aria-labelledby={`${id}-results`} className="mt-6 rounded-xl border border-line bg-surface p-4">
      <h2 id={`${id}-results`} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
        {formatCount(answer.lines.length)} {answer.lines.length === 1 ? "line" : "lines"} checked
        {attention > 0 ? ` · ${formatCount(attention)} to fix` : " · all ready"}
      </h2>
      <ul aria-label="Checked lines" className="mt-2">
        {answer.lines.map((line) => (
          <PreviewLine key={line.line} line={line} earlier={earlier} onChoose={onChoose} busy={busy} />
        ))}
      </ul>
      {skipped.length > 0 && (
        <div className="mt-3 border-t border-line pt-3">
          <h3 className="text-sm font-bold">
            {skipped.length === 1 ? "1 line is" : `${formatCount(skipped.length)} lines are`} not an order
          </h3>
          <ul aria-label="Lines that are not an order" className="mt-1 grid gap-1 text-sm">
            {skipped.map((entry) =>
              entry.kind === "skipped" ? (
                <li key={entry.row} className="text-muted">
                  <span className="break-all font-mono">{entry.text}</span>: {entry.reason}
                </li>
              ) : null,
            )}
          </ul>
        </div>
      )}
      {pricesChanged && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          Prices changed since you checked these lines, so nothing was added. They are checked again at
          today&apos;s prices: look at the total, then add.
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-bold tabular-nums">
          {formatRand(answer.totalIncl)}{" "}
          <span className="text-sm font-normal text-muted">incl. VAT, what Add puts on your cart</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <AddToOrderList
            label="Save to an order list"
            disabled={forList.length === 0}
            lines={() => forList.map((line) => ({ skuCode: line.product!.skuCode, quantity: line.quantity }))}
            what={`${forList.length === 1 ? "1 line" : `${formatCount(forList.length)} lines`} from the quick order pad`}
          />
          <button
            type="button"
            className={buttonClass()}
            aria-disabled={cannotAdd}
            onClick={() => {
              if (!cannotAdd) onAddAll();
            }}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            {toAdd.length === 1 ? "Add 1 line to cart" : `Add ${formatCount(toAdd.length)} lines to cart`}
          </button>
        </div>
      </div>
      {overCredit && (
        <p className="mt-2 text-sm font-semibold">
          Your cart would then come to {formatRand(toRand(cartAfterCents))} incl. VAT, more than your credit
          left of {formatRand(answer.creditLeft)}. You can add the lines, but an order must fit within your
          credit.
        </p>
      )}
      {stale && (
        <p className="mt-2 text-sm font-semibold">
          The lines changed since they were checked: check them again before adding.
        </p>
      )}
      {attention > 0 && (
        <p className="mt-2 text-sm text-muted">
          Lines marked to fix are not added (a short one adds what there is, as shown). Choose a product where
          asked, correct the rest in the box and check again, or add the ready ones now.
        </p>
      )}
    </section>
  );
}
