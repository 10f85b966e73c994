// Orders over a buyer's limit (decision 128). Such an order is placed as Awaiting
// approval: its stock is taken and it counts against credit like any placed order, but it is
// not handed to the back office. The owner is e-mailed; approving hands it off, rejecting (or
// nobody deciding before approval_due_at) puts its stock back. Each decision is one transaction
// on the locked order, so a double click or an approval racing the expiry decides once.
import { sql } from "kysely";
import type { Order } from "@trade-shop/contracts/orders";
import type { ApprovalsInbox } from "@trade-shop/contracts/buyers";
import { toRand } from "@trade-shop/contracts/common";
import { formatRandCents, formatShopDateTime } from "@trade-shop/contracts/format";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import {
  creditPosition,
  liquorRefusal,
  ownerOf,
  requireOwner,
  type CustomerContext,
  type Member,
} from "../accounts";
import { handOff, releaseOrderStock } from "../backoffice";
import { queueEmail } from "../messaging";
import { accountDelivery, deliveryPromise, deliveryTerms, holidayCalendar } from "./delivery";
import { findOrder } from "./queries";

export const AWAITING_APPROVAL = "Awaiting approval";

type LinkConfig = Pick<Config, "publicUrl">;

const orderLink = (config: LinkConfig, id: number) => `${config.publicUrl}/orders-history/${id}`;

/** E-mails the account's owner that an order waits for them, in the placing transaction. */
export async function askOwnerToApprove(
  trx: Db,
  config: LinkConfig,
  order: Pick<Order, "id" | "orderId" | "accountName" | "totalPriceIncl" | "approvalDueAt">,
  totalInclCents: number,
  customerId: number,
  buyer: Member,
  /** Another request for the same order (after a change) needs a key of its own. */
  requestKey = `approval-request:${order.id}`,
) {
  const owner = await ownerOf(trx, customerId);
  if (!owner) return;
  await queueEmail(trx, requestKey, {
    to: owner.email,
    subject: `Order ${order.orderId} by ${buyer.name} waits for your approval`,
    text: [
      `Hello ${owner.firstname},`,
      "",
      `${buyer.name} placed order ${order.orderId} for ${order.accountName}, ${formatRandCents(totalInclCents)} incl. VAT.`,
      `That is over their order limit of ${formatRandCents(buyer.orderLimitCents ?? 0)}, so it waits for your approval before it goes to us.`,
      `Its stock is held until ${formatShopDateTime(order.approvalDueAt!)}; after that it is released.`,
      "",
      `Approve or reject it here: ${orderLink(config, order.id)}`,
      "",
      "Trade Shop",
    ].join("\n"),
  });
}

/** The owner's inbox: the account's orders awaiting approval, the first to be released first. */
export async function awaitingApprovals(
  db: Db,
  customer: CustomerContext,
  userId: number,
): Promise<ApprovalsInbox> {
  await requireOwner(db, customer, userId);
  // orders_customer_status_idx; an account has a handful waiting at most.
  const { rows } = await sql<{
    id: number;
    orderId: string;
    createdDate: Date;
    placedBy: string | null;
    totalInclCents: number;
    approvalDueAt: Date;
    lineCount: number;
    orderLimitCents: number | null;
  }>`
    SELECT o.id, o.order_id, o.created_date, o.total_incl_cents, o.approval_due_at,
           nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') AS placed_by, u.order_limit_cents,
           (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS line_count
      FROM orders o LEFT JOIN users u ON u.id = o.user_id
     WHERE o.tenant_id = ${customer.tenantId} AND o.customer_id = ${customer.customerId}
       AND o.current_pastel_status = ${AWAITING_APPROVAL}
     ORDER BY o.approval_due_at, o.id`.execute(db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      createdDate: row.createdDate.toISOString(),
      placedBy: row.placedBy,
      totalPriceIncl: toRand(row.totalInclCents),
      approvalDueAt: row.approvalDueAt.toISOString(),
      lineCount: row.lineCount,
      buyerOrderLimit: row.orderLimitCents === null ? null : toRand(row.orderLimitCents),
    })),
  };
}

interface AwaitingOrder {
  id: number;
  orderId: string;
  userId: number | null;
  status: string;
  homeDelivery: boolean;
  totalInclCents: number;
  creditcheckOverride: boolean;
}

async function lockAwaiting(trx: Db, customerId: number, id: number): Promise<AwaitingOrder> {
  const { rows } = await sql<AwaitingOrder>`
    SELECT id, order_id, user_id, current_pastel_status AS status, home_delivery, total_incl_cents,
           creditcheck_override FROM orders
     WHERE id = ${id} AND customer_id = ${customerId}
       FOR UPDATE`.execute(trx);
  const order = rows[0];
  if (!order) throw notFound(`There is no order ${id} on your account.`);
  if (order.status !== AWAITING_APPROVAL) {
    throw new DomainError(
      "not_awaiting_approval",
      `Order ${order.orderId} is not awaiting approval: it is ${order.status}.`,
      {
        extensions: { currentPastelStatus: order.status },
      },
    );
  }
  return order;
}

async function decide(
  trx: Db,
  order: AwaitingOrder,
  to: "Pending" | "Rejected",
  by: number | null,
  reason: string,
) {
  await trx
    .updateTable("orders")
    .set({
      currentPastelStatus: to,
      pastelStatusReason: to === "Rejected" ? reason : null,
      lastPastelStatusUpdate: sql`now()`,
      decidedBy: by,
      decidedAt: sql`now()`,
    })
    .where("id", "=", order.id)
    .execute();
  await trx
    .insertInto("orderStatusHistory")
    .values({ orderId: order.id, status: to, reason, changedBy: by })
    .execute();
}

/** Tells the buyer what became of their order (not when they decided it themselves). */
async function tellBuyer(
  trx: Db,
  config: LinkConfig,
  order: AwaitingOrder,
  outcome: "approved" | "rejected",
  why: string,
) {
  if (order.userId === null) return;
  const buyer = await trx
    .selectFrom("users")
    .select(["firstname", "email"])
    .where("id", "=", order.userId)
    .executeTakeFirst();
  if (!buyer) return;
  await queueEmail(trx, `approval-${outcome}:${order.id}`, {
    to: buyer.email,
    subject: `Order ${order.orderId} was ${outcome}`,
    text: [
      `Hello ${buyer.firstname},`,
      "",
      outcome === "approved"
        ? `Your order ${order.orderId} was approved by ${why} and has gone to us for picking.`
        : `Your order ${order.orderId} was not approved: ${why}. Its stock has been released.`,
      "",
      orderLink(config, order.id),
      "",
      "Trade Shop",
    ].join("\n"),
  });
}

/**
 * The licence is checked again when the order is approved, not only when it was placed: it can
 * expire (or be taken off the account) while the order waits. The order then stays awaiting
 * approval, for the owner to reject or to approve once the renewed licence is on record.
 */
async function refuseLiquorNoLongerAllowed(trx: Db, orderId: number, customer: CustomerContext) {
  const refusal = liquorRefusal(customer);
  if (!refusal) return;
  const { rows } = await sql<{ liquor: boolean }>`
    SELECT true AS liquor FROM order_lines l JOIN products p ON p.sku_code = l.sku_code
     WHERE l.order_id = ${orderId} AND p.is_liquor
     LIMIT 1`.execute(trx);
  if (rows.length > 0) throw refusal;
}

/**
 * Credit is checked again too: the order has counted against it since it was placed, but the
 * balance can have grown since (an invoice, a limit lowered). Approving is refused while the
 * account is over its limit with this order counted; the owner can reject it, or approve it once
 * a payment is in. The customer row is locked after the order's (as placing locks it), so an
 * approval and an order being placed are checked one after the other.
 */
async function refuseOverCredit(trx: Db, order: AwaitingOrder, customerId: number) {
  if (order.creditcheckOverride) return;
  const credit = await creditPosition(trx, customerId, { lock: true });
  if (credit.remainingCreditCents >= 0) return;
  const withoutThis = credit.remainingCreditCents + order.totalInclCents;
  throw new DomainError(
    "credit_exceeded",
    `Order ${order.orderId} of ${formatRandCents(order.totalInclCents)} is more than the account's remaining credit of ${formatRandCents(Math.max(0, withoutThis))}: reject it, or approve it once a payment is in.`,
    { extensions: { remainingCredit: toRand(withoutThis), orderTotal: toRand(order.totalInclCents) } },
  );
}

/** An approved order goes to us now: it is promised the day an order placed now would be. */
async function promiseAfresh(
  trx: Db,
  config: Pick<Config, "PUBLIC_HOLIDAYS">,
  now: Date,
  order: Pick<AwaitingOrder, "id" | "homeDelivery">,
  customerId: number,
) {
  const terms = deliveryTerms(await accountDelivery(trx, customerId), order.homeDelivery);
  const { day } = deliveryPromise(now, terms, holidayCalendar(config.PUBLIC_HOLIDAYS));
  await trx.updateTable("orders").set({ expectedDeliveryDate: day }).where("id", "=", order.id).execute();
}

export async function approveOrder(
  db: Db,
  config: LinkConfig & Pick<Config, "PUBLIC_HOLIDAYS">,
  customer: CustomerContext,
  userId: number,
  id: number,
  now = new Date(),
): Promise<Order> {
  const owner = await requireOwner(db, customer, userId);
  await db.transaction().execute(async (trx) => {
    const order = await lockAwaiting(trx, customer.customerId, id);
    await refuseLiquorNoLongerAllowed(trx, order.id, customer);
    await refuseOverCredit(trx, order, customer.customerId);
    await decide(trx, order, "Pending", owner.userId, `Approved by ${owner.name}`);
    await promiseAfresh(trx, config, now, order, customer.customerId);
    await handOff(trx, order.id, customer);
    if (order.userId !== owner.userId) await tellBuyer(trx, config, order, "approved", owner.name);
  });
  return (await findOrder(db, { tenantId: customer.tenantId, customerId: customer.customerId }, { id }))!;
}

export async function rejectOrder(
  db: Db,
  config: LinkConfig,
  customer: CustomerContext,
  userId: number,
  id: number,
  reason: string,
): Promise<Order> {
  const owner = await requireOwner(db, customer, userId);
  const why = `Not approved by ${owner.name}: ${reason}`;
  await db.transaction().execute(async (trx) => {
    const order = await lockAwaiting(trx, customer.customerId, id);
    await decide(trx, order, "Rejected", owner.userId, why);
    await releaseOrderStock(trx, order.id);
    if (order.userId !== owner.userId)
      await tellBuyer(trx, config, order, "rejected", `${owner.name} said "${reason}"`);
  });
  return (await findOrder(db, { tenantId: customer.tenantId, customerId: customer.customerId }, { id }))!;
}

/**
 * Rejects the orders nobody decided on before their hold ran out and releases their stock.
 * Run by the outbox worker's housekeeping; SKIP LOCKED leaves an order being decided to its decider.
 */
export async function releaseOverdueApprovals(db: Db, config: LinkConfig): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<AwaitingOrder>`
      SELECT id, order_id, user_id, current_pastel_status AS status, home_delivery, total_incl_cents,
             creditcheck_override FROM orders
       WHERE current_pastel_status = ${AWAITING_APPROVAL} AND approval_due_at <= now()
       ORDER BY approval_due_at
       LIMIT 200
         FOR UPDATE SKIP LOCKED`.execute(trx);
    for (const order of rows) {
      const why = "Not approved in time: the order's stock was released";
      await decide(trx, order, "Rejected", null, why);
      await releaseOrderStock(trx, order.id);
      await tellBuyer(trx, config, order, "rejected", "nobody approved it in time");
    }
    return rows.length;
  });
}
