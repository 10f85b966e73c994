// The Reorder button of an order and what it reports afterwards: how many lines went into the
// cart, prices that changed since the order, lines short of stock, and lines not added and why.
import { Link } from "react-router";
import { LoaderCircle, RotateCcw } from "lucide-react";
import type { Order } from "@trade-shop/contracts/orders";
import { appRoutes } from "@trade-shop/contracts/routes";
import { formatRand } from "../../../lib/format";
import { buttonClass } from "../../../lib/ui/button-styles";
import { useReorder } from "../api/reorder";
import type { ReorderReport } from "../reorder";

function Report({ report }: { report: ReorderReport }) {
  const listTitle = "mt-3 text-sm font-bold";
  const list = "mt-1 list-disc space-y-1 pl-5 text-sm";
  return (
    <>
      <p className="font-semibold">
        {report.added === 0
          ? "No products could be added to your cart."
          : `${report.added} ${report.added === 1 ? "product" : "products"} added to your cart at today's prices.`}
      </p>
      {report.priceChanges.length > 0 && (
        <>
          <h3 className={listTitle}>Prices changed since this order (per pack, excl. VAT)</h3>
          <ul className={list}>
            {report.priceChanges.map((change) => (
              <li key={change.productId}>
                {change.description}: was {formatRand(change.was)}, now {formatRand(change.now)}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.stockShort.length > 0 && (
        <>
          <h3 className={listTitle}>Not enough stock</h3>
          <ul className={list}>
            {report.stockShort.map((line) => (
              <li key={line.productId}>
                {line.description}:{" "}
                {line.available === 0
                  ? "out of stock"
                  : `${line.inCart} in your cart, ${line.available} available`}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.notAdded.length > 0 && (
        <>
          <h3 className={listTitle}>Not added</h3>
          <ul className={list}>
            {report.notAdded.map((line) => (
              <li key={line.productId}>
                {line.description}: {line.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.added > 0 && (
        <Link to={appRoutes.cart} className={`${buttonClass("secondary")} mt-4`}>
          View Cart
        </Link>
      )}
    </>
  );
}

export function ReorderPanel({ order }: { order: Order }) {
  const reorder = useReorder();
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <button
        type="button"
        className={buttonClass()}
        disabled={reorder.isPending || order.orderLines.length === 0}
        onClick={() => reorder.mutate(order)}
      >
        {reorder.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <RotateCcw aria-hidden="true" className="size-4" />
        )}
        {reorder.isPending ? "Adding to cart…" : "Reorder"}
      </button>
      <div role="status" aria-live="polite" className="w-full max-w-2xl empty:hidden">
        {reorder.data && (
          <div className="rounded-xl border border-line bg-surface p-4">
            <h2 className="text-lg font-bold">Reorder</h2>
            <Report report={reorder.data.report} />
          </div>
        )}
      </div>
    </div>
  );
}
