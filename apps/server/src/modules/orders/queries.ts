// SQL for orders and their lines, shaped into the contracts' Order. Money is read in cents
// and turned into rand only here, at the edge.
import { sql } from "kysely";
import { toRand } from "@trade-shop/contracts/common";
import { HISTORY_PAGE } from "@trade-shop/contracts/orders";
import type {
  Order,
  OrderHistoryEntry,
  OrderHistoryQuery,
  OrderLine,
  OrderStatus,
} from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { userFullName } from "../../db/user-name";
import { unitPriceIncl } from "../pricing";
import type { OrderLines, Orders } from "../../db/schema";
import type { Selectable } from "kysely";

export type OrderRow = Omit<
  Selectable<Orders>,
  "expectedDeliveryDate" | "cancelRequestedBy" | "linesChangedBy"
> & {
  accountId: string;
  createdByName: string;
  placedBy: string | null;
  decidedByName: string | null;
  linesChangedByName: string | null;
  /** "yyyy-MM-dd", read as text on both engines. */
  expectedDeliveryDate: string | null;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  deliveredSignedBy: string | null;
  /** Its hand-off is queued and was never tried: the back office cannot have it. */
  handOffUnsent: boolean;
};

/** Back-office states in which it may still stop an order, when asked. */
export const BACK_OFFICE_MAY_STOP: readonly string[] = ["Pending", "Submitted", "Picking", "On Hold"];

/** How the customer can cancel the order now (docs/rules.md "Cancelling an order"). */
export function cancelOption(
  row: Pick<OrderRow, "currentPastelStatus" | "handOffUnsent" | "cancelRequestedAt">,
): Order["cancel"] {
  if (row.currentPastelStatus === "Awaiting approval" || row.currentPastelStatus === "Awaiting payment")
    return "now";
  if (row.currentPastelStatus === "Pending" && row.handOffUnsent) return "now";
  if (row.cancelRequestedAt) return null;
  return BACK_OFFICE_MAY_STOP.includes(row.currentPastelStatus) ? "request" : null;
}

function toHistoryEntry(row: OrderRow): OrderHistoryEntry {
  return {
    id: row.id,
    orderId: row.orderId,
    accountName: row.accountName,
    vatNumber: row.vatNumber,
    email: row.email,
    mobileNumber: row.mobileNumber,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    address4: row.address4,
    address5: row.address5,
    address6: row.address6,
    homeDelivery: row.homeDelivery,
    accountId: row.accountId,
    suppliedId: row.suppliedId,
    userId: row.userId,
    orderReference: row.orderReference,
    createdDate: row.createdDate.toISOString(),
    orderType: row.orderType,
    shipmentMethod: row.shipmentMethod,
    discount: toRand(row.discountCents),
    tradeShopPaymentId: row.paymentId,
    payfastPaymentId: row.payfastPaymentId,
    tradeShopAccountId: row.accountId,
    applyLiqourCheck: row.applyLiqourCheck,
    totalPriceExcl: toRand(row.totalExclCents),
    totalPriceIncl: toRand(row.totalInclCents),
    orderSource: row.orderSource,
    liquor_check: row.liquorCheck,
    creditcheck_override: row.creditcheckOverride,
    repCode: row.repCode,
    currentPastelStatus: row.currentPastelStatus as OrderStatus,
    statusReason: row.pastelStatusReason,
    lastPastelStatusUpdate: row.lastPastelStatusUpdate.toISOString(),
    createdBy: row.createdBy,
    placedBy: row.placedBy,
    approvalDueAt: row.approvalDueAt?.toISOString() ?? null,
    paymentDueAt: row.paymentDueAt?.toISOString() ?? null,
    amountToPay: row.paymentDueCents === null ? null : toRand(row.paymentDueCents),
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    vendorNumber: row.vendorNumber,
    brand: row.brand,
    expectedDeliveryDate: row.expectedDeliveryDate,
    dispatchedAt: row.dispatchedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    deliveredSignedBy: row.deliveredSignedBy,
    cancel: cancelOption(row),
    cancelRequestedAt: row.cancelRequestedAt?.toISOString() ?? null,
    cancelRefusedReason: row.cancelRefusedReason,
    // Its lines change while it could be cancelled at once: nobody else has it yet. Not while it
    // waits for a payment of the part over credit: that payment is for these lines.
    changeable: cancelOption(row) === "now" && row.currentPastelStatus !== "Awaiting payment",
    linesChangedAt: row.linesChangedAt?.toISOString() ?? null,
    linesChangedBy: row.linesChangedByName,
  };
}

function baseQuery(db: Db) {
  return db
    .selectFrom("orders")
    .innerJoin("customers", "customers.id", "orders.customerId")
    .leftJoin("users as placer", "placer.id", "orders.userId")
    .leftJoin("users as decider", "decider.id", "orders.decidedBy")
    .leftJoin("users as changer", "changer.id", "orders.linesChangedBy")
    .selectAll("orders")
    .select([
      "customers.accountId",
      "orders.createdBy as createdByName",
      userFullName("placer").as("placedBy"),
      userFullName("decider").as("decidedByName"),
      userFullName("changer").as("linesChangedByName"),
      sql<string | null>`to_char(orders.expected_delivery_date, 'YYYY-MM-DD')`.as("expectedDeliveryDate"),
      // order_status_history_order_idx (order_id): an order has a handful of rows.
      reported("Dispatched", "changed_at").as("dispatchedAt"),
      reported("Delivered", "changed_at").as("deliveredAt"),
      reported("Delivered", "signed_by").as("deliveredSignedBy"),
      // outbox idempotency_key unique: the order's hand-off, queued and never tried.
      sql<boolean>`EXISTS (SELECT 1 FROM outbox h WHERE h.idempotency_key = 'order:' || orders.id
                             AND h.status = 'pending' AND h.attempts = 0)`.as("handOffUnsent"),
    ]);
}

/** When (or by whom signed) the back office first reported the order in `status`. */
function reported<T extends "changed_at" | "signed_by">(status: "Dispatched" | "Delivered", column: T) {
  return sql<(T extends "changed_at" ? Date : string) | null>`(
    SELECT ${sql.ref(`h.${column}`)} FROM order_status_history h
     WHERE h.order_id = orders.id AND h.status = ${status}
     ORDER BY h.changed_at, h.id LIMIT 1)`;
}

export interface OrderScope {
  tenantId: string;
  /** Limits to one customer's orders; undefined lets staff see the whole tenant. */
  customerId: number | undefined;
}

/** `text` for LIKE: its own %, _ and \\ taken literally, anywhere in the value. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The SKUs a history search means by a product: the catalogue's products whose code or
 * description holds the words. It reads the catalogue (thousands of rows), never the account's
 * order lines, so it costs the same however long the history.
 */
async function productsSearched(db: Db, like: string): Promise<string[]> {
  const rows = await db
    .selectFrom("products")
    .select("skuCode")
    .where((eb) => eb.or([eb("skuCode", "ilike", like), eb("description", "ilike", like)]))
    .execute();
  return rows.map((row) => row.skuCode);
}

/**
 * One page of an account's orders, newest first (decision 158). Pages are a keyset on
 * (created_date, id), so a page costs the same on the 5 000th page as on the first and no order
 * is skipped or repeated when orders share a timestamp or new ones arrive between pages; each
 * filter has an index that walks the account's orders in that order (migration 0030).
 */
export async function orderHistory(
  db: Db,
  scope: OrderScope,
  filter: OrderHistoryQuery = {},
): Promise<OrderHistoryEntry[]> {
  const limit = filter.limit ?? HISTORY_PAGE;
  // The account's orders, narrowed by everything but the search: each branch of the search
  // below starts from these.
  const narrowed = () => {
    let query = db.selectFrom("orders").where("orders.tenantId", "=", scope.tenantId);
    if (scope.customerId !== undefined) query = query.where("orders.customerId", "=", scope.customerId);
    if (filter.placedByUserId) query = query.where("orders.userId", "=", filter.placedByUserId);
    if (filter.status) query = query.where("orders.currentPastelStatus", "=", filter.status);
    // Days are South African days, whatever the server's zone.
    if (filter.from)
      query = query.where(
        sql<boolean>`orders.created_date >= (${filter.from}::date)::timestamp AT TIME ZONE 'Africa/Johannesburg'`,
      );
    if (filter.to)
      query = query.where(
        sql<boolean>`orders.created_date < (${filter.to}::date + 1)::timestamp AT TIME ZONE 'Africa/Johannesburg'`,
      );
    // The page after the order `after` (an id of another account's order finds nothing).
    if (filter.after !== undefined) {
      const after = db
        .selectFrom("orders as last")
        .select(["last.createdDate", "last.id"])
        .where("last.id", "=", filter.after)
        .where("last.tenantId", "=", scope.tenantId);
      query = query.where(
        sql<boolean>`(orders.created_date, orders.id) < (${
          scope.customerId === undefined ? after : after.where("last.customerId", "=", scope.customerId)
        })`,
      );
    }
    return query;
  };
  const newestFirst = <Q extends ReturnType<typeof narrowed>>(query: Q) =>
    query.orderBy("orders.createdDate", "desc").orderBy("orders.id", "desc").limit(limit);

  const search = filter.search?.trim();
  let page;
  if (!search) {
    // orders_customer_page_idx, orders_customer_status_idx or orders_customer_user_idx
    page = newestFirst(narrowed().select("orders.id"));
  } else {
    // Each way of finding the order is a page of its own, through its own index; the page is
    // the newest of what they found together, in one statement.
    const like = containing(search);
    const skus = await productsSearched(db, like);
    const byNumber = newestFirst(narrowed().select("orders.id").where("orders.orderId", "ilike", like));
    const byReference = newestFirst(narrowed().select("orders.id").where("orders.suppliedId", "ilike", like));
    // order_lines_sku_order_idx (sku_code, order_id), or the account's walk probing each order's lines
    const byProduct = newestFirst(
      narrowed()
        .select("orders.id")
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("orderLines")
              .select(sql`1`.as("one"))
              .whereRef("orderLines.orderId", "=", "orders.id")
              .where("orderLines.skuCode", "=", sql<string>`ANY(${skus}::text[])`),
          ),
        ),
    );
    page = sql<{ id: number }>`SELECT found.id FROM (${byNumber} UNION ${byReference}${
      skus.length > 0 ? sql` UNION ${byProduct}` : sql``
    }) found`;
  }
  const rows = await baseQuery(db)
    .where(sql<boolean>`orders.id IN (${page})`)
    .orderBy("orders.createdDate", "desc")
    .orderBy("orders.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toHistoryEntry);
}

/** A canonical uuid as PostgreSQL prints one; no other text can equal an order_reference. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function findOrder(
  db: Db,
  scope: OrderScope,
  where: { id: number } | { orderReference: string },
) {
  // A reference that is not a canonical uuid (the contract allows any text) matches no order;
  // one that is is compared as a uuid, so (tenant_id, order_reference) answers.
  if ("orderReference" in where && !CANONICAL_UUID.test(where.orderReference)) return undefined;
  let query = baseQuery(db).where("orders.tenantId", "=", scope.tenantId);
  if (scope.customerId !== undefined) query = query.where("orders.customerId", "=", scope.customerId);
  query =
    "id" in where
      ? query.where("orders.id", "=", where.id)
      : query.where("orders.orderReference", "=", sql<string>`${where.orderReference}::uuid`);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom("orderLines")
    .selectAll()
    .where("orderId", "=", row.id)
    .orderBy("lineNumber")
    .execute();
  return toOrder(row, lines);
}

/**
 * Any tenant's order by its id: what an HTTP back office is sent. The outbox's roster
 * (modules/outbox/topics.ts) hands this to the back office, which imports no orders code.
 */
export async function orderForBackOffice(db: Db, orderId: number): Promise<Order | undefined> {
  const head = await db.selectFrom("orders").select("tenantId").where("id", "=", orderId).executeTakeFirst();
  return head && (await findOrder(db, { tenantId: head.tenantId, customerId: undefined }, { id: orderId }));
}

/** An order and its lines, as read or as just written, in the contracts' shape. */
export function toOrder(row: OrderRow, lines: readonly Selectable<OrderLines>[]): Order {
  const orderLines: OrderLine[] = lines.map((l) => ({
    productId: l.skuCode,
    productDescription: l.productDescription,
    quantity: l.quantity,
    listPriceExcl: toRand(l.listPriceExclCents),
    unitPriceExcl: toRand(l.unitPriceExclCents),
    totalPriceExcl: toRand(l.totalExclCents),
    totalPriceIncl: toRand(l.totalInclCents),
    warehouseCode: l.warehouseCode,
    dealReference: l.dealReference,
    category: l.category ?? "",
    assignedDiscount: toRand(l.assignedDiscount),
    priceManipulated: l.priceManipulated,
    lockedWarehouse: l.lockedWarehouse,
    dealPercent: l.dealPercent,
    discountPriceIncl: l.dealReference ? toRand(unitPriceIncl(l.unitPriceExclCents, l.vatRate)) : null,
    discountPriceExcl: l.dealReference ? toRand(l.unitPriceExclCents) : null,
    tradePercent: l.tradePercent,
    dealDescription: l.dealDescription,
    priceManipulationReason: l.priceManipulationReason,
    pastelSalesOrderNumber: l.pastelSalesOrderNumber,
    pastelInvoiceNumber: l.pastelInvoiceNumber,
    rtCategory: l.rtCategory,
  }));
  return { ...toHistoryEntry(row), orderLines };
}
