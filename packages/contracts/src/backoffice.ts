// The order hand-off to the back-office accounting system (Pastel): what the shop sends, the
// signed status callbacks it accepts, and the staff view of the hand-off queue.
import { z } from "zod";
import { Id, IdParam, IsoDateTime, STAFF_ROLES, SuccessEnvelope } from "./common";
import { Order, OrderStatus } from "./orders";
import type { ApiRoute } from "./http";

/**
 * Both directions are signed alike: `X-TradeShop-Signature: sha256=<hex>` is the HMAC-SHA256,
 * keyed with the shared secret, of `<timestamp>.<raw body>`, where the timestamp (Unix seconds)
 * travels in `X-TradeShop-Timestamp`. A request older or newer than the window is refused.
 */
export const BACKOFFICE_SIGNATURE_HEADER = "X-TradeShop-Signature";
export const BACKOFFICE_TIMESTAMP_HEADER = "X-TradeShop-Timestamp";

/** What the shop POSTs to the back office, with the header `Idempotency-Key: order:<id>`. */
export const BackOfficeHandOff = z.object({
  /** The same on every retry of one order: the back office must create one sales order per key. */
  idempotencyKey: z.string(),
  /** Where the back office POSTs status changes (BackOfficeStatusCallback). */
  callbackUrl: z.string(),
  order: Order,
});
export type BackOfficeHandOff = z.infer<typeof BackOfficeHandOff>;

/**
 * A payment the shop took (online through PayFast, or an EFT whose proof staff matched), POSTed
 * to BACKOFFICE_URL/payments, signed like a hand-off, with `Idempotency-Key: payment:<reference>`:
 * the back office books it once per reference. It is on the shop's ledger already; a report of
 * it back (BackOfficeAccountDocument, kind Payment, the same reference) changes nothing.
 */
export const BackOfficePayment = z.object({
  idempotencyKey: z.string(),
  tenantId: z.string(),
  accountId: z.string(),
  /** The shop's reference (PAY-…), the document's reference on the statement. */
  reference: z.string(),
  amount: z.number(),
  date: IsoDateTime,
  method: z.enum(["PayFast", "EFT"]),
  /** PayFast's id of the payment; the bank's reference the EFT quoted. */
  externalReference: z.string().nullable(),
  /** The shop's order number (TS…) when it paid for an order over credit. */
  orderId: z.string().nullable(),
});
export type BackOfficePayment = z.infer<typeof BackOfficePayment>;

/** The back office's 2xx answer may name the sales order at once; an empty body is fine too. */
export const BackOfficeHandOffAnswer = z.looseObject({
  salesOrderNumber: z.string().trim().min(1).max(40).optional(),
});
export type BackOfficeHandOffAnswer = z.infer<typeof BackOfficeHandOffAnswer>;

/** A status change the back office reports for one of our orders. */
export const BackOfficeStatusCallback = z.object({
  /** Unique per change; a callback repeating an applied event id changes nothing. */
  eventId: z.string().trim().min(1).max(100),
  /** Our order number, as sent in `order.orderId` (e.g. TS100587). */
  orderId: z.string().trim().min(1).max(40),
  status: OrderStatus.exclude(["Pending", "Awaiting payment"]),
  /** Required for On Hold and Rejected. */
  reason: z.string().trim().max(500).nullish(),
  /** Required with Submitted unless the order already has one. */
  salesOrderNumber: z.string().trim().min(1).max(40).nullish(),
  /** Required with Invoiced unless the order already has one. */
  invoiceNumber: z.string().trim().min(1).max(40).nullish(),
  /** With Delivered: who signed for the goods, shown to the customer with the delivery. */
  signedBy: z.string().trim().min(1).max(100).nullish(),
  /**
   * The answer to a cancellation the shop asked for, when the back office will not cancel (the
   * order is being picked): why. Sent with the order's current status. A cancellation it makes
   * comes as status Cancelled instead.
   */
  cancellationRefused: z.string().trim().min(1).max(300).nullish(),
});
export type BackOfficeStatusCallback = z.infer<typeof BackOfficeStatusCallback>;

/**
 * pending: waiting for its first try; retrying: failed at least once and will be tried again;
 * parked: gave up after its last attempt (staff can re-queue it); done: the back office has it.
 */
export const HandOffState = z.enum(["pending", "retrying", "parked", "done"]);
export type HandOffState = z.infer<typeof HandOffState>;

export const HandOff = z.object({
  /** The queue entry's id (what the retry action takes). */
  id: Id,
  /** The order's id and number. */
  orderId: Id,
  orderNumber: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  currentPastelStatus: OrderStatus,
  state: HandOffState,
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  /** When the next try is due (for one in a worker's hands, when its claim runs out); null when parked or done. */
  nextAttemptAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  processedAt: IsoDateTime.nullable(),
});
export type HandOff = z.infer<typeof HandOff>;

/** Without a state: everything not yet done, newest first. */
export const HandOffQuery = z.object({
  state: HandOffState.optional(),
});
export type HandOffQuery = z.infer<typeof HandOffQuery>;

const HandOffParams = z.object({ id: IdParam });

/** This domain's routes in the API table (api.ts). */
export const backOfficeRoutes = {
  handOffs: {
    method: "GET",
    path: "/api/BackOffice/HandOffs",
    query: HandOffQuery,
    response: z.array(HandOff),
    auth: true,
    roles: STAFF_ROLES,
    summary:
      "The tenant's order hand-offs to the back office: pending, retrying and parked ones with their errors",
    tag: "BackOffice",
  },
  retryHandOff: {
    method: "POST",
    path: "/api/BackOffice/HandOffs/:id/Retry",
    params: HandOffParams,
    response: HandOff,
    auth: true,
    roles: STAFF_ROLES,
    problems: ["not_found", "hand_off_not_parked"],
    summary:
      "Try a hand-off now: a parked one is queued again, a waiting one made due now (one in a worker's hands is left as it is); 409 once done",
    tag: "BackOffice",
  },
  // Called by the back office, not the web app: signed (HMAC) instead of a login and XSRF token.
  statusCallback: {
    method: "POST",
    path: "/api/BackOffice/StatusCallback",
    body: BackOfficeStatusCallback,
    response: SuccessEnvelope,
    auth: false,
    signed: true,
    problems: ["not_found", "status_not_allowed", "service_unavailable"],
    summary: "The back office reports an order's new status (signed, see contracts/backoffice.ts)",
    tag: "BackOffice",
  },
} as const satisfies Record<string, ApiRoute>;
