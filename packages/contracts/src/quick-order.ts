// The quick order pad: lines pasted from a spreadsheet or WhatsApp, typed, or read
// from a file (order-lines.ts reads them), each a code (SKU, barcode, exact description) or
// search words, and a quantity. The preview says what each line will be before anything is
// added, and what Add will put on the cart, to the cent; adding puts every good line on the
// cart in one go and says which were not added and why. Nothing is lost without a reason.
import { z } from "zod";
import type { ApiRoute } from "./http";
import { AddItemCommand, Cart } from "./cart";
import { Product } from "./catalogue";
import { Rand, SkuCode } from "./common";

/** At most this many lines per preview or add. */
export const QUICK_ORDER_MAX_LINES = 500;

export const QuickOrderLineInput = z.object({
  /**
   * A SKU code (alone or followed by words: "CHP1374 Simba Chips"), a barcode (EAN-13, UPC-A,
   * EAN-8, GTIN-14), a product's exact description, or words the shop's search reads.
   */
  code: z.string().trim().min(1, "Enter a product code").max(120, "A product code is at most 120 characters"),
  /** Any number: one that is not a whole number of packs from 1 to 9 999 makes the line invalid_quantity. */
  quantity: z.number({ error: "Enter a quantity" }),
});
export type QuickOrderLineInput = z.infer<typeof QuickOrderLineInput>;

export const QuickOrderPreviewRequest = z.object({
  lines: z
    .array(QuickOrderLineInput)
    .min(1, "Enter at least one line")
    .max(QUICK_ORDER_MAX_LINES, `At most ${QUICK_ORDER_MAX_LINES} lines at a time`),
});
export type QuickOrderPreviewRequest = z.infer<typeof QuickOrderPreviewRequest>;

export const QUICK_ORDER_STATUSES = [
  "ok",
  /** A code (letters and digits, or a barcode) no product has. */
  "unknown_code",
  /** Words the search found nothing for. */
  "not_found",
  /** Words several products answer about equally: the customer picks one of `choices`. */
  "choose",
  "not_allowed",
  "short_stock",
  "invalid_quantity",
  "duplicate",
] as const;
export const QuickOrderStatus = z.enum(QUICK_ORDER_STATUSES);
export type QuickOrderStatus = z.infer<typeof QuickOrderStatus>;

export const QuickOrderPreviewLine = z.object({
  /** The line's place in the request, from 1. */
  line: z.number().int().positive(),
  code: z.string(),
  /** The packs asked for; on the first of duplicate lines, the sum of them all. */
  quantity: z.number(),
  status: QuickOrderStatus,
  /** How the code was read. */
  matchedBy: z.enum(["sku", "barcode", "description", "search"]).nullable(),
  /** Read through the search with its words corrected: the words it searched for instead. */
  searchedFor: z.string().nullable(),
  /** For `choose`: the close candidates, best first (at most 5); [] otherwise. */
  choices: z.array(Product),
  /**
   * The packs Add puts on the cart for this line: the quantity, or what stock allows beyond the
   * cart when short; 0 for a line that adds nothing. The line's totals are of these packs.
   */
  addQuantity: z.number().int().nonnegative(),
  /** The product priced and stocked for the customer; null for an unknown code. */
  product: Product.nullable(),
  /** Packs that can still go on the cart: the warehouse's stock less what the cart holds. */
  available: z.number().int().nonnegative().nullable(),
  /** Packs of it in the cart already. */
  inCart: z.number().int().nonnegative(),
  /** Whether the deal price applies to the packs added. */
  dealApplies: z.boolean(),
  lineTotalExcl: Rand.nullable(),
  lineTotalIncl: Rand.nullable(),
  /** For a duplicate: the line it was merged into. */
  mergedInto: z.number().int().positive().nullable(),
  /** What is wrong with the line, in words; null when it is ok. */
  message: z.string().nullable(),
});
export type QuickOrderPreviewLine = z.infer<typeof QuickOrderPreviewLine>;

export const QuickOrderPreview = z.object({
  lines: z.array(QuickOrderPreviewLine),
  /** What Add puts on the cart: the sum of every line's addQuantity value. */
  totalExcl: Rand,
  totalIncl: Rand,
  /** The cart's value now, before the lines. */
  cartTotalIncl: Rand,
  /** The account's credit left (its limit less balance and orders not yet invoiced). */
  creditLeft: Rand,
});
export type QuickOrderPreview = z.infer<typeof QuickOrderPreview>;

export const AddItemsCommand = z.object({
  items: z
    .array(AddItemCommand)
    .min(1, "Choose at least one product")
    .max(QUICK_ORDER_MAX_LINES, `At most ${QUICK_ORDER_MAX_LINES} lines at a time`),
  /**
   * The preview's totalIncl, as the customer saw it: when the lines would now add more than
   * that (a price went up since), nothing is added and the answer is 409 prices_changed.
   */
  expectedTotalIncl: Rand.optional(),
});
export type AddItemsCommand = z.infer<typeof AddItemsCommand>;

export const NotAddedItem = z.object({
  skuCode: SkuCode,
  requested: z.number().int(),
  /** Packs that did go on the cart (fewer than asked when stock was short). */
  added: z.number().int().nonnegative(),
  reason: QuickOrderStatus.exclude(["ok", "duplicate", "choose", "not_found"]),
  message: z.string(),
});
export type NotAddedItem = z.infer<typeof NotAddedItem>;

export const CartAfterAddItems = Cart.extend({
  /** Lines added in full. */
  addedCount: z.number().int().nonnegative(),
  /** Lines not added, or added only in part, each with its reason. */
  notAdded: z.array(NotAddedItem),
});
export type CartAfterAddItems = z.infer<typeof CartAfterAddItems>;

export const quickOrderRoutes = {
  preview: {
    method: "POST",
    path: "/api/Cart/QuickOrderPreview",
    body: QuickOrderPreviewRequest,
    response: QuickOrderPreview,
    auth: true,
    problems: ["not_a_customer"],
    summary:
      "What each quick-order line will be (product, price, deal, stock, status) before anything is added",
    tag: "Cart",
  },
  addItems: {
    method: "POST",
    path: "/api/Cart/AddItemsToCart",
    body: AddItemsCommand,
    response: CartAfterAddItems,
    auth: true,
    problems: ["not_a_customer", "prices_changed"],
    summary: "Add many lines to the cart in one transaction; the answer lists the lines not added and why",
    tag: "Cart",
  },
} as const satisfies Record<string, ApiRoute>;
