// Placing an order (SPEC §4 Order placement, DESIGN.md §4). In one transaction: the cart is
// locked, re-priced by the server and compared with what the customer saw; liquor, credit
// and stock are checked; stock is taken; the order is written, the cart emptied and the
// back-office hand-off queued. The cart's orderReference makes it idempotent: a repeat of
// the same submit (double click, retry after a time-out, a second tab) returns the first order.
import { toRand } from "@trade-shop/contracts/common";
import { formatRandCents as formatRandPlain } from "@trade-shop/contracts/format";
import type { CreateOrderCommand, Order, OrderConflict, StockShortage } from "@trade-shop/contracts/orders";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { DomainError, notFound } from "../../http/domain-error";
import type { CustomerContext } from "../accounts/customer-context";
import { creditPosition } from "../accounts/credit";
import { cartFrom, liquorRefused } from "../cart/cart";
import { priceItems, type PricedItem } from "../cart/priced-items";
import { clearList, listLines, openList, renewCartReference } from "../cart/shopping-list";
import { enqueue } from "../outbox/outbox";
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

const round2 = (rand: number) => Math.round(rand * 100);

/** Takes stock for every line or for none: lines in SKU order, so concurrent orders never deadlock. */
async function takeStock(
  trx: Db,
  warehouseCode: string,
  items: readonly PricedItem[],
): Promise<StockShortage[]> {
  const shortages: StockShortage[] = [];
  const sorted = [...items].sort((a, b) => a.line.skuCode.localeCompare(b.line.skuCode));
  for (const { line, product } of sorted) {
    // stock primary key (warehouse_code, sku_code); the on_hand >= condition makes it atomic.
    const taken = await sql`UPDATE stock SET on_hand = on_hand - ${line.quantity}
       WHERE warehouse_code = ${warehouseCode} AND sku_code = ${line.skuCode} AND on_hand >= ${line.quantity}`.execute(
      trx,
    );
    if (Number(taken.numAffectedRows ?? 0) === 0) {
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
  }
  return shortages;
}

function sameLines(command: CreateOrderCommand, items: readonly PricedItem[]) {
  const submitted = new Map(command.orderLines.map((l) => [l.productId, l.quantity]));
  return (
    submitted.size === items.length && items.every((i) => submitted.get(i.line.skuCode) === i.line.quantity)
  );
}

/** Where the order goes: the chosen delivery address, else the account's own address. */
async function deliveryAddress(trx: Db, customerId: number, command: CreateOrderCommand) {
  const account = await trx
    .selectFrom("customers")
    .select(["address1", "address2", "address3", "address4", "address5", "addressPc"])
    .where("id", "=", customerId)
    .executeTakeFirstOrThrow();
  if (!command.homeDelivery || command.deliveryAddressId == null) return account;
  // Only an address of this customer: an id from another account (or tenant) is not found.
  const chosen = await trx
    .selectFrom("customerAddresses")
    .select(["address1", "address2", "address3", "address4", "address5", "addressPc"])
    .where("id", "=", command.deliveryAddressId)
    .where("customerId", "=", customerId)
    .executeTakeFirst();
  if (!chosen) throw notFound("That delivery address is not on your account. Choose one of your addresses.");
  return chosen;
}

export async function placeOrder(
  db: Db,
  ctx: PlaceOrderContext,
  command: CreateOrderCommand,
): Promise<Order> {
  const { customer } = ctx;
  const scope = { tenantId: customer.tenantId, customerId: customer.customerId };
  return db.transaction().execute(async (trx) => {
    const cart = await openList(
      trx,
      "cart",
      { tenantId: customer.tenantId, userId: ctx.userId },
      { lock: true },
    );
    const earlier = await findOrder(trx, scope, { orderReference: command.orderReference });
    if (earlier) return earlier;
    if (command.orderReference !== cart.orderReference) {
      throw new DomainError(
        "conflict",
        "Your cart has changed since this page was loaded. Please review your cart and try again.",
        {
          extensions: { orderReference: cart.orderReference } satisfies OrderConflict,
        },
      );
    }
    const lines = await listLines(trx, "cart", cart.id);
    if (lines.length === 0) throw new DomainError("conflict", "Your cart is empty.");

    const priced = await priceItems(trx, customer, lines);
    if (priced.unavailable.length > 0) {
      throw new DomainError(
        "conflict",
        `No longer sold: ${priced.unavailable.map((l) => l.skuCode).join(", ")}. Remove them from your cart.`,
        {
          extensions: { unavailable: priced.unavailable.map((l) => l.skuCode) } satisfies OrderConflict,
        },
      );
    }
    const totalsMatch =
      round2(command.totalPriceIncl) === priced.totalInclCents &&
      round2(command.totalPriceExcl) === priced.totalExclCents;
    if (!totalsMatch || !sameLines(command, priced.items)) {
      throw new DomainError("conflict", PRICES_CHANGED, {
        extensions: { cart: cartFrom(cart, priced) } satisfies OrderConflict,
      });
    }
    const address = await deliveryAddress(trx, customer.customerId, command);
    const hasLiquor = priced.items.some((i) => i.product.isLiquor);
    if (hasLiquor && !customer.isLiquorCustomer) throw liquorRefused();

    const override = command.creditcheck_override && ctx.mayOverrideCredit;
    const credit = await creditPosition(trx, customer.customerId, { lock: true });
    if (!override && priced.totalInclCents > credit.remainingCreditCents) {
      throw new DomainError(
        "conflict",
        `This order of ${formatRandPlain(priced.totalInclCents)} is more than your remaining credit of ${formatRandPlain(Math.max(0, credit.remainingCreditCents))}.`,
        {
          extensions: {
            remainingCredit: toRand(credit.remainingCreditCents),
            orderTotal: toRand(priced.totalInclCents),
          } satisfies OrderConflict,
        },
      );
    }

    const shortages = await takeStock(trx, customer.stockingWarehouseCode, priced.items);
    if (shortages.length > 0) {
      const list = shortages
        .map((s) => `${s.description} (${s.skuCode}): ${s.available} available`)
        .join("; ");
      throw new DomainError(
        "conflict",
        `Not enough stock for ${shortages.length === 1 ? "one product" : `${shortages.length} products`}: ${list}.`,
        {
          extensions: { shortages } satisfies OrderConflict,
        },
      );
    }

    const details = await trx
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", customer.customerId)
      .executeTakeFirstOrThrow();
    const { nextId } = (
      await sql<{
        nextId: number;
      }>`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS next_id`.execute(trx)
    ).rows[0]!;
    const homeDelivery = command.homeDelivery;
    await sql`INSERT INTO orders (id, tenant_id, order_id, customer_id, user_id, order_reference, supplied_id, account_name,
        vat_number, email, mobile_number, address1, address2, address3, address4, address5, address6, home_delivery,
        order_type, shipment_method, order_source, discount_cents, total_excl_cents, total_incl_cents,
        apply_liqour_check, liquor_check, creditcheck_override, rep_code, vendor_number, created_by)
      OVERRIDING SYSTEM VALUE VALUES (${nextId}, ${customer.tenantId}, ${orderNumber(nextId)}, ${customer.customerId},
        ${ctx.userId}, ${command.orderReference}::uuid, ${command.suppliedId ?? null}, ${details.name}, ${details.taxNumber},
        ${details.contactEmail}, ${details.contactCellphone}, ${address.address1}, ${address.address2}, ${address.address3},
        ${address.address4}, ${address.address5}, ${address.addressPc}, ${homeDelivery}, 'Web',
        ${homeDelivery ? "Delivery" : "Collection"}, 'TradeShop', ${priced.discountCents}, ${priced.totalExclCents},
        ${priced.totalInclCents}, true, ${hasLiquor}, ${override}, ${details.repCode}, ${details.vendorNumber}, ${ctx.username})`.execute(
      trx,
    );
    await trx
      .insertInto("orderLines")
      .values(
        priced.items.map((i, index) => ({
          orderId: nextId,
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
    await trx.insertInto("orderStatusHistory").values({ orderId: nextId, status: "Pending" }).execute();
    await enqueue(trx, {
      topic: BACKOFFICE_TOPIC,
      idempotencyKey: `order:${nextId}`,
      payload: { orderId: nextId },
    });
    await clearList(trx, "cart", cart.id);
    await renewCartReference(trx, cart.id);
    const order = await findOrder(trx, scope, { id: nextId });
    return order!;
  });
}
