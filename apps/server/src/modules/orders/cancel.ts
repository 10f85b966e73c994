// Cancelling an order (docs/rules.md "Cancelling an order"). One transaction on the locked order:
// while the back office cannot have it (awaiting approval, or its hand-off queued and never
// tried) it is Cancelled at once, its stock and credit released and its hand-off withdrawn; once
// the back office may have it, a cancellation is asked of it through the outbox and it decides.
// The hand-off's outbox row is locked too, so a cancel and the worker claiming the hand-off
// never both win: the claim marks the row tried (attempts > 0) in its own short transaction,
// and whichever commits first decides which way the cancel goes.
import { sql } from "kysely";
import type { Order } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { memberOf, type CustomerContext, type Member } from "../accounts";
import { releaseOrderStock, requestCancellation } from "../backoffice";
import { AWAITING_APPROVAL } from "./approvals";
import { AWAITING_PAYMENT } from "./awaiting-payment";
import { BACK_OFFICE_MAY_STOP, findOrder } from "./queries";

interface CancellableOrder {
  id: number;
  orderId: string;
  userId: number | null;
  status: Order["currentPastelStatus"];
  cancelRequestedAt: Date | null;
}

async function lockCancellable(trx: Db, customerId: number, id: number): Promise<CancellableOrder> {
  const { rows } = await sql<CancellableOrder>`
    SELECT id, order_id, user_id, current_pastel_status AS status, cancel_requested_at
      FROM orders WHERE id = ${id} AND customer_id = ${customerId}
       FOR UPDATE`.execute(trx);
  const order = rows[0];
  if (!order) throw notFound(`There is no order ${id} on your account.`);
  return order;
}

/** A Viewer of the account sees its orders but changes none of them. */
export function refuseViewer(member: Member | undefined) {
  if (member?.accountRole === "Viewer") {
    throw new DomainError(
      "viewer_read_only",
      "You are a viewer on this account: you can see its orders, but only its owner and buyers change them.",
    );
  }
}

/** A buyer changes or cancels their own orders; the owner (and a rep for the account) any of them. */
export function refuseOthersOrder(
  member: Member | undefined,
  order: { userId: number | null; orderId: string },
  userId: number,
  verb: "cancel" | "change",
) {
  if (member?.accountRole === "Buyer" && order.userId !== userId)
    throw new DomainError(
      "owner_only",
      `Order ${order.orderId} is not yours: the account's owner can ${verb} it.`,
    );
}

/**
 * Withdraws the order's hand-off when it was never tried, and says whether it did. The row is
 * locked first: a worker claiming it waits, and a claim already committed shows as an attempt.
 */
export async function withdrawUnsentHandOff(trx: Db, orderId: number): Promise<boolean> {
  if (!(await lockUnsentHandOff(trx, orderId))) return false;
  await sql`DELETE FROM outbox WHERE idempotency_key = ${`order:${orderId}`}`.execute(trx);
  return true;
}

/**
 * Whether the order's hand-off is queued and was never tried; its outbox row stays locked to the
 * end of the transaction, so the worker cannot claim it meanwhile.
 */
export async function lockUnsentHandOff(trx: Db, orderId: number): Promise<boolean> {
  const { rows } = await sql<{ attempts: number; status: string }>`
    SELECT attempts, status FROM outbox WHERE idempotency_key = ${`order:${orderId}`} FOR UPDATE`.execute(
    trx,
  );
  return rows[0]?.status === "pending" && rows[0].attempts === 0;
}

/** Cancelled here and now: the back office never had it. */
async function cancelNow(trx: Db, order: CancellableOrder, userId: number, reason: string) {
  await trx
    .updateTable("orders")
    .set({ currentPastelStatus: "Cancelled", pastelStatusReason: reason, lastPastelStatusUpdate: sql`now()` })
    .where("id", "=", order.id)
    .execute();
  await trx
    .insertInto("orderStatusHistory")
    .values({ orderId: order.id, status: "Cancelled", reason, changedBy: userId })
    .execute();
  await releaseOrderStock(trx, order.id);
}

export async function cancelOrder(
  db: Db,
  customer: CustomerContext,
  userId: number,
  id: number,
  given: string | undefined,
): Promise<Order> {
  const member = await memberOf(db, userId, customer.customerId);
  refuseViewer(member);
  await db.transaction().execute(async (trx) => {
    const order = await lockCancellable(trx, customer.customerId, id);
    refuseOthersOrder(member, order, userId, "cancel");
    // A repeat (a double tap, a second device) finds it done or asked for already.
    if (order.status === "Cancelled" || order.cancelRequestedAt !== null) return;
    const who = member?.name ?? "the shop";
    const reason = given ? `Cancelled by ${who}: ${given}` : `Cancelled by ${who}`;
    if (order.status === AWAITING_APPROVAL || order.status === AWAITING_PAYMENT)
      return cancelNow(trx, order, userId, reason);
    if (order.status === "Pending" && (await withdrawUnsentHandOff(trx, order.id)))
      return cancelNow(trx, order, userId, reason);
    if (!BACK_OFFICE_MAY_STOP.includes(order.status)) {
      throw new DomainError(
        "order_not_cancellable",
        `Order ${order.orderId} is ${order.status.toLowerCase()}: it can no longer be cancelled.`,
        { extensions: { currentPastelStatus: order.status } },
      );
    }
    await trx
      .updateTable("orders")
      .set({ cancelRequestedAt: sql`now()`, cancelRequestedBy: userId, cancelRefusedReason: null })
      .where("id", "=", order.id)
      .execute();
    await requestCancellation(trx, order.id, reason, customer);
  });
  return (await findOrder(db, { tenantId: customer.tenantId, customerId: customer.customerId }, { id }))!;
}
