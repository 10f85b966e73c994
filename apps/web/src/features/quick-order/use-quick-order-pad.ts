// The quick order pad's state and what it does: the box's text, a check of its lines (the
// lines that are no order, such as a chat's greetings, kept aside with their reasons), a
// product scanned or picked put on the box, a choice made on a line, a file read into it, an old
// order's lines for a reorder or a shared cart's (`?lines=`), and the checked lines added to the
// cart in one go, exactly as checked (what is left stays in the box to be fixed).
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import {
  quickOrderRoutes,
  type QuickOrderLineInput,
  type QuickOrderPreview,
  type QuickOrderPreviewLine,
} from "@trade-shop/contracts/quick-order";
import { orderLineText, readOrderText, type ReadText } from "@trade-shop/contracts/order-lines";
import type { Product } from "@trade-shop/contracts/catalogue";
import { ITEMS_ADDED, ITEMS_ADDED_TITLE, useAddItemsToCart } from "@/entities/cart";
import { useOrder } from "@/entities/orders";
import { formatCount } from "@/entities/products";
import { useShopper } from "@/entities/shopper";
import { ApiError, apiRequest } from "@/lib/api-client";
import { successToast } from "@/lib/ui/toasts";
import { addable, type EarlierPrices } from "./checked-lines";
import { useKeyboardWedge } from "./keyboard-wedge";
import { addToPadText, linesOf } from "./parse-lines";

/** A scan checks the pad after this pause, so a burst of scans is checked once. */
const CHECK_AFTER_SCAN_MS = 400;

const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) ||
  file.type === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A checked line as the cart's add takes it: the packs it showed it adds, with the deal when they earn it. */
const cartItemOf = (line: QuickOrderPreviewLine) => ({
  skuCode: line.product!.skuCode,
  quantity: line.addQuantity,
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
    /** `?lines=`: a shared cart's or order list's lines, one "6 x CODE description" a line. */
    shared: params.get("lines"),
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
    mutationFn: (lines: QuickOrderLineInput[]) => apiRequest(quickOrderRoutes.preview, { body: { lines } }),
  });
  const add = useAddItemsToCart();
  const { order: reorder, failed: reorderFailed, shared } = useReorderSource();
  // The text the shown check was made of: lines changed since must be checked again before adding.
  const [checkedText, setCheckedText] = useState<string | null>(null);
  // How that text was read: each checked line's row in it, and the lines that are no order.
  const [checkedRead, setCheckedRead] = useState<ReadText | null>(null);
  const [pricesChanged, setPricesChanged] = useState(false);
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
    const read = readOrderText(source);
    const parsed = linesOf(read);
    if (parsed.lines.length === 0) {
      setFormError(
        read.entries.length > 0
          ? "No line reads as an order: write what to order and how many, such as 6 x coke 2l."
          : "Paste or type at least one line: a product code and a quantity.",
      );
      return;
    }
    setFormError(
      parsed.tooMany ? "Only the first 500 lines are checked; add the rest in a second go." : null,
    );
    preview.mutate(parsed.lines, {
      onSuccess: () => {
        setCheckedText(source);
        setCheckedRead(read);
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

  // A shared cart or order list: its lines go in the box and are checked, once.
  const sharedLoaded = useRef<string | null>(null);
  useEffect(() => {
    if (!shared || sharedLoaded.current === shared || shopper === null) return;
    sharedLoaded.current = shared;
    const lines = textNow.current.trim() === "" ? shared : `${textNow.current.trimEnd()}\n${shared}`;
    setText(lines);
    check(lines);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link, with the box as it then is
  }, [shared, shopper]);

  /**
   * A product chosen on a line the search offered several for: the line in the box becomes that
   * product ("6 x CODE description"), and the box is checked again.
   */
  const choose = (line: QuickOrderPreviewLine, product: Product) => {
    const row = checkedRead?.lines[line.line - 1]?.row;
    if (row === undefined || checkedText === null) return;
    const rows = checkedText.split(/\r?\n/);
    rows[row] = orderLineText({
      quantity: line.quantity,
      skuCode: product.skuCode,
      description: product.skuDescription,
    });
    const next = rows.join("\n");
    setText(next);
    check(next);
  };

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
    setPricesChanged(false);
    add.mutate(
      // Never more than the customer was shown: the server adds nothing if the lines now cost more.
      { items: toAdd.map(cartItemOf), expectedTotalIncl: answer!.totalIncl },
      {
        onError: (error) => {
          // Nothing was added: scans made meanwhile join the box as it was.
          const box = withScans(textNow.current, waiting.current);
          setText(box);
          if (error instanceof ApiError && error.problem?.code === "prices_changed") {
            // Checked again at today's prices, for the customer to see before adding.
            waiting.current = [];
            setPricesChanged(true);
            setTimeout(() => check(box), 0);
          }
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
          setCheckedRead(null);
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
    /** The lines of the last check that are no order, each with its reason. */
    skipped: answer && checkedRead ? checkedRead.entries.filter((e) => e.kind === "skipped") : [],
    /** An add found the prices had gone up, and the lines were checked again. */
    pricesChanged,
    /** The checked lines an add sends. */
    toAdd,
    checking: preview.isPending,
    adding: add.isPending,
    /** The last add's answer, and how many lines it left in the box. */
    addResult: add.data,
    leftToFix,
    check,
    choose,
    putOnPad,
    upload,
    addAll,
  };
}
