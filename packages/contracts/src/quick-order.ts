// The quick order pad: lines pasted from a spreadsheet or WhatsApp, typed, or read
// from a file, each a code (SKU, barcode or exact description) and a quantity. The preview
// says what each line will be before anything is added; adding puts every good line on the
// cart in one go and says which were not added and why. Nothing is lost without a reason.
import { z } from "zod";
import type { ApiRoute } from "./http";
import { AddItemCommand, Cart } from "./cart";
import { Product } from "./catalogue";
import { Rand, SkuCode } from "./common";

/** At most this many lines per preview or add. */
export const QUICK_ORDER_MAX_LINES = 500;

export const QuickOrderLineInput = z.object({
  /** A SKU code, a barcode (EAN-13, UPC-A, EAN-8, GTIN-14) or a product's exact description. */
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
  "unknown_code",
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
  matchedBy: z.enum(["sku", "barcode", "description"]).nullable(),
  /** The product priced and stocked for the customer; null for an unknown code. */
  product: Product.nullable(),
  /** Packs that can still go on the cart: the warehouse's stock less what the cart holds. */
  available: z.number().int().nonnegative().nullable(),
  /** Packs of it in the cart already. */
  inCart: z.number().int().nonnegative(),
  /** Whether the deal price applies at this quantity. */
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
  /** Sum of the ok lines. */
  totalExcl: Rand,
  totalIncl: Rand,
});
export type QuickOrderPreview = z.infer<typeof QuickOrderPreview>;

export const AddItemsCommand = z.object({
  items: z
    .array(AddItemCommand)
    .min(1, "Choose at least one product")
    .max(QUICK_ORDER_MAX_LINES, `At most ${QUICK_ORDER_MAX_LINES} lines at a time`),
});
export type AddItemsCommand = z.infer<typeof AddItemsCommand>;

export const NotAddedItem = z.object({
  skuCode: SkuCode,
  requested: z.number().int(),
  /** Packs that did go on the cart (fewer than asked when stock was short). */
  added: z.number().int().nonnegative(),
  reason: QuickOrderStatus.exclude(["ok", "duplicate"]),
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
    problems: ["not_a_customer"],
    summary: "Add many lines to the cart in one transaction; the answer lists the lines not added and why",
    tag: "Cart",
  },
} as const satisfies Record<string, ApiRoute>;
