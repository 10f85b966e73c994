// The quick order pad's state and what it does: the box's text, a check of its lines, a product
// scanned or picked put on the box, a file read into it, an old order's lines for a reorder, and
// the checked lines added to the cart in one go (what is left stays in the box to be fixed).
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import {
  quickOrderRoutes,
  type QuickOrderPreview,
  type QuickOrderPreviewLine,
} from "@trade-shop/contracts/quick-order";
import { ITEMS_ADDED, ITEMS_ADDED_TITLE, useAddItemsToCart } from "@/entities/cart";
import { useOrder } from "@/entities/orders";
import { formatCount } from "@/entities/products";
import { useShopper } from "@/entities/shopper";
import { apiRequest } from "@/lib/api-client";
import { successToast } from "@/lib/ui/toasts";
import { addable, type EarlierPrices } from "./checked-lines";
import { useKeyboardWedge } from "./keyboard-wedge";
import { addToPadText, parseQuickOrderLines } from "./parse-lines";

/** A scan checks the pad after this pause, so a burst of scans is checked once. */
const CHECK_AFTER_SCAN_MS = 400;

const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) ||
  file.type === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A checked line as the cart's add takes it, with the deal when the line's quantity earns it. */
const cartItemOf = (line: QuickOrderPreviewLine) => ({
  skuCode: line.product!.skuCode,
  quantity: line.quantity,
  dealReference: line.dealApplies ? line.product!.dealReference : null,
});

/** Lines as the box writes them: "code, packs", one a line. */
const boxOf = (lines: readonly QuickOrderPreviewLine[]) =>
  lines.map((line) => `${line.code}, ${line.quantity}`).join("\n");

/** The box with the codes scanned while an add was on its way put on it. */
const withScans = (box: string, scans: readonly [string, number][]) =>
  scans.reduce((text, [code, packs]) => addToPadText(text, code, packs).text, box);

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

interface Focus {
  /** The checked lines' heading, focused once a check the buyer asked for answers. */
  results: RefObject<HTMLHeadingElement | null>;
  /** The note of what an add did, focused once it is done. */
  added: RefObject<HTMLDivElement | null>;
}

export function useQuickOrderPad({ results, added }: Focus) {
  const shopper = useShopper();
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

  /** A CSV or Excel file: its lines replace the box's, and are checked. */
  const upload = async (file: File) => {
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

  const addAll = () => {
    add.mutate(
      { items: toAdd.map(cartItemOf) },
      {
        onError: () => {
          // Nothing was added: scans made meanwhile join the box as it was.
          setText(withScans(textNow.current, waiting.current));
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
          setText(withScans(boxOf(left), waiting.current));
          setLeftToFix(left.length);
          preview.reset();
          setCheckedText(null);
          // The checked lines fold away: the buyer goes on from what was added.
          requestAnimationFrame(() => added.current?.focus());
        },
      },
    );
  };

  return {
    shopper,
    /** The box. */
    text,
    setText,
    /** What is wrong with the box or the file, for the box to say. */
    formError,
    /** What the last scan or pick did, for a status line. */
    scanned,
    reorder,
    reorderFailed,
    /** The last check's answer, and whether the box changed since. */
    answer,
    stale,
    earlier,
    /** The checked lines an add sends. */
    toAdd,
    checking: preview.isPending,
    adding: add.isPending,
    /** The last add's answer, and how many lines it left in the box. */
    addResult: add.data,
    leftToFix,
    check,
    putOnPad,
    upload,
    addAll,
  };
}
