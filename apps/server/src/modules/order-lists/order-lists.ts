// Order lists: a customer account's named lists of products and packs. Every read
// and change is scoped to the account: another account's list is "not found", never shown.
// Lines are priced for the customer when read; a list goes to the cart through the quick
// order pad's add, with the same reasons for what it could not add.
import { QUICK_ORDER_MAX_LINES, type CartAfterAddItems } from "@trade-shop/contracts/quick-order";
import type {
  CreateOrderListCommand,
  OrderList,
  OrderListLineInput,
  OrderListSummary,
} from "@trade-shop/contracts/order-lists";
import { sql } from "kysely";
import { isUniqueViolation, type Db } from "../../db/database";
import { DomainError, notFound } from "../../core/domain-error";
import type { CustomerContext } from "../accounts";
import { addItemsToCart } from "../cart";
import { loadProducts } from "../catalogue";

const nameTaken = (name: string) =>
  new DomainError("list_name_taken", `You already have an order list called ${name}.`);

/** The list if it is the customer's, else a 404 (another account's list is not theirs to see). */
async function ownList(db: Db, customer: CustomerContext, id: number) {
  const row = await db
    .selectFrom("orderLists")
    .select(["id", "name", "updatedAt"])
    .where("id", "=", id)
    .where("customerId", "=", customer.customerId)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no order list ${id} on your account.`);
  return row;
}

export async function listOrderLists(db: Db, customer: CustomerContext): Promise<OrderListSummary[]> {
  const rows = await db
    .selectFrom("orderLists as l")
    .select((eb) => [
      "l.id",
      "l.name",
      "l.updatedAt",
      eb
        .selectFrom("orderListItems as i")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("i.listId", "=", "l.id")
        .as("lineCount"),
    ])
    .where("l.customerId", "=", customer.customerId)
    .orderBy("l.updatedAt", "desc")
    .orderBy("l.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lineCount: Number(r.lineCount ?? 0),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

export async function getOrderList(db: Db, customer: CustomerContext, id: number): Promise<OrderList> {
  const list = await ownList(db, customer, id);
  const lines = await db
    .selectFrom("orderListItems")
    .select(["skuCode", "quantity"])
    .where("listId", "=", id)
    .orderBy("position")
    .execute();
  const products = new Map(
    (
      await loadProducts(
        db,
        customer,
        lines.map((l) => l.skuCode),
      )
    ).map((p) => [p.skuCode, p]),
  );
  return {
    id: list.id,
    name: list.name,
    updatedAt: new Date(list.updatedAt).toISOString(),
    lineCount: lines.length,
    lines: lines.map((l) => ({ ...l, product: products.get(l.skuCode) ?? null })),
  };
}

/** One line per SKU (the packs of repeated SKUs added up, capped at 9 999), in the order given. */
function mergeLines(lines: readonly OrderListLineInput[]) {
  const merged = new Map<string, number>();
  for (const l of lines) {
    const sku = l.skuCode.toUpperCase();
    merged.set(sku, Math.min(9999, (merged.get(sku) ?? 0) + l.quantity));
  }
  return [...merged];
}

/** A 404 naming any of the lines' products that is not on sale. */
async function requireProducts(db: Db, lines: readonly OrderListLineInput[]) {
  const skus = mergeLines(lines).map(([sku]) => sku);
  if (skus.length === 0) return;
  const known = new Set(
    (
      await db
        .selectFrom("products")
        .select("skuCode")
        .where("skuCode", "in", skus)
        .where("active", "=", true)
        .execute()
    ).map((r) => r.skuCode),
  );
  const unknown = skus.filter((sku) => !known.has(sku));
  if (unknown.length > 0) throw notFound(`There is no product with the code ${unknown.join(", ")}.`);
}

/** Replaces the list's lines with `lines` merged; their products must have been checked. */
async function replaceLines(db: Db, listId: number, lines: readonly OrderListLineInput[]) {
  const merged = mergeLines(lines);
  await db.deleteFrom("orderListItems").where("listId", "=", listId).execute();
  if (merged.length > 0) {
    await db
      .insertInto("orderListItems")
      .values(merged.map(([skuCode, quantity], position) => ({ listId, skuCode, quantity, position })))
      .execute();
  }
  await db
    .updateTable("orderLists")
    .set({ updatedAt: sql`now()` })
    .where("id", "=", listId)
    .execute();
}

async function writeLines(db: Db, listId: number, lines: readonly OrderListLineInput[]) {
  await requireProducts(db, lines);
  await replaceLines(db, listId, lines);
}

export async function createOrderList(
  db: Db,
  customer: CustomerContext,
  command: CreateOrderListCommand,
): Promise<OrderList> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("orderLists")
        .values({ customerId: customer.customerId, name: command.name })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeLines(trx, row.id, command.lines ?? []);
      return row.id;
    });
    return getOrderList(db, customer, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(command.name);
    throw error;
  }
}

export async function renameOrderList(db: Db, customer: CustomerContext, id: number, name: string) {
  await ownList(db, customer, id);
  try {
    await db
      .updateTable("orderLists")
      .set({ name, updatedAt: sql`now()` })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return getOrderList(db, customer, id);
}

export async function setOrderListLines(
  db: Db,
  customer: CustomerContext,
  id: number,
  lines: readonly OrderListLineInput[],
): Promise<OrderList> {
  await ownList(db, customer, id);
  await db.transaction().execute((trx) => writeLines(trx, id, lines));
  return getOrderList(db, customer, id);
}

/**
 * Puts lines on a list: a SKU already there gets the packs added (at most 9 999), a new one goes
 * at the end. The list's row is locked first, so two logins adding at once both count.
 */
export async function addOrderListLines(
  db: Db,
  customer: CustomerContext,
  id: number,
  lines: readonly OrderListLineInput[],
): Promise<OrderList> {
  await db.transaction().execute(async (trx) => {
    // The list's row, locked: it is the customer's and stays there until the lines are written.
    const own = await trx
      .selectFrom("orderLists")
      .select("id")
      .where("id", "=", id)
      .where("customerId", "=", customer.customerId)
      .forUpdate()
      .executeTakeFirst();
    if (!own) throw notFound(`There is no order list ${id} on your account.`);
    // Only the new lines' products are checked: one taken off sale since keeps its line.
    await requireProducts(trx, lines);
    const held = await trx
      .selectFrom("orderListItems")
      .select(["skuCode", "quantity"])
      .where("listId", "=", id)
      .orderBy("position")
      .execute();
    const merged = [...held, ...lines];
    if (mergeLines(merged).length > QUICK_ORDER_MAX_LINES)
      throw new DomainError(
        "validation",
        `A list holds at most ${QUICK_ORDER_MAX_LINES} lines; this one would have more.`,
      );
    await replaceLines(trx, id, merged);
  });
  return getOrderList(db, customer, id);
}

export async function deleteOrderList(db: Db, customer: CustomerContext, id: number) {
  const list = await ownList(db, customer, id);
  await db.deleteFrom("orderLists").where("id", "=", id).execute();
  return { success: true, title: "List deleted", message: `The order list ${list.name} is deleted.` };
}

export async function addOrderListToCart(
  db: Db,
  customer: CustomerContext,
  userId: number,
  id: number,
): Promise<CartAfterAddItems> {
  const list = await getOrderList(db, customer, id);
  if (list.lines.length === 0)
    throw new DomainError("validation", `The order list ${list.name} has no lines.`);
  return addItemsToCart(db, customer, userId, {
    items: list.lines.map((l) => ({ skuCode: l.skuCode, quantity: l.quantity, dealReference: null })),
  });
}
