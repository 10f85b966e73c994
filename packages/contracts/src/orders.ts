// Orders: what the customer submits from the cart, and the order as the back office sees it.
// `{product}PaymentId`/`{product}AccountId` of docs/data.md are spelt tradeShopPaymentId/tradeShopAccountId.
import { z } from "zod";
import { CalendarDay, Id, IdParam, IsoDateTime, MAX_ID, optionalText, Rand } from "./common";
import { Cart, CartItem } from "./cart";
import type { ApiRoute } from "./http";

/**
 * Back-office (Pastel) states, in the order an order normally passes through them, after the
 * shop's own first one: an order over its buyer's limit awaits the account owner's approval.
 */
export const OrderStatus = z.enum([
  "Awaiting approval",
  /** Over the account's credit: waits for the part over it to be paid online (docs/payments.md). */
  "Awaiting payment",
  "Pending",
  "Submitted",
  "Picking",
  "Invoiced",
  "Dispatched",
  "Delivered",
  "On Hold",
  "Rejected",
  /** Cancelled by the customer before picking (docs/rules.md "Cancelling an order"). */
  "Cancelled",
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderLine = CartItem.pick({
  productId: true,
  productDescription: true,
  quantity: true,
  listPriceExcl: true,
  unitPriceExcl: true,
  totalPriceExcl: true,
  totalPriceIncl: true,
  dealReference: true,
  category: true,
  assignedDiscount: true,
  discountPriceIncl: true,
  discountPriceExcl: true,
  dealDescription: true,
  rtCategory: true,
}).extend({
  warehouseCode: z.string(),
  /** Staff changed the price by hand; the reason travels with the line to the back office. */
  priceManipulated: z.boolean(),
  priceManipulationReason: z.string().nullable(),
  /** The line must be picked from `warehouseCode`, never re-routed to another warehouse. */
  lockedWarehouse: z.boolean(),
  dealPercent: z.number().nullable(),
  tradePercent: z.number().nullable(),
  pastelSalesOrderNumber: z.string().nullable(),
  pastelInvoiceNumber: z.string().nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z.object({
  id: Id,
  /** The number the customer sees ("Order {orderId}"); `id` is what URLs use. */
  orderId: z.string(),
  accountName: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  address5: z.string().nullable(),
  address6: z.string().nullable(),
  homeDelivery: z.boolean(),
  accountId: z.string(),
  /** The customer's own reference, usually their purchase order number. */
  suppliedId: z.string().nullable(),
  /** Who placed it; null for orders that came from the back office without a shop login. */
  userId: Id.nullable(),
  orderReference: Cart.shape.orderReference,
  createdDate: IsoDateTime,
  orderType: z.string().nullable(),
  shipmentMethod: z.string().nullable(),
  orderLines: z.array(OrderLine),
  discount: Rand,
  tradeShopPaymentId: z.string().nullable(),
  payfastPaymentId: z.string().nullable(),
  tradeShopAccountId: z.string().nullable(),
  applyLiqourCheck: z.boolean(),
  totalPriceExcl: Rand,
  totalPriceIncl: Rand,
  orderSource: z.string(),
  liquor_check: z.boolean(),
  creditcheck_override: z.boolean(),
  repCode: z.string().nullable(),
  currentPastelStatus: OrderStatus,
  /** Why the order is On Hold, Rejected or Cancelled (docs/rules.md); null in every other state. */
  statusReason: z.string().nullable(),
  lastPastelStatusUpdate: IsoDateTime.nullable(),
  createdBy: z.string(),
  /** The name of the login that placed it ("First Last"); null when no shop login did. */
  placedBy: z.string().nullable(),
  /** Awaiting approval: when it is released if nobody decides. */
  approvalDueAt: IsoDateTime.nullable(),
  /** Awaiting payment: when it is cancelled if not paid, and what is still to pay. */
  paymentDueAt: IsoDateTime.nullable(),
  amountToPay: Rand.nullable(),
  /** Who approved or rejected it, and when; null until the owner decides (or the hold runs out). */
  decidedBy: z.string().nullable(),
  decidedAt: IsoDateTime.nullable(),
  vendorNumber: z.string().nullable(),
  brand: z.string().nullable(),
  /**
   * The day the goods were promised for when the order was placed (or approved): delivered on
   * it, or ready to collect (docs/rules.md "Delivery day"). Null for orders from before the rule.
   */
  expectedDeliveryDate: CalendarDay.nullable(),
  /** When the back office reported it Dispatched, and Delivered, and who signed for it. */
  dispatchedAt: IsoDateTime.nullable(),
  deliveredAt: IsoDateTime.nullable(),
  deliveredSignedBy: z.string().nullable(),
  /**
   * What the customer can do to cancel it now: "now" while the back office does not have it
   * (awaiting approval, or its hand-off not yet tried), "request" while the back office has it
   * but has not started picking (it decides), null otherwise or while a request waits.
   */
  cancel: z.enum(["now", "request"]).nullable(),
  /** A cancellation asked of the back office and not yet decided: since when. */
  cancelRequestedAt: IsoDateTime.nullable(),
  /** Why the back office could not cancel it, when it said no. */
  cancelRefusedReason: z.string().nullable(),
  /**
   * Its lines can be changed now (docs/rules.md "Changing an order"): while it awaits approval or
   * its hand-off was never tried, as for cancelling "now".
   */
  changeable: z.boolean(),
  /** When its lines were last changed after placing, and by whom; null if never. */
  linesChangedAt: IsoDateTime.nullable(),
  linesChangedBy: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

/**
 * The history list leaves the lines out: the details screen loads one order with its lines
 * through GetOrderById.
 */
export const OrderHistoryEntry = Order.omit({ orderLines: true });
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

export const OrderHistory = z.array(OrderHistoryEntry);

/** Orders on one page of the history when `limit` is not given, and the most one page holds. */
export const HISTORY_PAGE = 50;
export const HISTORY_PAGE_MAX = 100;

/**
 * Narrows the order history (all optional, all together): `search` finds an order by its
 * number or the customer's reference, or by a product on it (SKU code or words of its
 * description); `status` the back-office status; `from`/`to` the day it was placed (inclusive,
 * South African time). The history comes a page at a time, newest first: `limit` orders
 * (HISTORY_PAGE unless given), and the next page by `after`, the id of the last order of the
 * page before. A page shorter than `limit` is the last.
 */
export const OrderHistoryQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: OrderStatus.optional(),
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
  /** Only the orders this login placed (the account's users, see /api/Account/Buyers). */
  placedByUserId: z.coerce.number<string | number>().int().positive().max(MAX_ID).optional(),
  /** The id of the last order already shown: the page starts with the next older one. */
  after: z.coerce.number<string | number>().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuery>;
export type OrderHistory = z.infer<typeof OrderHistory>;

/**
 * What the customer submits. The server re-prices every line itself, so a line only names
 * the SKU, quantity and deal, plus the prices the customer saw so a change can be refused (409).
 */
export const CreateOrderLine = OrderLine.pick({
  productId: true,
  quantity: true,
  dealReference: true,
  unitPriceExcl: true,
  totalPriceExcl: true,
  totalPriceIncl: true,
});
export type CreateOrderLine = z.infer<typeof CreateOrderLine>;

export const CreateOrderCommand = Order.pick({
  orderReference: true,
  createdDate: true,
  discount: true,
  applyLiqourCheck: true,
  totalPriceExcl: true,
  totalPriceIncl: true,
}).extend({
  orderLines: z.array(CreateOrderLine).min(1, "Your cart is empty"),
  suppliedId: optionalText(50),
  homeDelivery: z.boolean().default(false),
  /**
   * With home delivery: one of the account's delivery addresses (GetCustomerAddresses). Absent
   * or null: the account's own address. Ignored for collection.
   */
  deliveryAddressId: Id.nullish(),
  /** Honoured only for Staff and Admin; a customer sending it is ignored. */
  creditcheck_override: z.boolean().default(false),
  /**
   * Over the account's remaining credit: place it as Awaiting payment, its stock held, and pay
   * the part over credit online (docs/payments.md). Without it such an order is refused.
   */
  payOverCredit: z.boolean().default(false),
});
export type CreateOrderCommand = z.infer<typeof CreateOrderCommand>;

/** A line the customer's warehouse cannot supply in full. */
export const StockShortage = z.object({
  skuCode: z.string(),
  description: z.string(),
  requested: z.number().int().positive(),
  available: z.number().int().nonnegative(),
});
export type StockShortage = z.infer<typeof StockShortage>;

/**
 * The refusals of POST /api/Order (409, and 403 for liquor), told apart by `code`; each carries
 * its own members beside the problem's title: the re-priced `cart` (prices changed),
 * `shortages` (stock), `remainingCredit` with `orderTotal` (credit), `unavailable` SKUs (no
 * longer sold), or the cart's current `orderReference` (the page showed an older cart).
 */
export const OrderConflict = z.discriminatedUnion("code", [
  z.object({ code: z.literal("prices_changed"), cart: Cart }),
  z.object({ code: z.literal("stock_short"), shortages: z.array(StockShortage).min(1) }),
  z.object({ code: z.literal("credit_exceeded"), remainingCredit: Rand, orderTotal: Rand }),
  z.object({ code: z.literal("product_unavailable"), unavailable: z.array(z.string()).min(1) }),
  z.object({ code: z.literal("cart_changed"), orderReference: z.string().nullable() }),
  z.object({ code: z.literal("cart_empty") }),
  z.object({ code: z.literal("liquor_not_allowed") }),
  z.object({
    code: z.literal("liquor_licence_expired"),
    licenceNumber: z.string().nullable(),
    licenceExpiresOn: CalendarDay,
  }),
]);
export type OrderConflict = z.infer<typeof OrderConflict>;

const OrderIdParams = z.object({ id: IdParam });

/**
 * When an order placed now arrives: `day` it is delivered (or ready to collect) if it is in by
 * `orderBy`, the cut-off of the account's order day ("Order by Tue 14:00 for delivery on Wed
 * 02-Dec-2026"). From the account's nominated days, the warehouse's cut-off and South Africa's
 * public holidays (docs/rules.md "Delivery day").
 */
export const DeliveryPromise = z.object({
  method: z.enum(["Delivery", "Collect"]),
  day: CalendarDay,
  orderBy: IsoDateTime,
});
export type DeliveryPromise = z.infer<typeof DeliveryPromise>;

export const CancelOrderCommand = z.object({
  /** Why, for the back office and the order's history (optional). */
  reason: optionalText(200),
});
export type CancelOrderCommand = z.infer<typeof CancelOrderCommand>;

/**
 * The order's lines as they should be from now on, with the totals the buyer was shown for them
 * and the change they were made on (`linesChangedAt` as read, null for the placed lines): a
 * change made on an older reading of the order is refused, unless it asks for what is there.
 */
export const ChangeOrderCommand = z.object({
  orderLines: z
    .array(CreateOrderLine.pick({ productId: true, quantity: true }))
    .min(1, "Keep at least one line: to drop them all, cancel the order")
    .max(500)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
      message: "Each product once: add its packs to one line",
    }),
  totalPriceIncl: Rand,
  totalPriceExcl: Rand,
  linesChangedAt: IsoDateTime.nullable(),
});
export type ChangeOrderCommand = z.infer<typeof ChangeOrderCommand>;

export const DeliveryPromiseQuery = z.object({
  /** true: delivered; false: collected; absent: as the account usually takes its orders. */
  homeDelivery: z.enum(["true", "false"]).optional(),
});
export type DeliveryPromiseQuery = z.infer<typeof DeliveryPromiseQuery>;

/** This domain's routes in the API table (api.ts). */
export const orderRoutes = {
  create: {
    method: "POST",
    path: "/api/Order",
    body: CreateOrderCommand,
    response: Order,
    auth: true,
    problems: [
      "not_a_customer",
      "not_found",
      "cart_changed",
      "cart_empty",
      "product_unavailable",
      "prices_changed",
      "liquor_not_allowed",
      "liquor_licence_expired",
      "credit_exceeded",
      "stock_short",
      "viewer_cannot_order",
    ],
    summary:
      "Place the cart as an order (over the buyer's limit it awaits the owner's approval); repeating an orderReference returns the first order",
    tag: "Orders",
  },
  history: {
    method: "GET",
    path: "/api/Order",
    query: OrderHistoryQuery,
    response: OrderHistory,
    auth: true,
    problems: ["not_a_customer"],
    summary:
      "The customer's orders, newest first, without their lines, a page at a time (limit, after); optionally found by number, reference or product, status and dates",
    tag: "Orders",
  },
  getById: {
    method: "GET",
    path: "/api/Order/GetOrderById/:id",
    params: OrderIdParams,
    response: Order,
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "One of the customer's orders with its lines",
    tag: "Orders",
  },
  cancel: {
    method: "POST",
    path: "/api/Order/:id/Cancel",
    params: OrderIdParams,
    body: CancelOrderCommand,
    response: Order,
    auth: true,
    problems: ["not_a_customer", "not_found", "viewer_read_only", "owner_only", "order_not_cancellable"],
    summary:
      "Cancel an order: at once while the back office does not have it, else ask the back office, which decides; a repeat changes nothing",
    tag: "Orders",
  },
  changeLines: {
    method: "PUT",
    path: "/api/Order/:id/Lines",
    params: OrderIdParams,
    body: ChangeOrderCommand,
    response: Order,
    auth: true,
    problems: [
      "not_a_customer",
      "not_found",
      "viewer_read_only",
      "owner_only",
      "order_not_changeable",
      "order_changed",
      "product_unavailable",
      "prices_changed",
      "liquor_not_allowed",
      "liquor_licence_expired",
      "credit_exceeded",
      "stock_short",
    ],
    summary:
      "Change an order's lines before the back office has it: re-priced and checked against stock, credit, liquor and the buyer's limit as placing is; a repeat changes nothing",
    tag: "Orders",
  },
  deliveryPromise: {
    method: "GET",
    path: "/api/Order/DeliveryPromise",
    query: DeliveryPromiseQuery,
    response: DeliveryPromise,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The day an order placed now is delivered or ready to collect, and the cut-off it must beat",
    tag: "Orders",
  },
} as const satisfies Record<string, ApiRoute>;
