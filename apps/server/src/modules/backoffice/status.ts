// The one place an order's back-office status changes, whichever back office reports it. In
// the caller's transaction: the order row is locked, the change checked against the flow of
// docs/rules.md, the order, its history and its lines' Pastel numbers written, and, when the
// order is invoiced, its total moved into the customer's balance. Before that moment the order
// counts against credit as not yet invoiced, after it as balance: never both, never neither.
import type { OrderStatus } from "@trade-shop/contracts/orders";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { NOT_YET_INVOICED } from "../accounts";

/** The normal flow; On Hold and Rejected step out of it before invoicing. */
export const STATUS_FLOW: readonly OrderStatus[] = [
  "Pending",
  "Submitted",
  "Picking",
  "Invoiced",
  "Dispatched",
  "Delivered",
];
const INVOICED: readonly OrderStatus[] = ["Invoiced", "Dispatched", "Delivered"];
/** The states whose reason the order keeps and shows. */
const KEEPS_REASON: readonly OrderStatus[] = ["On Hold", "Rejected", "Cancelled"];

/** Puts an order's stock back in the warehouse it was taken from. */
export async function releaseOrderStock(trx: Db, orderId: number) {
  await sql`UPDATE stock s SET on_hand = s.on_hand + l.quantity
              FROM order_lines l
             WHERE l.order_id = ${orderId} AND s.warehouse_code = l.warehouse_code AND s.sku_code = l.sku_code`.execute(
    trx,
  );
}

/**
 * The back office will not cancel an order the customer asked it to (it is being picked): the
 * request is over, and its reason is shown with the order.
 */
export async function refuseCancellation(trx: Db, orderId: number, reason: string) {
  await trx
    .updateTable("orders")
    .set({ cancelRequestedAt: null, cancelRefusedReason: reason })
    .where("id", "=", orderId)
    .where("cancelRequestedAt", "is not", null)
    .execute();
}

export interface StatusChange {
  status: OrderStatus;
  /** Why an order is On Hold or Rejected; ignored for other statuses. */
  reason?: string | null | undefined;
  salesOrderNumber?: string | null | undefined;
  invoiceNumber?: string | null | undefined;
  /** Who signed for a delivery; kept with Delivered only. */
  signedBy?: string | null | undefined;
}

/**
 * changed: applied. unchanged: the order is already there. stale: the order is already past it
 * in the normal flow (a late or repeated report), so nothing changed.
 */
export type StatusOutcome = "changed" | "unchanged" | "stale";

export interface OrderForStatus {
  id: number;
  orderId: string;
  customerId: number;
  status: OrderStatus;
  totalInclCents: number;
  salesOrderNumber: string | null;
  invoiceNumber: string | null;
}

/** Locks the order for the rest of the transaction. */
export async function lockOrder(
  trx: Db,
  where: { id: number } | { orderNumber: string },
): Promise<OrderForStatus | undefined> {
  const result = await sql<OrderForStatus>`
    SELECT o.id, o.order_id, o.customer_id, o.current_pastel_status AS status, o.total_incl_cents,
           (SELECT max(l.pastel_sales_order_number) FROM order_lines l WHERE l.order_id = o.id) AS sales_order_number,
           (SELECT max(l.pastel_invoice_number) FROM order_lines l WHERE l.order_id = o.id) AS invoice_number
      FROM orders o
     WHERE ${"id" in where ? sql`o.id = ${where.id}` : sql`o.order_id = ${where.orderNumber}`}
       FOR UPDATE OF o`.execute(trx);
  return result.rows[0];
}

/** Whether an order may go from one status to another, or the report is merely late. */
export function judgeTransition(from: OrderStatus, to: OrderStatus): StatusOutcome | "refused" {
  if (from === to) return "unchanged";
  // The back office never had an order awaiting approval (nor one rejected or cancelled): it
  // cannot move it.
  if (from === "Rejected" || from === "Awaiting approval" || from === "Cancelled") return "refused";
  const invoiced = INVOICED.includes(from);
  if (to === "On Hold" || to === "Rejected" || to === "Cancelled") return invoiced ? "refused" : "changed";
  if (from === "On Hold") return "changed";
  return STATUS_FLOW.indexOf(to) > STATUS_FLOW.indexOf(from) ? "changed" : "stale";
}

export async function applyStatusChange(
  trx: Db,
  order: OrderForStatus,
  change: StatusChange,
): Promise<StatusOutcome> {
  const verdict = judgeTransition(order.status, change.status);
  if (verdict === "refused") {
    throw new DomainError(
      "status_not_allowed",
      `Order ${order.orderId} cannot go from ${order.status} to ${change.status}.`,
      {
        extensions: { currentPastelStatus: order.status },
      },
    );
  }
  const salesOrderNumber = change.salesOrderNumber ?? order.salesOrderNumber;
  const invoiceNumber = change.invoiceNumber ?? order.invoiceNumber;
  const becomesInvoiced = NOT_YET_INVOICED.includes(order.status) && INVOICED.includes(change.status);
  if (verdict === "changed") {
    if (change.status === "Submitted" && !salesOrderNumber) {
      throw new DomainError("validation", "A submitted order needs its sales order number.", {
        errors: { salesOrderNumber: ["Required with status Submitted."] },
      });
    }
    if (becomesInvoiced && !invoiceNumber) {
      throw new DomainError("validation", "An invoiced order needs its invoice number.", {
        errors: { invoiceNumber: ["Required when the order is invoiced."] },
      });
    }
    if ((change.status === "On Hold" || change.status === "Rejected") && !change.reason) {
      throw new DomainError(
        "validation",
        `An order ${change.status === "On Hold" ? "on hold" : "rejected"} needs a reason.`,
        {
          errors: { reason: [`Required with status ${change.status}.`] },
        },
      );
    }
  }
  // Numbers the back office reports are kept even from a late report.
  if (salesOrderNumber !== order.salesOrderNumber || invoiceNumber !== order.invoiceNumber) {
    await trx
      .updateTable("orderLines")
      .set({ pastelSalesOrderNumber: salesOrderNumber, pastelInvoiceNumber: invoiceNumber })
      .where("orderId", "=", order.id)
      .execute();
  }
  if (verdict !== "changed") return verdict;

  if (becomesInvoiced) {
    await sql`UPDATE customers SET dc_balance_cents = dc_balance_cents + ${order.totalInclCents}
               WHERE id = ${order.customerId}`.execute(trx);
    // The invoice goes on the account's ledger in the same step, due on the account's terms, so
    // the statement's closing balance is always the balance (a repeat report adds nothing).
    await sql`INSERT INTO account_documents (customer_id, kind, reference, document_date, due_date, amount_cents, order_id, description)
              SELECT c.id, 'invoice', ${invoiceNumber}, now(),
                     (now() AT TIME ZONE 'Africa/Johannesburg')::date + c.payment_terms_days,
                     ${order.totalInclCents}, ${order.id}, ${`Order ${order.orderId}`}
                FROM customers c WHERE c.id = ${order.customerId} AND ${order.totalInclCents} > 0
              ON CONFLICT (customer_id, kind, reference) DO NOTHING`.execute(trx);
  }
  const reason = KEEPS_REASON.includes(change.status) ? (change.reason ?? null) : null;
  // An order that will not be picked gives its stock back (it was taken at placement).
  if (change.status === "Rejected" || change.status === "Cancelled") await releaseOrderStock(trx, order.id);
  await trx
    .updateTable("orders")
    .set({
      currentPastelStatus: change.status,
      pastelStatusReason: reason,
      lastPastelStatusUpdate: sql`now()`,
    })
    .where("id", "=", order.id)
    .execute();
  await trx
    .insertInto("orderStatusHistory")
    .values({
      orderId: order.id,
      status: change.status,
      reason,
      signedBy: change.status === "Delivered" ? (change.signedBy ?? null) : null,
    })
    .execute();
  return "changed";
}
