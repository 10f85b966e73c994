// Changing an order's lines (docs/rules.md "Changing an order"). While the back office cannot
// have the order (awaiting approval, or its hand-off queued and never tried), the buyer sets its
// lines anew: they are re-priced and checked as placing checks a cart (sold, prices as shown,
// liquor, credit, the buyer's limit, stock), in one transaction on the locked order. The
// hand-off's outbox row is locked too, as cancelling locks it, so a change and the worker
// claiming the hand-off never both win, and the back office reads the order as changed.
// A change names the change it was made on (linesChangedAt): one made on an older reading is
// refused, and a repeat of the one that was made (a double tap) changes nothing.
import { sql } from "kysely";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { ChangeOrderCommand, Order, StockShortage } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import { creditPosition, liquorRefusal, memberOf, type CustomerContext, type Member } from "../accounts";
import { priceItems, type PricedItems } from "../shopping-lists";
import { AWAITING_APPROVAL, askOwnerToApprove } from "./approvals";
import { lockUnsentHandOff, refuseOthersOrder, refuseViewer, withdrawUnsentHandOff } from "./cancel";
import { creditRefusal, stockShortRefusal } from "./place-order";
import { orderLineRows, takeStockOrNone } from "./placement-queries";
import { findOrder } from "./queries";

export interface ChangeOrderContext {
  customer: CustomerContext;
  userId: number;
  approvalHoldHours: number;
  publicUrl: string;
}

interface ChangingOrder {
  id: number;
  orderId: string;
  userId: number | null;
  status: Order["currentPastelStatus"];
  accountName: string;
  totalInclCents: number;
  creditcheckOverride: boolean;
  linesChangedAt: Date | null;
}

async function lockOrder(trx: Db, customerId: number, id: number): Promise<ChangingOrder> {
  const { rows } = await sql<ChangingOrder>`
    SELECT id, order_id, user_id, current_pastel_status AS status, account_name, total_incl_cents,
           creditcheck_override, lines_changed_at
      FROM orders WHERE id = ${id} AND customer_id = ${customerId}
       FOR UPDATE`.execute(trx);
  const order = rows[0];
  if (!order) throw notFound(`There is no order ${id} on your account.`);
  return order;
}

interface CurrentLine {
  skuCode: string;
  quantity: number;
  warehouseCode: string;
}

const currentLines = async (trx: Db, orderId: number) =>
  (
    await sql<CurrentLine>`
      SELECT sku_code, quantity, warehouse_code FROM order_lines WHERE order_id = ${orderId}
       ORDER BY line_number`.execute(trx)
  ).rows;

function sameLines(current: readonly CurrentLine[], wanted: ChangeOrderCommand["orderLines"]) {
  const now = new Map(current.map((l) => [l.skuCode, l.quantity]));
  return now.size === wanted.length && wanted.every((l) => now.get(l.productId) === l.quantity);
}

const notChangeable = (order: ChangingOrder) =>
  new DomainError(
    "order_not_changeable",
    order.status === "Pending"
      ? `Order ${order.orderId} has gone to us already: it can no longer be changed here. You can still ask us to cancel it.`
      : `Order ${order.orderId} is ${order.status.toLowerCase()}: it can no longer be changed.`,
    { extensions: { currentPastelStatus: order.status } },
  );

/** Prices the wanted lines now; refuses what is no longer sold and totals other than those shown. */
async function reprice(trx: Db, customer: CustomerContext, command: ChangeOrderCommand) {
  const priced = await priceItems(
    trx,
    customer,
    command.orderLines.map((l, index) => ({
      id: index,
      skuCode: l.productId,
      quantity: l.quantity,
      dealReference: null,
    })),
  );
  if (priced.unavailable.length > 0) {
    const unavailable = priced.unavailable.map((l) => l.skuCode);
    throw new DomainError("product_unavailable", `No longer sold: ${unavailable.join(", ")}. Remove them.`, {
      extensions: { unavailable },
    });
  }
  if (
    toCents(command.totalPriceIncl) !== priced.totalInclCents ||
    toCents(command.totalPriceExcl) !== priced.totalExclCents
  ) {
    throw new DomainError(
      "prices_changed",
      `The changed order comes to ${formatRandCents(priced.totalInclCents)} incl. VAT now. Review it and save again.`,
      {
        extensions: {
          repriced: {
            totalPriceIncl: toRand(priced.totalInclCents),
            totalPriceExcl: toRand(priced.totalExclCents),
          },
        },
      },
    );
  }
  return priced;
}

/**
 * Credit as placing checks it, with this order's present total given back first: a change that
 * makes the order dearer must fit in what is left; a smaller one always may (it frees credit).
 */
async function assertWithinCredit(trx: Db, order: ChangingOrder, customerId: number, priced: PricedItems) {
  if (order.creditcheckOverride || priced.totalInclCents <= order.totalInclCents) return;
  const credit = await creditPosition(trx, customerId, { lock: true });
  const available = credit.remainingCreditCents + order.totalInclCents;
  if (priced.totalInclCents <= available) return;
  throw creditRefusal(priced.totalInclCents, available);
}

/**
 * Moves stock by the difference between the lines it holds and the wanted ones, in the order's
 * warehouse: more of a line takes packs, less (or a line dropped) puts them back.
 */
async function moveStock(
  trx: Db,
  warehouseCode: string,
  current: readonly CurrentLine[],
  priced: PricedItems,
) {
  const delta = new Map<string, number>();
  for (const line of current) delta.set(line.skuCode, -line.quantity);
  for (const { line } of priced.items)
    delta.set(line.skuCode, (delta.get(line.skuCode) ?? 0) + line.quantity);
  const moves = [...delta]
    .filter(([, quantity]) => quantity !== 0)
    .map(([skuCode, quantity]) => ({ skuCode, quantity }));
  if (moves.length === 0) return;
  const shortfalls = await takeStockOrNone(trx, warehouseCode, moves);
  if (shortfalls.length === 0) return;
  const held = new Map(current.map((l) => [l.skuCode, l.quantity]));
  const bySku = new Map(priced.items.map((i) => [i.line.skuCode, i]));
  const shortages: StockShortage[] = shortfalls.map(({ skuCode, available }) => ({
    skuCode,
    description: bySku.get(skuCode)!.product.description,
    requested: bySku.get(skuCode)!.line.quantity,
    // What the line can have: the packs it holds already and what is left.
    available: (held.get(skuCode) ?? 0) + available,
  }));
  throw stockShortRefusal(shortages);
}

/** A buyer's change that takes a handed-off-to-be order over their limit waits for the owner again. */
const nowOverLimit = (member: Member | undefined, priced: PricedItems) =>
  member?.accountRole === "Buyer" &&
  member.orderLimitCents !== null &&
  priced.totalInclCents > member.orderLimitCents;

export async function changeOrderLines(
  db: Db,
  ctx: ChangeOrderContext,
  id: number,
  command: ChangeOrderCommand,
): Promise<Order> {
  const { customer, userId } = ctx;
  const member = await memberOf(db, userId, customer.customerId);
  refuseViewer(member);
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, customer.customerId, id);
    refuseOthersOrder(member, order, userId, "change");
    const current = await currentLines(trx, order.id);
    // The same lines again (a double tap, a retry) is what is there: nothing to do.
    if (sameLines(current, command.orderLines)) return;
    if ((order.linesChangedAt?.toISOString() ?? null) !== command.linesChangedAt) {
      throw new DomainError(
        "order_changed",
        `Order ${order.orderId} was changed on another screen since you opened it. Review it and change it again.`,
      );
    }
    const awaiting = order.status === AWAITING_APPROVAL;
    // The hand-off stays queued (locked until this commits); the back office reads the order as changed.
    if (!awaiting && !(order.status === "Pending" && (await lockUnsentHandOff(trx, order.id))))
      throw notChangeable(order);
    const priced = await reprice(trx, customer, command);
    if (priced.items.some((i) => i.product.isLiquor)) {
      const refusal = liquorRefusal(customer);
      if (refusal) throw refusal;
    }
    await assertWithinCredit(trx, order, customer.customerId, priced);
    const goesToOwner = !awaiting && nowOverLimit(member, priced);
    if (goesToOwner) await withdrawUnsentHandOff(trx, order.id);
    // An order is picked from one warehouse: the one its lines are in.
    const warehouseCode = current[0]?.warehouseCode ?? customer.stockingWarehouseCode;
    await writeLines(trx, order, priced, warehouseCode, userId);
    if (goesToOwner) await awaitOwner(trx, ctx, order, priced, member!);
    await moveStock(trx, warehouseCode, current, priced);
  });
  return (await findOrder(db, { tenantId: customer.tenantId, customerId: customer.customerId }, { id }))!;
}

async function writeLines(
  trx: Db,
  order: ChangingOrder,
  priced: PricedItems,
  warehouseCode: string,
  userId: number,
) {
  await trx.deleteFrom("orderLines").where("orderId", "=", order.id).execute();
  await trx
    .insertInto("orderLines")
    .values(orderLineRows(order.id, priced.items, warehouseCode))
    .execute();
  await trx
    .updateTable("orders")
    .set({
      discountCents: priced.discountCents,
      totalExclCents: priced.totalExclCents,
      totalInclCents: priced.totalInclCents,
      liquorCheck: priced.items.some((i) => i.product.isLiquor),
      linesChangedAt: sql`now()`,
      linesChangedBy: userId,
    })
    .where("id", "=", order.id)
    .execute();
}

/** The changed order is over the buyer's limit: it waits for the owner, as if placed so. */
async function awaitOwner(
  trx: Db,
  ctx: ChangeOrderContext,
  order: ChangingOrder,
  priced: PricedItems,
  member: Member,
) {
  const reason = `Changed by ${member.name} to over their order limit`;
  const updated = await trx
    .updateTable("orders")
    .set({
      currentPastelStatus: AWAITING_APPROVAL,
      approvalDueAt: sql<Date>`now() + make_interval(hours => ${ctx.approvalHoldHours})`,
      lastPastelStatusUpdate: sql`now()`,
    })
    .where("id", "=", order.id)
    .returning(["approvalDueAt"])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("orderStatusHistory")
    .values({ orderId: order.id, status: AWAITING_APPROVAL, reason, changedBy: ctx.userId })
    .execute();
  await askOwnerToApprove(
    trx,
    ctx,
    {
      id: order.id,
      orderId: order.orderId,
      accountName: order.accountName,
      totalPriceIncl: toRand(priced.totalInclCents),
      approvalDueAt: updated.approvalDueAt!.toISOString(),
    },
    priced.totalInclCents,
    ctx.customer.customerId,
    member,
    `approval-request:${order.id}:changed:${Date.now()}`,
  );
}
