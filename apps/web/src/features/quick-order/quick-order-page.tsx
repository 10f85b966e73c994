// /quick-order (issue 16): the fastest way to fill a cart. A buyer pastes lines from a
// spreadsheet or a message, or uploads a CSV file, and checks them: every line comes back with
// its product, price for the quantity and a status, so unknown codes, liquor without a licence,
// short stock and wrong quantities are seen and fixed (in the box) before anything is added.
// "Add to cart" then puts every good line on the cart in one go and says what it could not add.
import { useId, useRef, useState, type ChangeEvent, type Ref } from "react";
import { Link } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Download, ListChecks, ShoppingCart, Upload } from "lucide-react";
import {
  quickOrderRoutes,
  type CartAfterAddItems,
  type QuickOrderPreview,
  type QuickOrderPreviewLine,
  type QuickOrderStatus,
} from "@trade-shop/contracts/quick-order";
import { appRoutes } from "@trade-shop/contracts/routes";
import { apiRequest } from "../../lib/api-client";
import { ITEMS_ADDED, ITEMS_ADDED_TITLE, useAddItemsToCart } from "../../lib/cart/cart-queries";
import { formatRand } from "../../lib/format";
import { formatCount, packText } from "../../lib/products/product-labels";
import { useShopper } from "../../lib/shopper";
import { buttonClass } from "../../lib/ui/button-styles";
import { LoginPrompt } from "../../lib/ui/login-prompt";
import { successToast } from "../../lib/ui/toasts";
import { useDocumentTitle } from "../../lib/use-document-title";
import { parseQuickOrderLines, SAMPLE_CSV } from "./parse-lines";

const STATUS_TEXT: Record<QuickOrderStatus, string> = {
  ok: "Ready",
  unknown_code: "Unknown code",
  not_allowed: "Not allowed",
  short_stock: "Short stock",
  invalid_quantity: "Wrong quantity",
  duplicate: "Merged",
};

/** Lines the add sends: ready ones, and short ones (which get what there is). */
const addable = (line: QuickOrderPreviewLine) =>
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

function PreviewLine({ line }: { line: QuickOrderPreviewLine }) {
  const product = line.product;
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
        <span className="tabular-nums">{formatCount(line.quantity)} packs</span>
        {line.lineTotalIncl !== null && line.status !== "duplicate" && (
          <span className="block font-bold tabular-nums">
            {formatRand(line.lineTotalIncl)} <span className="text-xs font-normal text-muted">incl. VAT</span>
          </span>
        )}
        {line.dealApplies && <span className="block text-xs font-semibold text-brand">Deal price</span>}
      </p>
    </li>
  );
}

function AddResult({
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

export function QuickOrderPage() {
  useDocumentTitle("Quick order");
  const shopper = useShopper();
  const id = useId();
  const [text, setText] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [leftToFix, setLeftToFix] = useState(0);
  const results = useRef<HTMLHeadingElement>(null);
  const added = useRef<HTMLDivElement>(null);
  const preview = useMutation({
    mutationFn: (lines: ReturnType<typeof parseQuickOrderLines>["lines"]) =>
      apiRequest(quickOrderRoutes.preview, { body: { lines } }),
    onSuccess: () => requestAnimationFrame(() => results.current?.focus()),
  });
  const add = useAddItemsToCart();

  if (shopper === null) return <LoginPrompt what="the quick order pad" />;

  const check = (source = text) => {
    add.reset();
    const parsed = parseQuickOrderLines(source);
    if (parsed.lines.length === 0) {
      setFormError("Paste or type at least one line: a product code and a quantity.");
      return;
    }
    setFormError(
      parsed.tooMany ? "Only the first 500 lines are checked; add the rest in a second go." : null,
    );
    preview.mutate(parsed.lines);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const content = await file.text();
    setText(content);
    check(content);
  };

  const answer: QuickOrderPreview | undefined = preview.data;
  const toAdd = answer?.lines.filter(addable) ?? [];
  const attention = answer?.lines.filter((l) => l.status !== "ok" && l.status !== "duplicate").length ?? 0;

  const addAll = () => {
    add.mutate(
      {
        items: toAdd.map((line) => ({
          skuCode: line.product!.skuCode,
          quantity: line.quantity,
          dealReference: line.dealApplies ? line.product!.dealReference : null,
        })),
      },
      {
        onSuccess: () => {
          successToast(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED });
          // The lines not sent stay in the box to be fixed; nothing leaves it unseen.
          const left = answer!.lines.filter((line) => !addable(line) && line.status !== "duplicate");
          setText(left.map((line) => `${line.code}, ${line.quantity}`).join("\n"));
          setLeftToFix(left.length);
          preview.reset();
          // The checked lines fold away: the buyer goes on from what was added.
          requestAnimationFrame(() => added.current?.focus());
        },
      },
    );
  };

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Quick order
      </h1>
      <p className="mt-2 max-w-prose text-muted">
        Paste lines from a spreadsheet or a message, one product a line: its code, barcode or description,
        then the number of packs. Check them, fix what is marked, and add them all to your cart at once.
      </p>

      <form
        className="mt-4 grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <label htmlFor={`${id}-lines`} className="font-semibold">
          Lines (code, quantity)
        </label>
        <textarea
          id={`${id}-lines`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          spellCheck={false}
          placeholder={"CHP1374, 6\n6000012000375\t2\nSimba Chips 125g 3"}
          aria-invalid={formError !== null && formError.startsWith("Paste")}
          aria-describedby={formError ? `${id}-error` : undefined}
          className="w-full rounded-lg border border-line bg-surface p-3 font-mono text-base text-fg"
        />
        {formError && (
          <p id={`${id}-error`} className="text-sm font-semibold text-danger">
            {formError}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass()} aria-disabled={preview.isPending}>
            <ListChecks aria-hidden="true" className="size-4" />
            {preview.isPending ? "Checking…" : "Check lines"}
          </button>
          <label className={`${buttonClass("secondary")} cursor-pointer focus-within:ring-2`}>
            <Upload aria-hidden="true" className="size-4" />
            Upload a CSV file
            <input type="file" accept=".csv,.txt,text/csv,text/plain" className="sr-only" onChange={upload} />
          </label>
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`}
            download="quick-order-sample.csv"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            Download a sample file
          </a>
        </div>
      </form>

      {answer && (
        <section
          aria-labelledby={`${id}-results`}
          className="mt-6 rounded-xl border border-line bg-surface p-4"
        >
          <h2 id={`${id}-results`} ref={results} tabIndex={-1} className="text-lg font-bold outline-none">
            {formatCount(answer.lines.length)} {answer.lines.length === 1 ? "line" : "lines"} checked
            {attention > 0 ? ` · ${formatCount(attention)} to fix` : " · all ready"}
          </h2>
          <ul aria-label="Checked lines" className="mt-2">
            {answer.lines.map((line) => (
              <PreviewLine key={line.line} line={line} />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="font-bold tabular-nums">
              {formatRand(answer.totalIncl)}{" "}
              <span className="text-sm font-normal text-muted">incl. VAT, ready lines</span>
            </p>
            <button
              type="button"
              className={buttonClass()}
              aria-disabled={toAdd.length === 0 || add.isPending}
              onClick={() => {
                if (toAdd.length > 0 && !add.isPending) addAll();
              }}
            >
              <ShoppingCart aria-hidden="true" className="size-4" />
              {toAdd.length === 1 ? "Add 1 line to cart" : `Add ${formatCount(toAdd.length)} lines to cart`}
            </button>
          </div>
          {attention > 0 && (
            <p className="mt-2 text-sm text-muted">
              Lines marked to fix are not added (a short one gets what there is). Correct them in the box and
              check again, or add the ready ones now.
            </p>
          )}
        </section>
      )}
      {add.data && <AddResult ref={added} result={add.data} leftToFix={leftToFix} />}
    </section>
  );
}
