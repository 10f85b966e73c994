// Placing an order (docs/behaviour.md Order placement, docs/rules.md). One transaction of named steps:
// lock the cart and its account (or find the order the cart already became), re-price it and
// compare with what the customer saw, check liquor and credit, write the order and renew the
// cart, queue the back-office hand-off and the confirmation e-mail and, last, take stock. The
// cart's orderReference makes it idempotent: a repeat of the same submit (double click, retry after a time-out, a second
// tab) returns the first order. Steps share statements where they can (decision 78): a plain
// order is ten in all, BEGIN and COMMIT and the request's own two included, a count
// placement-statements.api.test.ts holds so it cannot grow back unnoticed. An order over
// the buyer's own limit is written as Awaiting approval and waits for the owner instead of being
// handed off (decision 128); a Viewer of the account cannot order at all.
import { sql } from "kysely";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { CreateOrderCommand, Order, OrderConflict, StockShortage } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { enqueueAll, type OutboxMessage } from "../../core/outbox";
import {
  chosenDeliveryAddress,
  creditPosition,
  liquorRefusal,
  type CustomerContext,
  type Member,
} from "../accounts";
import { cartFrom } from "../cart";
import {
  listOwner,
  openList,
  priceListLines,
  type PricedItem,
  type PricedItems,
  type ListHeader,
} from "../shopping-lists";
import { handOffToQueue } from "../backoffice";
import { orderConfirmation } from "./order-confirmation";
import {
  insertOrder,
  lockCartAndAccount,
  orderLineValues,
  takeStockOrNone,
  type OrderingAccount,
  type Placer,
} from "./placement-queries";
import { findOrder, toOrder } from "./queries";
import { AWAITING_APPROVAL, askOwnerToApprove } from "./approvals";
import { AWAITING_PAYMENT } from "./awaiting-payment";
import { deliveryPromise, deliveryTerms, type HolidayCheck } from "./delivery";

export const PRICES_CHANGED = "Cart prices updated. Please review cart and place order again.";

export interface PlaceOrderContext {
  customer: CustomerContext;
  userId: number;
  username: string;
  /** Staff and Admin may override the credit check (docs/rules.md). */
  mayOverrideCredit: boolean;
  /** How long an order over its buyer's limit holds its stock for the owner's approval. */
  approvalHoldHours: number;
  /** Online payment is set up: an order over credit may wait for its payment (docs/payments.md). */
  paymentsOnline: boolean;
  /** How long such an order holds its stock for the payment. */
  paymentHoldHours: number;
  publicUrl: string;
  /** Whether the shop can send e-mail: the confirmation is queued only then (decision 11). */
  confirmByEmail: boolean;
  /** South Africa's public holidays, for the delivery day (decision 149). */
  isHoliday: HolidayCheck;
  /** The moment of placing, for the delivery day. */
  now: Date;
}

/** A refusal of POST /api/Order: its code and members as the contract's OrderConflict says. */
function refusal({ code, ...members }: OrderConflict, message: string) {
  return new DomainError(code, message, { extensions: members });
}

export async function placeOrder(
  db: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const { cart, account, placer } = await lockCart(trx, ctx);
    const { member } = placer;
    if (member?.accountRole === "Viewer") {
      throw new DomainError(
        "viewer_cannot_order",
        "You are a viewer on this account: you can see prices and orders, but only its owner and buyers place orders.",
      );
    }
    if (cart?.orderReference !== command.orderReference) return earlierOrder(trx, ctx, command, cart);
    const priced = await repriceCart(trx, ctx.customer, cart, command);
    const address = await chosenAddress(trx, ctx.customer, command, account);
    assertLiquorAllowed(ctx.customer, priced);
    const awaitsApproval = overLimit(member, priced);
    const overCreditCents = await assertWithinCredit(trx, ctx, command, priced, !awaitsApproval);
    const waitsFor: Waiting = awaitsApproval
      ? { for: "approval" }
      : overCreditCents > 0
        ? { for: "payment", dueCents: overCreditCents }
        : { for: "nothing" };
    const order = await writeOrder(trx, ctx, command, priced, cart.id, account, address, placer, waitsFor);
    if (waitsFor.for === "approval")
      await askOwnerToApprove(trx, ctx, order, priced.totalInclCents, ctx.customer.customerId, member!);
    // One waiting for its payment is handed off once paid, and confirmed by the payment's receipt.
    else if (waitsFor.for === "nothing") await handOffAndConfirm(trx, ctx, order, account);
    await takeStock(trx, ctx.customer.stockingWarehouseCode, priced.items);
    return order;
  });
}

/**
 * The user's cart and their customer account, locked to the end of the transaction: one
 * placement per cart at a time, and one credit check after another per account; and who places.
 */
function lockCart(trx: Db, ctx: PlaceOrderContext) {
  return lockCartAndAccount(trx, {
    tenantId: ctx.customer.tenantId,
    userId: ctx.userId,
    customerId: ctx.customer.customerId,
  });
}

/**
 * A submit of a reference the cart does not have (now): the order it became, when this is a
 * repeat; else the page showed an older cart. The cart's current reference was never used by
 * an order, since placing one renews it in the same transaction, so only this path looks.
 */
async function earlierOrder(
  trx: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
  cart: ListHeader | undefined,
): Promise<Order> {
  const scope = { tenantId: ctx.customer.tenantId, customerId: ctx.customer.customerId };
  const earlier = await findOrder(trx, scope, { orderReference: command.orderReference });
  if (earlier) return earlier;
  // A user without a cart yet gets one, and the reference to submit with it.
  cart ??= await openList(trx, "cart", listOwner(ctx.customer, ctx.userId));
  throw refusal(
    { code: "cart_changed", orderReference: cart.orderReference },
    "Your cart has changed since this page was loaded. Please review your cart and try again.",
  );
}

/** Prices the cart now and refuses when it is empty, sells what is gone, or differs from what was seen. */
async function repriceCart(
  trx: Db,
  customer: CustomerContext,
  cart: ListHeader,
  command: CreateOrderCommand,
) {
  const priced = await priceListLines(trx, customer, "cart", cart.id);
  if (priced.items.length + priced.unavailable.length === 0)
    throw refusal({ code: "cart_empty" }, "Your cart is empty.");
  if (priced.unavailable.length > 0) {
    const unavailable = priced.unavailable.map((l) => l.skuCode);
    throw refusal(
      { code: "product_unavailable", unavailable },
      `No longer sold: ${unavailable.join(", ")}. Remove them from your cart.`,
    );
  }
  const totalsMatch =
    toCents(command.totalPriceIncl) === priced.totalInclCents &&
    toCents(command.totalPriceExcl) === priced.totalExclCents;
  if (!totalsMatch || !sameLines(command, priced.items)) {
    throw refusal({ code: "prices_changed", cart: cartFrom(cart, priced) }, PRICES_CHANGED);
  }
  return priced;
}

function sameLines(command: CreateOrderCommand, items: readonly PricedItem[]) {
  const submitted = new Map(command.orderLines.map((l) => [l.productId, l.quantity]));
  return (
    submitted.size === items.length && items.every((i) => submitted.get(i.line.skuCode) === i.line.quantity)
  );
}

/**
 * The delivery address, checked before credit or stock is touched: another account's is a 404.
 * Without a chosen one it is the account's own, as read with the account.
 */
async function chosenAddress(
  trx: Db,
  customer: CustomerContext,
  command: CreateOrderCommand,
  account: OrderingAccount,
) {
  const chosenId = command.homeDelivery ? command.deliveryAddressId : null;
  return chosenId == null ? account : chosenDeliveryAddress(trx, customer.customerId, chosenId);
}

type Address = Awaited<ReturnType<typeof chosenAddress>>;

function assertLiquorAllowed(customer: CustomerContext, priced: PricedItems) {
  const refusal = containsLiquor(priced) ? liquorRefusal(customer) : undefined;
  if (refusal) throw refusal;
}

const containsLiquor = (priced: PricedItems) => priced.items.some((i) => i.product.isLiquor);

/** What a placed order waits for before it goes to the back office. */
type Waiting = { for: "nothing" } | { for: "approval" } | { for: "payment"; dueCents: number };

/**
 * Reads credit in one statement, after lockCart took the customer row's lock (its snapshot is
 * taken then, so it sees every order and invoice committed before): concurrent orders on one
 * account are checked one after another. Over credit, the order is refused, unless the customer
 * chose to pay the part over it online (and may: `mayPay`): that part is returned, else 0.
 */
async function assertWithinCredit(
  trx: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
  priced: PricedItems,
  mayPay: boolean,
): Promise<number> {
  const credit = await creditPosition(trx, ctx.customer.customerId);
  if (creditOverridden(ctx, command) || priced.totalInclCents <= credit.remainingCreditCents) return 0;
  if (mayPay && command.payOverCredit && ctx.paymentsOnline)
    return priced.totalInclCents - Math.max(0, credit.remainingCreditCents);
  throw creditRefusal(priced.totalInclCents, credit.remainingCreditCents);
}

/** 409 credit_exceeded: an order of `totalCents` against `remainingCents` of credit. */
export function creditRefusal(totalCents: number, remainingCents: number) {
  return refusal(
    { code: "credit_exceeded", remainingCredit: toRand(remainingCents), orderTotal: toRand(totalCents) },
    `This order of ${formatRandCents(totalCents)} is more than your remaining credit of ${formatRandCents(Math.max(0, remainingCents))}.`,
  );
}

/** Over the buyer's own limit (incl. VAT): the owner approves it first. Owners have no limit. */
const overLimit = (member: Member | undefined, priced: PricedItems) =>
  member !== undefined &&
  member.accountRole !== "Owner" &&
  member.orderLimitCents !== null &&
  priced.totalInclCents > member.orderLimitCents;

const creditOverridden = (ctx: PlaceOrderContext, command: CreateOrderCommand) =>
  command.creditcheck_override && ctx.mayOverrideCredit;

/**
 * Writes the order, its first status and its lines, and renews the cart (emptied, a new
 * orderReference), in one statement; returns the order as written.
 */
async function writeOrder(
  trx: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
  priced: PricedItems,
  cartId: number,
  account: OrderingAccount,
  address: Address,
  placer: Placer,
  waitsFor: Waiting,
): Promise<Order> {
  const { customer } = ctx;
  // The day promised at checkout for an order placed now; an approval promises it afresh.
  const expectedDeliveryDate = deliveryPromise(
    ctx.now,
    deliveryTerms(account, command.homeDelivery),
    ctx.isHoliday,
  ).day;
  const { order: row, lines } = await insertOrder(
    trx,
    {
      ...(waitsFor.for === "approval"
        ? {
            currentPastelStatus: AWAITING_APPROVAL,
            approvalDueAt: sql<Date>`now() + make_interval(hours => ${ctx.approvalHoldHours})`,
          }
        : {}),
      ...(waitsFor.for === "payment"
        ? {
            currentPastelStatus: AWAITING_PAYMENT,
            paymentDueAt: sql<Date>`now() + make_interval(hours => ${ctx.paymentHoldHours})`,
            paymentDueCents: waitsFor.dueCents,
          }
        : {}),
      tenantId: customer.tenantId,
      customerId: customer.customerId,
      userId: ctx.userId,
      orderReference: command.orderReference,
      suppliedId: command.suppliedId ?? null,
      accountName: account.name,
      vatNumber: account.taxNumber,
      email: account.contactEmail,
      mobileNumber: account.contactCellphone,
      address1: address.address1,
      address2: address.address2,
      address3: address.address3,
      address4: address.address4,
      address5: address.address5,
      address6: address.addressPc,
      homeDelivery: command.homeDelivery,
      expectedDeliveryDate,
      orderType: "Web",
      shipmentMethod: command.homeDelivery ? "Delivery" : "Collection",
      orderSource: "TradeShop",
      discountCents: priced.discountCents,
      totalExclCents: priced.totalExclCents,
      totalInclCents: priced.totalInclCents,
      applyLiqourCheck: true,
      liquorCheck: containsLiquor(priced),
      creditcheckOverride: creditOverridden(ctx, command),
      repCode: account.repCode,
      vendorNumber: account.vendorNumber,
      createdBy: ctx.username,
    },
    orderLineValues(priced.items, customer.stockingWarehouseCode),
    cartId,
  );
  return toOrder(
    {
      ...row,
      accountId: customer.accountId,
      createdByName: row.createdBy,
      placedBy: placer.name,
      decidedByName: null,
      linesChangedByName: null,
      expectedDeliveryDate,
      dispatchedAt: null,
      deliveredAt: null,
      deliveredSignedBy: null,
      // Queued in this transaction, after it: nothing has been sent yet.
      handOffUnsent: true,
    },
    lines,
  );
}

/**
 * Queues the order's hand-off to the back office and, when the shop can send e-mail, its
 * confirmation, in one statement. An order waiting for the owner's approval is confirmed by
 * that request instead.
 */
async function handOffAndConfirm(trx: Db, ctx: PlaceOrderContext, order: Order, account: OrderingAccount) {
  const messages: OutboxMessage[] = [handOffToQueue(order.id, ctx.customer)];
  const confirmation = ctx.confirmByEmail ? orderConfirmation(order, account) : undefined;
  if (confirmation) messages.push(confirmation);
  await enqueueAll(trx, messages);
}

/**
 * Takes stock for every line or for none (a shortage throws and rolls the whole order back).
 * It is the last step, so the stock rows every customer shares are locked only from here to
 * the commit; takeStockOrNone locks them in SKU order, so concurrent orders never deadlock.
 */
async function takeStock(trx: Db, warehouseCode: string, items: readonly PricedItem[]) {
  const shortfalls = await takeStockOrNone(
    trx,
    warehouseCode,
    items.map((i) => i.line),
  );
  if (shortfalls.length === 0) return;
  const bySku = new Map(items.map((i) => [i.line.skuCode, i]));
  const shortages: StockShortage[] = shortfalls.map(({ skuCode, available }) => ({
    skuCode,
    description: bySku.get(skuCode)!.product.description,
    requested: bySku.get(skuCode)!.line.quantity,
    available,
  }));
  throw stockShortRefusal(shortages);
}

/** 409 stock_short naming each product short and what it can have. */
export function stockShortRefusal(shortages: StockShortage[]) {
  const list = shortages.map((s) => `${s.description} (${s.skuCode}): ${s.available} available`).join("; ");
  return refusal(
    { code: "stock_short", shortages },
    `Not enough stock for ${shortages.length === 1 ? "one product" : `${shortages.length} products`}: ${list}.`,
  );
}
