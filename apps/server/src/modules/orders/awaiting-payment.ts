// Orders over the account's credit that wait for the part over it to be paid online
// (docs/payments.md). Such an order is placed as Awaiting payment: its stock is taken and it
// counts against credit like any placed order, but it is not handed off. Once its payment is
// recorded (modules/payments), which lowers the balance by the part over credit, it becomes
// Pending and goes to the back office; unpaid when its hold runs out, it is cancelled and its
// stock put back. Each step is one transaction on the locked order, so a payment racing the
// expiry decides once.
import { sql } from "kysely";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { handOff, releaseOrderStock } from "../backoffice";

export const AWAITING_PAYMENT = "Awaiting payment";

export interface OrderToPay {
  id: number;
  orderId: string;
  status: string;
  paymentDueCents: number;
}

async function lockOrder(trx: Db, customerId: number, id: number) {
  const { rows } = await sql<OrderToPay & { paymentDueCents: number | null }>`
    SELECT id, order_id, current_pastel_status AS status, payment_due_cents FROM orders
     WHERE id = ${id} AND customer_id = ${customerId}
       FOR UPDATE`.execute(trx);
  return rows[0];
}

/** The order of the account that waits for a payment, locked; 404 or 409 otherwise. */
export async function orderAwaitingPayment(trx: Db, customerId: number, id: number): Promise<OrderToPay> {
  const order = await lockOrder(trx, customerId, id);
  if (!order) throw notFound(`There is no order ${id} on your account.`);
  if (order.status !== AWAITING_PAYMENT || order.paymentDueCents === null) {
    throw new DomainError(
      "not_awaiting_payment",
      `Order ${order.orderId} does not wait for a payment: it is ${order.status}.`,
      { extensions: { currentPastelStatus: order.status } },
    );
  }
  return { ...order, paymentDueCents: order.paymentDueCents };
}

/**
 * A payment for the order is on the ledger (in the caller's transaction): the order goes to the
 * back office now. A payment for an order no longer waiting (cancelled when its hold ran out,
 * say) changes the order in nothing; the money stays on the account as a payment.
 */
export async function orderPaid(
  trx: Db,
  customer: { tenantId: string; customerId: number },
  id: number,
  payment: { reference: string; amountCents: number; gatewayId: string | null },
): Promise<boolean> {
  const order = await lockOrder(trx, customer.customerId, id);
  if (!order || order.status !== AWAITING_PAYMENT) return false;
  const reason = `Paid ${formatRandCents(payment.amountCents)} online (${payment.reference})`;
  await trx
    .updateTable("orders")
    .set({
      currentPastelStatus: "Pending",
      pastelStatusReason: null,
      lastPastelStatusUpdate: sql`now()`,
      paymentDueAt: null,
      paymentDueCents: null,
      payfastPaymentId: payment.gatewayId,
    })
    .where("id", "=", order.id)
    .execute();
  await trx
    .insertInto("orderStatusHistory")
    .values({ orderId: order.id, status: "Pending", reason, changedBy: null })
    .execute();
  await handOff(trx, order.id, customer);
  return true;
}

/**
 * Cancels the orders whose payment did not come before their hold ran out and puts their stock
 * back. Run by the outbox worker's housekeeping; SKIP LOCKED leaves an order being paid to its payment.
 */
export async function releaseUnpaidOrders(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM orders  -- orders_awaiting_payment_idx
       WHERE current_pastel_status = ${AWAITING_PAYMENT} AND payment_due_at <= now()
       ORDER BY payment_due_at
       LIMIT 200
         FOR UPDATE SKIP LOCKED`.execute(trx);
    const reason = "Not paid in time: the order's stock was released";
    for (const { id } of rows) {
      await trx
        .updateTable("orders")
        .set({
          currentPastelStatus: "Cancelled",
          pastelStatusReason: reason,
          lastPastelStatusUpdate: sql`now()`,
          paymentDueCents: null,
        })
        .where("id", "=", id)
        .execute();
      await trx
        .insertInto("orderStatusHistory")
        .values({ orderId: id, status: "Cancelled", reason })
        .execute();
      await releaseOrderStock(trx, id);
    }
    return rows.length;
  });
}
