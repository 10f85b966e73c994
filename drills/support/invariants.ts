// What must hold after every drill, checked in the database and against what the clients and
// the back office saw: stock taken equals the quantities ordered, one order per orderReference,
// every acknowledged order exists exactly once (and nothing the clients were refused exists),
// one completed hand-off per order and one sales order per order at the back office, and no
// customer over credit.
import { sql } from "kysely";
import { expect } from "vitest";
import { creditPosition } from "../../apps/server/src/modules/accounts/credit";
import { BACKOFFICE_TOPIC as TOPIC } from "../../apps/server/src/modules/backoffice";
import type { FakeBackOffice } from "./back-office";
import type { DrillDatabase } from "./database";
import type { Submit } from "./order-load";
import { sleep } from "./shop-client";

/** Waits until no hand-off is left to do; fails with the ones still waiting after `timeoutMs`. */
export async function waitForHandOffs(drill: DrillDatabase, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const waiting = await drill.database.db
      .selectFrom("outbox")
      .select(["id", "idempotencyKey", "status", "attempts", "lastError", "availableAt", "claimedBy"])
      .where("topic", "=", TOPIC)
      .where("status", "<>", "done")
      .execute();
    if (waiting.length === 0) return Date.now() - started;
    if (waiting.some((w) => w.status === "parked") || Date.now() - started > timeoutMs) {
      expect.fail(
        `hand-offs not done ${Date.now() - started} ms after the load: ${JSON.stringify(waiting.slice(0, 10))} (${waiting.length} in all)`,
      );
    }
    await sleep(200);
  }
}

/** A while the database (or the process) was away, as the drill timed it (Date.now()). */
export interface Outage {
  what: string;
  from: number;
  /** When it was back: the proxy resumed, the database let connections in, the process was ready. */
  to: number;
}

export interface HandOffTiming {
  /** Hand-offs that were done later than the budget after they could first go. */
  late: { orderId: number; createdAt: string; processedAt: string | null; dueAt: string; attempts: number }[];
  /** Per outage: from its end to the last hand-off of an order placed before that end. */
  caughtUpMs: Record<string, number>;
  /** Per outage: from its end to the first hand-off done after it. */
  firstAfterMs: Record<string, number>;
}

/**
 * Checks the hand-offs a fault could hold up against the budget: those of orders placed before
 * an outage ended (or within the budget after it) and not done before it began. Each must be
 * done within `budgetMs` of the outage's end, or of its order being placed if that is later.
 * (How fast hand-offs go with no fault at all is the benchmarks' business.) Read from the outbox
 * rows, the database's clock on this machine.
 */
export async function handOffTiming(
  drill: DrillDatabase,
  outages: readonly Outage[],
  budgetMs = 5000,
): Promise<HandOffTiming> {
  const { rows } = await sql<{
    orderId: number;
    createdAt: Date;
    processedAt: Date | null;
    attempts: number;
  }>`
    SELECT (m.payload->>'orderId')::int AS order_id, m.created_at, m.processed_at, m.attempts
      FROM outbox m
     WHERE m.topic = ${TOPIC} AND (m.payload->>'orderId')::int > (SELECT last_id FROM drill_orders_before)
     ORDER BY m.id`.execute(drill.database.db);
  const late: HandOffTiming["late"] = [];
  for (const r of rows) {
    const created = r.createdAt.getTime();
    const done = r.processedAt?.getTime() ?? Infinity;
    const heldBy = outages.filter((o) => created < o.to + budgetMs && done >= o.from);
    if (heldBy.length === 0) continue;
    const due = Math.max(created, ...heldBy.map((o) => o.to)) + budgetMs;
    if (done > due)
      late.push({
        orderId: r.orderId,
        createdAt: r.createdAt.toISOString(),
        processedAt: r.processedAt?.toISOString() ?? null,
        dueAt: new Date(due).toISOString(),
        attempts: r.attempts,
      });
  }
  const caughtUpMs: Record<string, number> = {};
  const firstAfterMs: Record<string, number> = {};
  for (const o of outages) {
    const held = rows.filter(
      (r) => r.createdAt.getTime() < o.to && (r.processedAt?.getTime() ?? Infinity) >= o.from,
    );
    caughtUpMs[o.what] = Math.max(0, ...held.map((r) => (r.processedAt?.getTime() ?? Infinity) - o.to));
    const after = rows.map((r) => r.processedAt?.getTime() ?? Infinity).filter((t) => t >= o.to);
    firstAfterMs[o.what] = after.length > 0 ? Math.min(...after) - o.to : -1;
  }
  return { late, caughtUpMs, firstAfterMs };
}

export interface InvariantSummary {
  orders: number;
  refused: number;
  /** Submits that needed more than one attempt. */
  repeatedSubmits: number;
  /** Hand-off requests the back office received beyond the first per order. */
  repeatedDeliveries: number;
}

export async function checkInvariants(
  drill: DrillDatabase,
  submits: readonly Submit[],
  backOffice: FakeBackOffice,
): Promise<InvariantSummary> {
  const db = drill.database.db;
  const unresolved = submits.filter((s) => s.outcome === "unresolved");
  expect(unresolved, "every submit got a final answer (order or refusal) in the end").toEqual([]);

  const { rows: orders } = await sql<{
    id: number;
    orderReference: string;
    customerId: number;
    totalInclCents: number;
  }>`
    SELECT id, order_reference::text, customer_id, total_incl_cents::int FROM orders
     WHERE id > (SELECT last_id FROM drill_orders_before) ORDER BY id`.execute(db);
  const byReference = new Map<string, number[]>();
  for (const o of orders)
    byReference.set(o.orderReference, [...(byReference.get(o.orderReference) ?? []), o.id]);
  const duplicated = [...byReference].filter(([, ids]) => ids.length > 1);
  expect(duplicated, "no orderReference has more than one order").toEqual([]);

  const acknowledged = submits.filter((s) => s.outcome === "acknowledged");
  const wrongOrder = acknowledged.filter((s) => byReference.get(s.orderReference)?.[0] !== s.orderId);
  expect(wrongOrder, "every acknowledged order exists once, with the id the client was given").toEqual([]);
  const resentElsewhere = acknowledged.filter(
    (s) => s.resentOrderId !== undefined && s.resentOrderId !== s.orderId,
  );
  expect(resentElsewhere, "the same command sent again answers the same order").toEqual([]);
  // A refused cart keeps its reference, so a later submit of it may still become the order.
  const lastSubmit = new Map(submits.map((s) => [s.orderReference, s]));
  const refusedButPlaced = [...lastSubmit.values()].filter(
    (s) => s.outcome === "refused" && byReference.has(s.orderReference),
  );
  expect(refusedButPlaced, "no refused submit left an order behind").toEqual([]);
  const known = new Set(acknowledged.map((s) => s.orderReference));
  const unknownOrders = orders.filter((o) => !known.has(o.orderReference));
  expect(unknownOrders, "every order placed was acknowledged to its client").toEqual([]);

  const { rows: stockDrift } = await sql<{
    warehouseCode: string;
    skuCode: string;
    taken: number;
    ordered: number;
  }>`
    WITH ordered AS (
      SELECT ol.warehouse_code, ol.sku_code, sum(ol.quantity)::int AS ordered
        FROM order_lines ol WHERE ol.order_id > (SELECT last_id FROM drill_orders_before)
       GROUP BY 1, 2)
    SELECT b.warehouse_code, b.sku_code, (b.on_hand - s.on_hand)::int AS taken, coalesce(o.ordered, 0) AS ordered
      FROM drill_stock_before b
      JOIN stock s USING (warehouse_code, sku_code)
      LEFT JOIN ordered o USING (warehouse_code, sku_code)
     WHERE b.on_hand - s.on_hand <> coalesce(o.ordered, 0)`.execute(db);
  expect(stockDrift, "stock taken equals the quantities ordered, per product and warehouse").toEqual([]);

  const handOffs = await db
    .selectFrom("outbox")
    .select(["idempotencyKey", "status"])
    .where("topic", "=", TOPIC)
    .execute();
  const handOffsByKey = new Map<string, string[]>();
  for (const h of handOffs)
    handOffsByKey.set(h.idempotencyKey, [...(handOffsByKey.get(h.idempotencyKey) ?? []), h.status]);
  const badHandOffs = orders.filter((o) => handOffsByKey.get(`order:${o.id}`)?.join() !== "done");
  expect(
    badHandOffs.map((o) => ({ order: o.id, handOffs: handOffsByKey.get(`order:${o.id}`) })),
    "one completed hand-off per order",
  ).toEqual([]);

  const orderKeys = new Set(orders.map((o) => `order:${o.id}`));
  const missingSalesOrder = [...orderKeys].filter((k) => !backOffice.salesOrders.has(k));
  expect(missingSalesOrder, "the back office has a sales order for every order").toEqual([]);
  expect(backOffice.salesOrders.size, "and none for anything else").toBe(orderKeys.size);
  const malformed = backOffice.requests.filter(
    (r) => !r.signed || r.bodyKey !== r.key || r.key !== `order:${r.orderId}`,
  );
  expect(malformed, "every hand-off request is signed and names its order by one idempotency key").toEqual(
    [],
  );
  const { rows: salesOrderNumbers } = await sql<{ orderId: number; numbers: string[]; status: string }>`
    SELECT o.id AS order_id, array_agg(DISTINCT ol.pastel_sales_order_number) AS numbers, o.current_pastel_status AS status
      FROM orders o JOIN order_lines ol ON ol.order_id = o.id
     WHERE o.id > (SELECT last_id FROM drill_orders_before) GROUP BY o.id`.execute(db);
  const notApplied = salesOrderNumbers.filter(
    (r) =>
      r.status !== "Submitted" ||
      r.numbers.length !== 1 ||
      r.numbers[0] !== backOffice.salesOrders.get(`order:${r.orderId}`),
  );
  expect(notApplied, "every order is Submitted with the back office's sales order number").toEqual([]);

  const { rows: before } = await sql<{
    customerId: number;
    remainingCents: string;
  }>`SELECT customer_id, remaining_cents::text FROM drill_credit_before`.execute(db);
  const creditErrors: unknown[] = [];
  for (const { customerId, remainingCents } of before) {
    const now = await creditPosition(db, customerId);
    const spent = orders
      .filter((o) => o.customerId === customerId)
      .reduce((sum, o) => sum + o.totalInclCents, 0);
    if (now.remainingCreditCents < 0 || now.remainingCreditCents !== Number(remainingCents) - spent) {
      creditErrors.push({
        customerId,
        before: Number(remainingCents),
        spent,
        remainingNow: now.remainingCreditCents,
      });
    }
  }
  expect(
    creditErrors,
    "no customer is over credit, and credit went down by exactly the orders placed",
  ).toEqual([]);

  return {
    orders: orders.length,
    refused: submits.filter((s) => s.outcome === "refused").length,
    repeatedSubmits: submits.filter((s) => s.attempts > 1).length,
    repeatedDeliveries:
      backOffice.requests.filter((r) => r.status === 200).length - backOffice.salesOrders.size,
  };
}
