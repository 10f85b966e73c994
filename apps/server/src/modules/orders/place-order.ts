// Placing an order (SPEC §4 Order placement, DESIGN.md §4). One transaction of named steps:
// lock the cart (or find the order it already became), re-price it and compare with what the
// customer saw, check liquor and credit, take stock, write the order, queue the back-office
// hand-off and empty the cart. The cart's orderReference makes it idempotent: a repeat of the
// same submit (double click, retry after a time-out, a second tab) returns the first order.
import { toCents, toRand } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { CreateOrderCommand, Order, OrderConflict, StockShortage } from "@trade-shop/contracts/orders";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { DomainError } from "../../shared/domain-error";
import { deliveryAddressFor, orderingAccount } from "../accounts/customer-addresses";
import type { CustomerContext } from "../accounts/customer-context";
import { creditPosition } from "../accounts/credit";
import { cartFrom } from "../cart/cart";
import { enqueue } from "../outbox/outbox";
import { priceItems, type PricedItem, type PricedItems } from "../shopping-lists/priced-items";
import { liquorRefused } from "../shopping-lists/purchasable";
import { clearList, listLines, openList, renewCartReference, type ListHeader } from "../shopping-lists/storage";
import { orderNumber } from "./order-number";
import { findOrder } from "./queries";

export const PRICES_CHANGED = "Cart prices updated. Please review cart and place order again.";
export const BACKOFFICE_TOPIC = "backoffice.order";

export interface PlaceOrderContext {
  customer: CustomerContext;
  userId: number;
  username: string;
  /** Staff and Admin may override the credit check (DESIGN.md §4). */
  mayOverrideCredit: boolean;
}

type OrderScope = { tenantId: string; customerId: number };

/** A refusal of POST /api/Order: its code and members as the contract's OrderConflict says. */
function refusal({ code, ...members }: OrderConflict, message: string) {
  return new DomainError(code, message, { extensions: members });
}

export async function placeOrder(db: Db, ctx: PlaceOrderContext, command: CreateOrderCommand): Promise<Order> {
  const scope: OrderScope = { tenantId: ctx.customer.tenantId, customerId: ctx.customer.customerId };
  return db.transaction().execute(async (trx) => {
    const cart = await lockCart(trx, ctx);
    const earlier = await findOrder(trx, scope, { orderReference: command.orderReference });
    if (earlier) return earlier;
    assertSameCart(cart, command);
    const priced = await repriceCart(trx, ctx.customer, cart, command);
    const address = await chosenAddress(trx, ctx.customer, command);
    assertLiquorAllowed(ctx.customer, priced);
    await assertWithinCredit(trx, ctx, command, priced);
    await takeStock(trx, ctx.customer.stockingWarehouseCode, priced.items);
    const orderId = await writeOrder(trx, ctx, command, priced, address);
    await handOff(trx, orderId);
    await emptyCart(trx, cart);
    return (await findOrder(trx, scope, { id: orderId }))!;
  });
}

/** The customer's cart, locked to the end of the transaction: one placement per cart at a time. */
function lockCart(trx: Db, ctx: PlaceOrderContext) {
  return openList(trx, "cart", { tenantId: ctx.customer.tenantId, userId: ctx.userId }, { lock: true });
}

/** The page must have shown this cart: an older reference means it changed since. */
function assertSameCart(cart: ListHeader, command: CreateOrderCommand) {
  if (command.orderReference !== cart.orderReference) {
    throw refusal(
      { code: "cart_changed", orderReference: cart.orderReference },
      "Your cart has changed since this page was loaded. Please review your cart and try again.",
    );
  }
}

/** Prices the cart now and refuses when it is empty, sells what is gone, or differs from what was seen. */
async function repriceCart(trx: Db, customer: CustomerContext, cart: ListHeader, command: CreateOrderCommand) {
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
    toCents(command.totalPriceIncl) === priced.totalInclCents && toCents(command.totalPriceExcl) === priced.totalExclCents;
  if (!totalsMatch || !sameLines(command, priced.items)) {
    throw refusal({ code: "prices_changed", cart: cartFrom(cart, priced) }, PRICES_CHANGED);
  }
  return priced;
}

function sameLines(command: CreateOrderCommand, items: readonly PricedItem[]) {
  const submitted = new Map(command.orderLines.map((l) => [l.productId, l.quantity]));
  return submitted.size === items.length && items.every((i) => submitted.get(i.line.skuCode) === i.line.quantity);
}

/** The delivery address, checked before credit or stock is touched: another account's is a 404. */
function chosenAddress(trx: Db, customer: CustomerContext, command: CreateOrderCommand) {
  return deliveryAddressFor(trx, customer.customerId, command.homeDelivery ? command.deliveryAddressId : null);
}

type Address = Awaited<ReturnType<typeof chosenAddress>>;

function assertLiquorAllowed(customer: CustomerContext, priced: PricedItems) {
  if (!customer.isLiquorCustomer && containsLiquor(priced)) throw liquorRefused();
}

const containsLiquor = (priced: PricedItems) => priced.items.some((i) => i.product.isLiquor);

/** Reads credit under the customer row's lock, so concurrent orders are checked one after another. */
async function assertWithinCredit(trx: Db, ctx: PlaceOrderContext, command: CreateOrderCommand, priced: PricedItems) {
  const credit = await creditPosition(trx, ctx.customer.customerId, { lock: true });
  if (creditOverridden(ctx, command) || priced.totalInclCents <= credit.remainingCreditCents) return;
  throw refusal(
    {
      code: "credit_exceeded",
      remainingCredit: toRand(credit.remainingCreditCents),
      orderTotal: toRand(priced.totalInclCents),
    },
    `This order of ${formatRandCents(priced.totalInclCents)} is more than your remaining credit of ${formatRandCents(Math.max(0, credit.remainingCreditCents))}.`,
  );
}

const creditOverridden = (ctx: PlaceOrderContext, command: CreateOrderCommand) =>
  command.creditcheck_override && ctx.mayOverrideCredit;

/**
 * Takes stock for every line or for none (a shortage throws and rolls the transaction back).
 * Lines go in SKU order, so concurrent orders never deadlock.
 */
async function takeStock(trx: Db, warehouseCode: string, items: readonly PricedItem[]) {
  const shortages: StockShortage[] = [];
  const sorted = [...items].sort((a, b) => a.line.skuCode.localeCompare(b.line.skuCode));
  for (const { line, product } of sorted) {
    // stock primary key (warehouse_code, sku_code); the on_hand >= condition makes it atomic.
    const taken = await trx
      .updateTable("stock")
      .set((eb) => ({ onHand: eb("onHand", "-", line.quantity) }))
      .where("warehouseCode", "=", warehouseCode)
      .where("skuCode", "=", line.skuCode)
      .where("onHand", ">=", line.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) continue;
    const left = await trx
      .selectFrom("stock")
      .select("onHand")
      .where("warehouseCode", "=", warehouseCode)
      .where("skuCode", "=", line.skuCode)
      .executeTakeFirst();
    shortages.push({
      skuCode: line.skuCode,
      description: product.description,
      requested: line.quantity,
      available: left?.onHand ?? 0,
    });
  }
  if (shortages.length === 0) return;
  const list = shortages.map((s) => `${s.description} (${s.skuCode}): ${s.available} available`).join("; ");
  throw refusal(
    { code: "stock_short", shortages },
    `Not enough stock for ${shortages.length === 1 ? "one product" : `${shortages.length} products`}: ${list}.`,
  );
}

/** Writes the order, its lines and its first status; returns its id. */
async function writeOrder(
  trx: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
  priced: PricedItems,
  address: Address,
) {
  const { customer } = ctx;
  const account = await orderingAccount(trx, customer.customerId);
  // The order number is made from the id, so the id is drawn first.
  const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id`.execute(trx);
  const id = rows[0]!.id;
  await trx
    .insertInto("orders")
    .values({
      id,
      tenantId: customer.tenantId,
      orderId: orderNumber(id),
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
    })
    .execute();
  await trx
    .insertInto("orderLines")
    .values(
      priced.items.map((i, index) => ({
        orderId: id,
        lineNumber: index + 1,
        skuCode: i.line.skuCode,
        productDescription: i.product.description,
        quantity: i.line.quantity,
        vatRate: i.priced.vatRate,
        listPriceExclCents: i.priced.listPriceExclCents,
        unitPriceExclCents: i.priced.unitPriceExclCents,
        totalExclCents: i.priced.totalExclCents,
        totalInclCents: i.priced.totalInclCents,
        warehouseCode: customer.stockingWarehouseCode,
        dealReference: i.priced.dealReference,
        dealDescription: i.priced.dealDescription,
        dealPercent: i.priced.dealApplied ? i.priced.discountPercent : null,
        category: i.product.category,
        rtCategory: i.product.rtCategory,
        assignedDiscount: i.priced.assignedDiscountCents,
      })),
    )
    .execute();
  await trx.insertInto("orderStatusHistory").values({ orderId: id, status: "Pending" }).execute();
  return id;
}

/** Queues the order for the back office in the same transaction: it is handed off once committed. */
function handOff(trx: Db, orderId: number) {
  return enqueue(trx, { topic: BACKOFFICE_TOPIC, idempotencyKey: `order:${orderId}`, payload: { orderId } });
}

/** The cart starts over with a new reference: the next submit is a new order. */
async function emptyCart(trx: Db, cart: ListHeader) {
  await clearList(trx, "cart", cart.id);
  await renewCartReference(trx, cart.id);
}
