// Changing an order's lines from its page (docs/rules.md "Changing an order"): while the order
// waits for approval or has not gone to us yet, its quantities can be changed, lines dropped and
// products added. The new total shown is worked out from the lines' prices; the shop prices the
// lines again on saving, and when that comes to another total (a deal, a price changed, a product
// added) it says the total and asks to save again. A Viewer sees no button (the server refuses anyway).
import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PencilLine, Plus, Trash2 } from "lucide-react";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { catalogueSearchRoutes } from "@trade-shop/contracts/catalogue-search";
import { orderRoutes, type Order } from "@trade-shop/contracts/orders";
import { ACCOUNT_KEY } from "@/entities/account";
import { useMembership } from "@/entities/buyers";
import { ORDERS_KEY } from "@/entities/orders";
import { ApiError, apiRequest } from "@/lib/api-client";
import { formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { inputClass, labelClass } from "@/lib/ui/form-controls";
import { successToast } from "@/lib/ui/toasts";

interface EditLine {
  productId: string;
  description: string;
  quantity: number;
  /** Rand incl. and excl. VAT per pack as the order priced it; null for a product added here. */
  unitIncl: number | null;
  unitExcl: number | null;
}

/** The quantity box: narrow beside its line, as on the cart. */
const QUANTITY_INPUT =
  "min-h-11 w-20 shrink-0 rounded-lg border border-line bg-surface px-2 py-2 text-right text-base tabular-nums text-fg";

interface Totals {
  totalPriceIncl: number;
  totalPriceExcl: number;
}

const linesOf = (order: Order): EditLine[] =>
  order.orderLines.map((line) => ({
    productId: line.productId,
    description: line.productDescription,
    quantity: line.quantity,
    unitIncl: line.totalPriceIncl / line.quantity,
    unitExcl: line.totalPriceExcl / line.quantity,
  }));

/** The lines' totals from their known prices; null while an added product is unpriced. */
function estimate(lines: readonly EditLine[]): Totals | null {
  let incl = 0;
  let excl = 0;
  for (const line of lines) {
    if (line.quantity === 0) continue;
    if (line.unitIncl === null || line.unitExcl === null) return null;
    incl += Math.round(toCents(line.unitIncl) * line.quantity);
    excl += Math.round(toCents(line.unitExcl) * line.quantity);
  }
  return { totalPriceIncl: toRand(incl), totalPriceExcl: toRand(excl) };
}

const sameRequest = (a: readonly EditLine[], b: readonly EditLine[]) =>
  a.length === b.length &&
  a.every((line, i) => line.productId === b[i]!.productId && line.quantity === b[i]!.quantity);

function useChangeLines(order: Order) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lines, totals }: { lines: readonly EditLine[]; totals: Totals }) =>
      apiRequest(orderRoutes.changeLines, {
        params: { id: order.id },
        body: {
          orderLines: lines
            .filter((line) => line.quantity > 0)
            .map((line) => ({ productId: line.productId, quantity: line.quantity })),
          ...totals,
          linesChangedAt: order.linesChangedAt,
        },
        // Refusals are said beside the lines, where they can be fixed.
        quiet: true,
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ORDERS_KEY });
      await client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
  });
}

/** Products for the words typed, to add to the order (the search box's suggestions). */
function AddProduct({ onAdd }: { onAdd: (product: { skuCode: string; description: string }) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const q = text.trim();
  const found = useQuery({
    queryKey: ["suggest", q],
    queryFn: ({ signal }) => apiRequest(catalogueSearchRoutes.suggest, { query: { q }, signal, quiet: true }),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
  const products = q.length >= 2 ? (found.data?.products.slice(0, 5) ?? []) : [];
  return (
    <div className="mt-4">
      <label htmlFor={id} className={labelClass}>
        Add a product
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder="Name, brand or size"
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        className={inputClass(false)}
      />
      {products.length > 0 && (
        <ul aria-label="Products to add" className="mt-2 divide-y divide-line rounded-lg border border-line">
          {products.map((product) => (
            <li key={product.skuCode} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0 text-sm">{product.description}</span>
              <button
                type="button"
                className={buttonClass("secondary")}
                aria-label={`Add ${product.description}`}
                onClick={() => {
                  onAdd(product);
                  setText("");
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      {q.length >= 2 && found.isSuccess && products.length === 0 && (
        <p className="mt-2 text-sm text-muted">No product found for &ldquo;{q}&rdquo;.</p>
      )}
    </div>
  );
}

function Editor({ order, onDone }: { order: Order; onDone: () => void }) {
  const id = useId();
  const change = useChangeLines(order);
  const [lines, setLines] = useState(() => linesOf(order));
  // The totals the shop priced these exact lines at, once it said they differ from the estimate.
  const [quote, setQuote] = useState<{ lines: EditLine[]; totals: Totals } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kept = lines.filter((line) => line.quantity > 0);
  const estimated = estimate(lines);
  const quoted = quote && sameRequest(quote.lines, lines) ? quote.totals : null;

  const setQuantity = (productId: string, quantity: number) => {
    setProblem(null);
    setLines((now) => now.map((line) => (line.productId === productId ? { ...line, quantity } : line)));
  };

  const save = () => {
    setProblem(null);
    if (kept.length === 0) {
      setProblem("Keep at least one line. To drop them all, cancel the order instead.");
      return;
    }
    // Unknown prices go as 0: the shop answers with what the lines come to.
    const totals = quoted ?? estimated ?? { totalPriceIncl: 0, totalPriceExcl: 0 };
    change.mutate(
      { lines, totals },
      {
        onSuccess: (changed) => {
          successToast("Order changed", {
            description: `Order ${changed.orderId} now comes to ${formatRand(changed.totalPriceIncl)} incl. VAT.`,
          });
          onDone();
        },
        onError: (error) => {
          const answer = error instanceof ApiError ? error.problem : undefined;
          if (answer?.code === "prices_changed") {
            const repriced = (answer as unknown as { repriced?: Totals }).repriced;
            if (repriced) {
              setQuote({ lines, totals: repriced });
              return;
            }
          }
          setProblem(error.message);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 max-w-3xl rounded-xl border-2 border-brand bg-surface p-4"
    >
      <h2 id={`${id}-title`} className="font-bold">
        Change order {order.orderId}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Set a quantity to 0 to drop a line. It is checked against stock, your credit and order limit when you
        save.
      </p>
      <ul aria-label="Lines of the changed order" className="mt-3 divide-y divide-line">
        {lines.map((line) => (
          <li key={line.productId} className="flex items-center gap-2 py-2">
            <label htmlFor={`${id}-${line.productId}`} className="min-w-0 flex-1 text-sm">
              {line.description}
              <span className="block text-muted">
                {line.unitIncl === null
                  ? "Priced when you save"
                  : `${formatRand(line.unitIncl)} each incl. VAT`}
              </span>
            </label>
            <input
              id={`${id}-${line.productId}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={99999}
              value={line.quantity}
              onChange={(event) =>
                setQuantity(
                  line.productId,
                  Math.max(0, Math.min(99_999, Math.trunc(Number(event.target.value) || 0))),
                )
              }
              className={QUANTITY_INPUT}
            />
            <button
              type="button"
              className={`${buttonClass("secondary")} shrink-0 px-3`}
              aria-label={`Drop ${line.description}`}
              disabled={line.quantity === 0}
              onClick={() => setQuantity(line.productId, 0)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <AddProduct
        onAdd={(product) => {
          setProblem(null);
          setLines((now) =>
            now.some((line) => line.productId === product.skuCode)
              ? now.map((line) =>
                  line.productId === product.skuCode ? { ...line, quantity: line.quantity + 1 } : line,
                )
              : [
                  ...now,
                  {
                    productId: product.skuCode,
                    description: product.description,
                    quantity: 1,
                    unitIncl: null,
                    unitExcl: null,
                  },
                ],
          );
        }}
      />
      <div className="mt-4 border-t border-line pt-3" aria-live="polite">
        {quoted ? (
          <p className="font-semibold">
            Priced now, the changed order comes to {formatRand(quoted.totalPriceIncl)} incl. VAT (
            {formatRand(quoted.totalPriceExcl)} excl.). Save again to confirm.
          </p>
        ) : (
          <p>
            Was {formatRand(order.totalPriceIncl)} incl. VAT
            {estimated !== null && kept.length > 0 && (
              <>; about {formatRand(estimated.totalPriceIncl)} with these changes</>
            )}
            .
          </p>
        )}
        {problem && (
          <p role="alert" className="mt-2 font-semibold text-danger">
            {problem}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass()} disabled={change.isPending} onClick={save}>
          {quoted ? "Save at this total" : "Save changes"}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onDone}>
          Keep the order as it was
        </button>
      </div>
    </section>
  );
}

export function ChangeOrder({ order }: { order: Order }) {
  const membership = useMembership().data;
  const [editing, setEditing] = useState(false);
  if (!order.changeable || !membership || membership.accountRole === "Viewer") return null;
  if (editing) return <Editor order={order} onDone={() => setEditing(false)} />;
  return (
    <button
      type="button"
      className={`${buttonClass("secondary")} mt-4 mr-2`}
      onClick={() => setEditing(true)}
    >
      <PencilLine aria-hidden="true" className="size-4" />
      Change order
    </button>
  );
}
