// The order hand-off queue, the back office's outbox topic "backoffice.order": `handOff` queues
// a placed (or approved) order in the orders module's transaction; adapter.ts hands it over
// once that commits. And the staff view of the queue: the tenant's messages with their
// attempts, last error and next try, and the action that tries one now: a parked one queued
// again (decision 10's operator SQL, behind a button), a waiting one made due (decision 157).
import type { BackOfficePayment, HandOff, HandOffState } from "@trade-shop/contracts/backoffice";
import type { BackOfficeAccount } from "./back-office";
import type { OrderStatus } from "@trade-shop/contracts/orders";
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { enqueue, type OutboxMessage } from "../../core/outbox";

/** The outbox topic of the order hand-off; its payload is adapter.ts's HandOffPayload. */
export const BACKOFFICE_TOPIC = "backoffice.order";

/**
 * Queues the order for the back office in the caller's transaction: it is handed off once
 * committed. An account's orders are handed off one after another, in the order they were
 * placed (the outbox's ordering key, decision 79); different accounts' go side by side.
 */
export function handOff(trx: Db, orderId: number, customer: { tenantId: string; customerId: number }) {
  return enqueue(trx, handOffToQueue(orderId, customer));
}

/** handOff's outbox message, for order placement, which queues it with the confirmation in one statement. */
export function handOffToQueue(
  orderId: number,
  customer: { tenantId: string; customerId: number },
): OutboxMessage {
  return {
    topic: BACKOFFICE_TOPIC,
    idempotencyKey: `order:${orderId}`,
    payload: { orderId },
    orderingKey: `customer:${customer.tenantId}:${customer.customerId}`,
  };
}

/** The outbox topic of a cancellation asked of the back office; payload CancellationPayload. */
export const CANCEL_TOPIC = "backoffice.cancel";

/**
 * Queues a cancellation of an order the back office has, in the caller's transaction. It has the
 * order's ordering key, so it goes after the order's own hand-off; the back office decides, by a
 * status callback (Cancelled, or its refusal).
 */
export function requestCancellation(
  trx: Db,
  orderId: number,
  reason: string,
  customer: { tenantId: string; customerId: number },
) {
  return enqueue(trx, {
    topic: CANCEL_TOPIC,
    idempotencyKey: `cancel:${orderId}:${Date.now()}`,
    payload: { orderId, reason },
    orderingKey: `customer:${customer.tenantId}:${customer.customerId}`,
  });
}

/** The outbox topic of a payment reported to the back office; payload BackOfficePayment. */
export const PAYMENT_TOPIC = "backoffice.payment";

/**
 * Queues the report of a payment in the caller's transaction (the one that put it on the
 * ledger). It goes in the account's order, after the hand-off of an order it paid for.
 */
export function reportPayment(
  trx: Db,
  payment: Omit<BackOfficePayment, "idempotencyKey">,
  customer: { tenantId: string; customerId: number },
) {
  const idempotencyKey = `payment:${payment.reference}`;
  return enqueue(trx, {
    topic: PAYMENT_TOPIC,
    idempotencyKey,
    payload: { ...payment, idempotencyKey } satisfies BackOfficePayment,
    orderingKey: `customer:${customer.tenantId}:${customer.customerId}`,
  });
}

/** The outbox topic of an account the shop opened, reported to the back office; payload BackOfficeAccount. */
export const ACCOUNT_TOPIC = "backoffice.account";

/**
 * Queues the report of a new account in the caller's transaction (the one that opened it). It has
 * the account's ordering key, so the back office hears of the account before any of its orders.
 */
export function reportAccount(
  trx: Db,
  account: Omit<BackOfficeAccount, "idempotencyKey">,
  customer: { tenantId: string; customerId: number },
) {
  const idempotencyKey = `account:${account.accountId}`;
  return enqueue(trx, {
    topic: ACCOUNT_TOPIC,
    idempotencyKey,
    payload: { ...account, idempotencyKey } satisfies BackOfficeAccount,
    orderingKey: `customer:${customer.tenantId}:${customer.customerId}`,
  });
}

interface HandOffRow {
  id: number;
  orderId: number;
  orderNumber: string;
  accountId: string;
  accountName: string;
  currentPastelStatus: OrderStatus;
  status: "pending" | "done" | "parked";
  attempts: number;
  lastError: string | null;
  availableAt: Date;
  createdAt: Date;
  processedAt: Date | null;
}

const stateOf = (row: Pick<HandOffRow, "status" | "lastError">): HandOffState =>
  row.status === "pending" ? (row.lastError ? "retrying" : "pending") : row.status;

function toHandOff(row: HandOffRow): HandOff {
  const state = stateOf(row);
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    accountId: row.accountId,
    accountName: row.accountName,
    currentPastelStatus: row.currentPastelStatus,
    state,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? row.availableAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

const STATE_FILTERS: Record<HandOffState | "open", RawBuilder<unknown>> = {
  open: sql`m.status <> 'done'`,
  pending: sql`m.status = 'pending' AND m.last_error IS NULL`,
  retrying: sql`m.status = 'pending' AND m.last_error IS NOT NULL`,
  parked: sql`m.status = 'parked'`,
  done: sql`m.status = 'done'`,
};

async function selectHandOffs(db: Db, tenantId: string, where: RawBuilder<unknown>, limit: number) {
  // outbox_open_topic_idx (topic, created_at DESC) WHERE status <> 'done'
  const { rows } = await sql<HandOffRow>`
    SELECT m.id, o.id AS order_id, o.order_id AS order_number, c.account_id, o.account_name,
           o.current_pastel_status, m.status, m.attempts, m.last_error, m.available_at, m.created_at, m.processed_at
      FROM outbox m
      JOIN orders o ON o.id = (m.payload->>'orderId')::int
      JOIN customers c ON c.id = o.customer_id
     WHERE m.topic = ${BACKOFFICE_TOPIC} AND o.tenant_id = ${tenantId} AND ${where}
     ORDER BY m.created_at DESC, m.id DESC
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** Without a state: every hand-off not yet done. */
export async function listHandOffs(
  db: Db,
  tenantId: string,
  state: HandOffState | undefined,
): Promise<HandOff[]> {
  const rows = await selectHandOffs(db, tenantId, STATE_FILTERS[state ?? "open"], 500);
  return rows.map(toHandOff);
}

/**
 * Staff's "try now": a parked hand-off is queued again (its attempts from nought); a waiting one
 * (pending or retrying) is made due now, its attempts as they are. One in a worker's hands is
 * being tried already and is left alone, so a claim in flight is never overtaken; a done one is
 * refused.
 */
export async function retryHandOff(db: Db, tenantId: string, id: number): Promise<HandOff> {
  const [row] = await selectHandOffs(db, tenantId, sql`m.id = ${id}`, 1);
  if (!row) throw notFound(`There is no order hand-off ${id} in this tenant.`);
  if (row.status === "done") {
    throw new DomainError("hand_off_not_parked", `Order ${row.orderNumber} has already been handed over.`, {
      extensions: { state: "done" },
    });
  }
  if (row.status === "parked") {
    await db
      .updateTable("outbox")
      .set({ status: "pending", attempts: 0, availableAt: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "parked")
      .execute();
  } else {
    await db
      .updateTable("outbox")
      .set({ availableAt: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("claimedBy", "is", null)
      .where("availableAt", ">", sql<Date>`now()`)
      .execute();
  }
  const [updated] = await selectHandOffs(db, tenantId, sql`m.id = ${id}`, 1);
  return toHandOff(updated!);
}
