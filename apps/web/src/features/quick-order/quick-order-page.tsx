// /quick-order: the fastest way to fill a cart. A buyer pastes lines from a
// spreadsheet or a message, uploads a CSV or Excel file, types them with a product finder, or
// scans barcodes (a USB or Bluetooth scanner anywhere on the page, or the phone's camera), and
// checks them: every line comes back with its product, price for the quantity and a status, so
// unknown codes, liquor without a licence, short stock and wrong quantities are seen and fixed
// (in the box) before anything is added. "Add to cart" then puts every good line on the cart in
// one go and says what it could not add. A reorder (?reorder={id}) fills the box with an old
// order's lines and checks them the same way, naming prices that changed since.
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from "react";
import { useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { Download, ListChecks, ScanBarcode, ShoppingCart, Upload } from "lucide-react";
import { quickOrderRoutes, type QuickOrderPreview } from "@trade-shop/contracts/quick-order";
import { apiRequest } from "../../lib/api-client";
import { CameraScanButton } from "../../lib/barcode/camera-scan-button";
import { ITEMS_ADDED, ITEMS_ADDED_TITLE, useAddItemsToCart } from "../../lib/cart/cart-queries";
import { formatRand } from "../../lib/format";
import { AddToOrderList } from "../../lib/order-lists/add-to-order-list";
import { useOrder } from "../../lib/orders/order-queries";
import { formatCount } from "../../lib/products/product-labels";
import { useShopper } from "../../lib/shopper";
import { buttonClass } from "../../lib/ui/button-styles";
import { LoginPrompt } from "../../lib/ui/login-prompt";
import { successToast } from "../../lib/ui/toasts";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AddResult, addable, PreviewLine, type EarlierPrices } from "./checked-lines";
import { useKeyboardWedge } from "./keyboard-wedge";
import { LineFinder } from "./line-finder";
import { addToPadText, parseQuickOrderLines, SAMPLE_CSV } from "./parse-lines";

/** A scan checks the pad after this pause, so a burst of scans is checked once. */
const CHECK_AFTER_SCAN_MS = 400;

const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) ||
  file.type === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** `?reorder={id}`: an old order's lines, to go through the same check as any other. */
function useReorderSource() {
  const [params] = useSearchParams();
  const id = Number(params.get("reorder") ?? "");
  const order = useOrder(id);
  const asked = params.has("reorder");
  return {
    order: Number.isInteger(id) && id > 0 ? order.data : undefined,
    failed: asked && (!order.valid || order.isError),
  };
}

export function QuickOrderPage() {
  useDocumentTitle("Quick order");
  const shopper = useShopper();
  const id = useId();
  const [text, setTextState] = useState("");
  // The box as last set, for scans that come faster than renders (two codes in one camera frame).
  const textNow = useRef("");
  const setText = (next: string) => {
    textNow.current = next;
    setTextState(next);
  };
  const [formError, setFormError] = useState<string | null>(null);
  const [leftToFix, setLeftToFix] = useState(0);
  const [scanned, setScanned] = useState("");
  const results = useRef<HTMLHeadingElement>(null);
  const added = useRef<HTMLDivElement>(null);
  const scanCheck = useRef<ReturnType<typeof setTimeout>>(undefined);
  const preview = useMutation({
    mutationFn: (lines: ReturnType<typeof parseQuickOrderLines>["lines"]) =>
      apiRequest(quickOrderRoutes.preview, { body: { lines } }),
  });
  const add = useAddItemsToCart();
  const { order: reorder, failed: reorderFailed } = useReorderSource();
  // The text the shown check was made of: lines changed since must be checked again before adding.
  const [checkedText, setCheckedText] = useState<string | null>(null);
  // Codes scanned or picked while an add is on its way, put on the pad once it is done.
  const waiting = useRef<[string, number][]>([]);
  const earlier: EarlierPrices | undefined = useMemo(
    () => reorder && new Map(reorder.orderLines.map((l) => [l.productId, l.unitPriceExcl])),
    [reorder],
  );

  const check = (source = textNow.current, focusResults = true) => {
    // An add on its way keeps its answer; the box is checked again once it is done.
    if (add.isPending) return;
    add.reset();
    const parsed = parseQuickOrderLines(source);
    if (parsed.lines.length === 0) {
      setFormError("Paste or type at least one line: a product code and a quantity.");
      return;
    }
    setFormError(
      parsed.tooMany ? "Only the first 500 lines are checked; add the rest in a second go." : null,
    );
    preview.mutate(parsed.lines, {
      onSuccess: () => {
        setCheckedText(source);
        if (focusResults) requestAnimationFrame(() => results.current?.focus());
      },
    });
  };

  // An old order to reorder: its lines go in the box and are checked, once.
  const reorderLoaded = useRef<number | null>(null);
  useEffect(() => {
    if (!reorder || reorderLoaded.current === reorder.id) return;
    reorderLoaded.current = reorder.id;
    // Added to whatever the box already holds, as a scan would be.
    const lines = reorder.orderLines.reduce(
      (box, line) => addToPadText(box, line.productId, line.quantity).text,
      textNow.current,
    );
    setText(lines);
    check(lines);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per order, with the box as it then is
  }, [reorder]);

  /** A product scanned or chosen: its packs go on the pad, and the pad is checked again. */
  const putOnPad = (code: string, packs: number, how: "Scanned" | "Added") => {
    if (add.isPending) {
      waiting.current.push([code, packs]);
      setScanned(`${how} ${code}: it goes on the pad once the lines are in your cart.`);
      return;
    }
    const next = addToPadText(textNow.current, code, packs);
    setText(next.text);
    setScanned(
      `${how} ${code}: ${formatCount(next.packs)} ${next.packs === 1 ? "pack" : "packs"} on the pad.`,
    );
    clearTimeout(scanCheck.current);
    // Focus stays where the buyer (or the scanner) is working.
    scanCheck.current = setTimeout(() => check(textNow.current, false), CHECK_AFTER_SCAN_MS);
  };
  useEffect(() => () => clearTimeout(scanCheck.current), []);
  useKeyboardWedge((code) => putOnPad(code, 1, "Scanned"), shopper !== null);

  if (shopper === null) return <LoginPrompt what="the quick order pad" />;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const content = isWorkbook(file)
        ? await (await import("./read-spreadsheet")).readSpreadsheet(file)
        : await file.text();
      setText(content);
      check(content);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  };

  const answer: QuickOrderPreview | undefined = preview.data;
  const stale = answer !== undefined && checkedText !== null && checkedText !== text;
  const toAdd = answer?.lines.filter(addable) ?? [];
  const attention = answer?.lines.filter((l) => l.status !== "ok" && l.status !== "duplicate").length ?? 0;
  const forList = (answer?.lines ?? []).filter(
    (line) => line.product !== null && line.status !== "duplicate" && line.status !== "invalid_quantity",
  );

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
        onError: () => {
          // Nothing was added: scans made meanwhile join the box as it was.
          setText(
            waiting.current.reduce(
              (text, [code, packs]) => addToPadText(text, code, packs).text,
              textNow.current,
            ),
          );
        },
        onSettled: () => {
          // Scans made while adding are on the pad now; check it again with them.
          if (waiting.current.length === 0) return;
          waiting.current = [];
          setTimeout(() => check(textNow.current, false), 0);
        },
        onSuccess: () => {
          successToast(ITEMS_ADDED_TITLE, { description: ITEMS_ADDED });
          // The lines not sent stay in the box to be fixed; nothing leaves it unseen.
          const left = answer!.lines.filter((line) => !addable(line) && line.status !== "duplicate");
          const box = left.map((line) => `${line.code}, ${line.quantity}`).join("\n");
          setText(waiting.current.reduce((text, [code, packs]) => addToPadText(text, code, packs).text, box));
          setLeftToFix(left.length);
          preview.reset();
          setCheckedText(null);
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
      {reorderFailed && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-danger p-3 text-sm font-semibold text-danger"
        >
          We could not load that order to reorder it. Open it from your orders and try again.
        </p>
      )}
      {reorder && (
        <p className="mt-3 rounded-lg border border-line bg-surface-2 p-3 text-sm">
          Reordering order {reorder.orderId}: its lines are in the box at today&apos;s prices. Change the
          packs or take lines out, then add them to your cart.
        </p>
      )}

      <div className="mt-4">
        <LineFinder
          onPick={(product, packs) => putOnPad(product.skuCode, packs, "Added")}
          onCode={(code) => putOnPad(code, 1, "Scanned")}
        />
      </div>

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
          readOnly={add.isPending}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          spellCheck={false}
          placeholder={"CHP1374, 6\n6000012000375\t2\nBraai Time Biltong Kettle Cooked Chips 80g 3"}
          aria-invalid={formError !== null && formError.startsWith("Paste")}
          aria-describedby={[formError ? `${id}-error` : "", `${id}-scanner`].join(" ").trim()}
          className="w-full rounded-lg border border-line bg-surface p-3 font-mono text-base text-fg"
        />
        {formError && (
          <p id={`${id}-error`} className="text-sm font-semibold text-danger">
            {formError}
          </p>
        )}
        <p id={`${id}-scanner`} className="flex items-start gap-2 text-sm text-muted">
          <ScanBarcode aria-hidden="true" className="mt-0.5 size-4 shrink-0" />A USB or Bluetooth barcode
          scanner works anywhere on this page: scan, and the product goes on the pad, one pack a scan.
        </p>
        <p role="status" className="text-sm font-semibold empty:hidden">
          {scanned}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass()} aria-disabled={preview.isPending}>
            <ListChecks aria-hidden="true" className="size-4" />
            {preview.isPending ? "Checking…" : "Check lines"}
          </button>
          <CameraScanButton onScan={(code) => putOnPad(code, 1, "Scanned")} />
          <label className={`${buttonClass("secondary")} cursor-pointer focus-within:ring-2`}>
            <Upload aria-hidden="true" className="size-4" />
            Upload a CSV or Excel file
            <input
              type="file"
              accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              onChange={upload}
            />
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
              <PreviewLine key={line.line} line={line} earlier={earlier} />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="font-bold tabular-nums">
              {formatRand(answer.totalIncl)}{" "}
              <span className="text-sm font-normal text-muted">incl. VAT, ready lines</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <AddToOrderList
                label="Save to an order list"
                disabled={forList.length === 0}
                lines={() =>
                  forList.map((line) => ({ skuCode: line.product!.skuCode, quantity: line.quantity }))
                }
                what={`${forList.length === 1 ? "1 line" : `${formatCount(forList.length)} lines`} from the quick order pad`}
              />
              <button
                type="button"
                className={buttonClass()}
                aria-disabled={toAdd.length === 0 || add.isPending || preview.isPending || stale}
                onClick={() => {
                  if (toAdd.length > 0 && !add.isPending && !preview.isPending && !stale) addAll();
                }}
              >
                <ShoppingCart aria-hidden="true" className="size-4" />
                {toAdd.length === 1 ? "Add 1 line to cart" : `Add ${formatCount(toAdd.length)} lines to cart`}
              </button>
            </div>
          </div>
          {stale && (
            <p className="mt-2 text-sm font-semibold">
              The lines changed since they were checked: check them again before adding.
            </p>
          )}
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
