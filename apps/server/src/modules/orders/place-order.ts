// Placing an order (docs/behaviour.md Order placement, docs/rules.md). One transaction of named steps:
// lock the cart and its account (or find the order the cart already became), re-price it and
// compare with what the customer saw, check liquor and credit, write the order, queue the
// back-office hand-off and the confirmation e-mail, empty the cart and, last, take stock. The
// cart's orderReference makes it idempotent: a repeat of the same submit (double click, retry after a time-out, a second
// tab) returns the first order. Each step is one or two statements (decision 78). An order over
// the buyer's own limit is written as Awaiting approval and waits for the owner instead of being
// handed off (decision 128); a Viewer of the account cannot order at all.
import { sql } from "kysely";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { CreateOrderCommand, Order, OrderConflict, StockShortage } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import {
  chosenDeliveryAddress,
  creditPosition,
  memberOf,
  liquorRefusal,
  type CustomerContext,
  type Member,
} from "../accounts";
import { cartFrom } from "../cart";
import {
  priceItems,
  listOwner,
  listLines,
  openList,
  renewCart,
  type PricedItem,
  type PricedItems,
  type ListHeader,
} from "../shopping-lists";
import { handOff } from "../backoffice";
import { queueOrderConfirmation } from "./order-confirmation";
import {
  insertOrder,
  lockCartAndAccount,
  orderLineRows,
  takeStockOrNone,
  type OrderingAccount,
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
  const member = await memberOf(db, ctx.userId, ctx.customer.customerId);
  if (member?.accountRole === "Viewer") {
    throw new DomainError(
      "viewer_cannot_order",
      "You are a viewer on this account: you can see prices and orders, but only its owner and buyers place orders.",
    );
  }
  return db.transaction().execute(async (trx) => {
    const locked = await lockCart(trx, ctx);
    if (locked?.cart.orderReference !== command.orderReference)
      return earlierOrder(trx, ctx, command, locked?.cart);
    const { cart, account } = locked;
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
    const order = await writeOrder(trx, ctx, command, priced, account, address, member, waitsFor);
    if (waitsFor.for === "approval")
      await askOwnerToApprove(trx, ctx, order, priced.totalInclCents, ctx.customer.customerId, member!);
    else if (waitsFor.for === "nothing") await handOff(trx, order.id, ctx.customer);
    // An order waiting for the owner's approval is confirmed by that request instead; one waiting
    // for its payment by the payment's receipt.
    if (ctx.confirmByEmail && waitsFor.for === "nothing") await queueOrderConfirmation(trx, order, account);
    await renewCart(trx, cart.id);
    await takeStock(trx, ctx.customer.stockingWarehouseCode, priced.items);
    return order;
  });
}

/**
 * The user's cart and their customer account, locked to the end of the transaction: one
 * placement per cart at a time, and one credit check after another per account.
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
  const lines = await listLines(trx, "cart", cart.id);
  if (lines.length === 0) throw refusal({ code: "cart_empty" }, "Your cart is empty.");
  const priced = await priceItems(trx, customer, lines);
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

/** Writes the order, its first status and its lines; returns it as read back. */
async function writeOrder(
  trx: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
  priced: PricedItems,
  account: OrderingAccount,
  address: Address,
  member: Member | undefined,
  waitsFor: Waiting,
): Promise<Order> {
  const { customer } = ctx;
  // The day promised at checkout for an order placed now; an approval promises it afresh.
  const expectedDeliveryDate = deliveryPromise(
    ctx.now,
    deliveryTerms(account, command.homeDelivery),
    ctx.isHoliday,
  ).day;
  const row = await insertOrder(trx, {
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
  });
  const lines = await trx
    .insertInto("orderLines")
    .values(orderLineRows(row.id, priced.items, customer.stockingWarehouseCode))
    .returningAll()
    .execute();
  const placedBy = member?.name ?? (await placerName(trx, ctx.userId));
  return toOrder(
    {
      ...row,
      accountId: customer.accountId,
      createdByName: row.createdBy,
      placedBy,
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

/** The name of a login placing an order for an account it is not a user of (staff, a rep). */
async function placerName(trx: Db, userId: number) {
  const row = await trx
    .selectFrom("users")
    .select(["firstname", "lastname"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? `${row.firstname} ${row.lastname}`.trim() || null : null;
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
