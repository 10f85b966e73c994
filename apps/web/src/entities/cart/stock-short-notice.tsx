// One notice for every line that asks for more packs than the customer's warehouse holds, with
// "Reduce all to available"; the cart and the checkout both show it, so Place order is never
// the first the buyer hears of it.
import { PackageX } from "lucide-react";
import type { CartItem } from "@trade-shop/contracts/cart";
import { useReduceToAvailable } from "./cart-queries";
import { buttonClass } from "@/lib/ui/button-styles";

export function stockShortText(count: number): string {
  return count === 1
    ? "One product asks for more than we have in stock."
    : `${count} products ask for more than we have in stock.`;
}

export function StockShortNotice({
  lines,
  busy,
  className = "",
}: {
  lines: CartItem[];
  busy: boolean;
  className?: string;
}) {
  const reduce = useReduceToAvailable();
  if (lines.length === 0) return null;
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center gap-3 rounded-xl border-2 border-danger bg-surface p-4 ${className}`}
    >
      <PackageX aria-hidden="true" className="size-5 shrink-0 text-danger" />
      <p className="min-w-0 flex-1 text-sm font-semibold">
        {stockShortText(lines.length)} Reduce them to what is available, or remove them, to place the order.
      </p>
      <button
        type="button"
        className={buttonClass("secondary")}
        disabled={busy}
        onClick={() => reduce.mutate(lines)}
      >
        Reduce all to available
      </button>
    </div>
  );
}
