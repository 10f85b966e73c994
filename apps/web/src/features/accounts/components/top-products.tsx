// The products the customer buys most over the last twelve months, by spend or by packs, each
// a link back to the product so a regular can be reordered in two taps.
import { useState } from "react";
import { Link } from "react-router";
import type { TopProductsBy } from "@trade-shop/contracts/reports";
import { appRoutes } from "@trade-shop/contracts/routes";
import { formatRand } from "@/lib/format";
import { useTopProducts } from "../api/reports";
import { ReportState } from "./report-state";

const CHOICES: { by: TopProductsBy; label: string }[] = [
  { by: "spend", label: "By spend" },
  { by: "quantity", label: "By quantity" },
];

export function TopProducts() {
  const [by, setBy] = useState<TopProductsBy>("spend");
  const query = useTopProducts(by);
  return (
    <div>
      <div
        role="group"
        aria-label="Rank products"
        className="inline-flex rounded-lg border border-line p-0.5"
      >
        {CHOICES.map((choice) => (
          <button
            key={choice.by}
            type="button"
            aria-pressed={by === choice.by}
            onClick={() => setBy(choice.by)}
            className="min-h-10 rounded-md px-3 text-sm font-semibold text-muted aria-pressed:bg-brand-soft aria-pressed:text-brand"
          >
            {choice.label}
          </button>
        ))}
      </div>
      <ReportState
        query={query}
        empty={(data) => data.products.length === 0}
        emptyText="No orders in the last 12 months."
      >
        {(data) => (
          <ol className="mt-3 divide-y divide-line">
            {data.products.map((product, index) => (
              <li key={product.skuCode} className="flex items-start gap-3 py-2.5">
                <span
                  aria-hidden="true"
                  className="w-5 shrink-0 text-right font-bold tabular-nums text-muted"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={`${appRoutes.products}/${encodeURIComponent(product.skuCode)}`}
                    className="font-semibold text-fg underline-offset-4 hover:underline"
                  >
                    {product.productDescription}
                  </Link>
                  <p className="text-sm text-muted">
                    {product.quantity} {product.quantity === 1 ? "pack" : "packs"} in {product.orderCount}{" "}
                    {product.orderCount === 1 ? "order" : "orders"}
                  </p>
                </div>
                <span className="shrink-0 font-semibold tabular-nums">{formatRand(product.totalIncl)}</span>
              </li>
            ))}
          </ol>
        )}
      </ReportState>
    </div>
  );
}
