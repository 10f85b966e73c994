// The built-in back office (the default outside production): it accepts a handed-over order
// as a sales order, then on its own clock moves it one step at a time, Submitted -> Picking ->
// Invoiced -> Dispatched -> Delivered, like a warehouse and an accounts clerk would. Its rules
// are fixed, so tests can predict them: an account over its credit limit has its order put On
// Hold (at acceptance, and again before picking) until it is back within the limit.
//
// Its book (backoffice_sales_orders) is shared by every server process: each step claims one
// due order with FOR UPDATE SKIP LOCKED in a short transaction of its own, so several
// processes never move one order twice, and nothing waits on a held transaction.
import { sql } from "kysely";
import { formatRandCents as formatRandPlain } from "@trade-shop/contracts/format";
import type { OrderStatus } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { creditPosition } from "../accounts";
import type { BackOfficeAdapter } from "./back-office";
import {
  applyStatusChange,
  lockOrder,
  refuseCancellation,
  type OrderForStatus,
  type StatusChange,
} from "./status";

export interface SimulatorOptions {
  /** Time between two steps of one order (seconds in demo mode; 0 in tests: every tick moves). */
  stepMs: number;
  log?: { error(obj: object, msg: string): void };
}

export interface BackOfficeSimulator extends BackOfficeAdapter {
  /** Moves every due order one step; resolves with how many moved or were re-checked. */
  tick(): Promise<number>;
  /** Ticks in the background. */
  start(): void;
  /** Stops ticking and waits for the tick in hand. */
  stop(): Promise<void>;
}

const NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  Submitted: "Picking",
  Picking: "Invoiced",
  Invoiced: "Dispatched",
  Dispatched: "Delivered",
};

/** How much the account is over its limit (this order included), or 0. */
async function overLimitCents(trx: Db, customerId: number): Promise<number> {
  const position = await creditPosition(trx, customerId, { lock: true });
  return Math.max(0, -position.remainingCreditCents);
}

const creditHold = (overCents: number) =>
  `Over credit limit by ${formatRandPlain(overCents)}: awaiting payment`;

async function nextStep(trx: Db, order: OrderForStatus): Promise<StatusChange | undefined> {
  if (order.status === "Submitted" || order.status === "On Hold") {
    const over = await overLimitCents(trx, order.customerId);
    if (over > 0)
      return order.status === "On Hold" ? undefined : { status: "On Hold", reason: creditHold(over) };
    return { status: "Picking" };
  }
  const next = NEXT[order.status];
  if (next === "Delivered") {
    // Signed for by whoever placed it, as a shop's owner at the door would.
    const { rows } = await sql<{ name: string }>`
      SELECT coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), o.account_name) AS name
        FROM orders o LEFT JOIN users u ON u.id = o.user_id
       WHERE o.id = ${order.id}`.execute(trx);
    return { status: next, signedBy: rows[0]?.name ?? null };
  }
  if (next === "Invoiced") {
    const { rows } = await sql<{ n: number }>`SELECT nextval('backoffice_invoice_numbers') AS n`.execute(trx);
    return { status: next, invoiceNumber: `INV${rows[0]!.n}` };
  }
  return next ? { status: next } : undefined;
}

export function createBackOfficeSimulator(db: Db, options: SimulatorOptions): BackOfficeSimulator {
  const stepSeconds = options.stepMs / 1000;
  const finished = (status: OrderStatus) =>
    status === "Delivered" || status === "Rejected" || status === "Cancelled";

  /** Cancels what is not yet being picked, as a warehouse would; refuses the rest. */
  async function requestCancellation(orderId: number, reason: string) {
    await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, { id: orderId });
      if (!order || order.status === "Cancelled") return;
      if (order.status === "Pending" || order.status === "Submitted" || order.status === "On Hold")
        await applyStatusChange(trx, order, { status: "Cancelled", reason });
      else
        await refuseCancellation(
          trx,
          orderId,
          `It is ${order.status.toLowerCase()} already: it can no longer be stopped.`,
        );
    });
  }

  async function handOver(orderId: number) {
    await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, { id: orderId });
      if (!order) throw new Error(`Order ${orderId} does not exist`);
      // Accepting twice would make two sales orders: the order's row lock makes this check safe.
      const known = await trx
        .selectFrom("backofficeSalesOrders")
        .select("orderId")
        .where("orderId", "=", orderId)
        .executeTakeFirst();
      if (known || order.status !== "Pending") return;
      const { rows } = await sql<{
        n: number;
      }>`SELECT nextval('backoffice_sales_order_numbers') AS n`.execute(trx);
      const salesOrderNumber = `SO${rows[0]!.n}`;
      await trx
        .insertInto("backofficeSalesOrders")
        .values({ orderId, salesOrderNumber, nextStepAt: sql`now() + make_interval(secs => ${stepSeconds})` })
        .execute();
      const over = await overLimitCents(trx, order.customerId);
      await applyStatusChange(
        trx,
        order,
        over > 0
          ? { status: "On Hold", reason: creditHold(over), salesOrderNumber }
          : { status: "Submitted", salesOrderNumber },
      );
    });
  }

  /** One due order one step, in its own transaction; false when none is due. */
  async function stepOne(movedThisTick: number[]): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const due = await sql<{ orderId: number }>`
        SELECT order_id FROM backoffice_sales_orders
         WHERE next_step_at <= now() AND NOT (order_id = ANY(${movedThisTick}::int[]))
         ORDER BY next_step_at, order_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED`.execute(trx);
      const orderId = due.rows[0]?.orderId;
      if (orderId === undefined) return false;
      movedThisTick.push(orderId);
      const order = await lockOrder(trx, { id: orderId });
      const change = order && !finished(order.status) ? await nextStep(trx, order) : undefined;
      if (order && change) await applyStatusChange(trx, order, change);
      // Only a held order waits for something; anything else without a next step is finished.
      const done = !order || (change ? finished(change.status) : order.status !== "On Hold");
      await trx
        .updateTable("backofficeSalesOrders")
        .set({ nextStepAt: done ? null : sql`now() + make_interval(secs => ${stepSeconds})` })
        .where("orderId", "=", orderId)
        .execute();
      return true;
    });
  }

  async function tick() {
    // Each order moves at most once per tick, even when its next step is already due.
    const moved: number[] = [];
    while (await stepOne(moved));
    return moved.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> | undefined;
  let running = false;
  const intervalMs = Math.min(Math.max(options.stepMs, 200), 1000);

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      inFlight = tick().then(schedule, (error: unknown) => {
        options.log?.error({ err: error }, "back-office simulator step failed");
        schedule();
      });
    }, intervalMs);
  }

  return {
    name: "simulator",
    handOver,
    requestCancellation,
    // Its ledger is the shop's own (account_documents): the payment is on it already. An order
    // On Hold for credit moves on at its next step, as the account is back within its limit.
    reportPayment: async () => {},
    // Its accounts are the shop's own customers table: the account is there already.
    reportAccount: async () => {},
    tick,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
