// The alerts a user sees in the shop on one account: the newest 50 and how many are unread,
// and marking them read. Always the caller's own on the account they are using, so another
// user's (or another account's) alerts are neither listed nor marked.
import type { AlertKind, AlertList } from "@trade-shop/contracts/alerts";
import type { Db } from "../../db/database";

export const LIST_SIZE = 50;

async function unreadOf(db: Db, userId: number, customerId: number): Promise<number> {
  const row = await db
    .selectFrom("alerts")
    .select((eb) => eb.fn.countAll<string>().as("unread"))
    .where("userId", "=", userId)
    .where("customerId", "=", customerId)
    .where("shown", "=", true)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export async function listAlerts(db: Db, userId: number, customerId: number): Promise<AlertList> {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom("alerts")
      .select(["id", "kind", "title", "body", "link", "createdAt", "readAt"])
      .where("userId", "=", userId)
      .where("customerId", "=", customerId)
      .where("shown", "=", true)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(LIST_SIZE)
      .execute(),
    unreadOf(db, userId, customerId),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind as AlertKind,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: new Date(row.createdAt).toISOString(),
      readAt: row.readAt === null ? null : new Date(row.readAt).toISOString(),
    })),
    unread,
  };
}

/** Marks `ids` (or every alert, when absent) read; ids of other people's alerts change nothing. */
export async function markAlertsRead(
  db: Db,
  userId: number,
  customerId: number,
  ids: readonly number[] | undefined,
): Promise<{ unread: number }> {
  if (ids === undefined || ids.length > 0) {
    let update = db
      .updateTable("alerts")
      .set((eb) => ({ readAt: eb.fn<Date>("now") }))
      .where("userId", "=", userId)
      .where("customerId", "=", customerId)
      .where("shown", "=", true)
      .where("readAt", "is", null);
    if (ids !== undefined) update = update.where("id", "in", ids);
    await update.execute();
  }
  return { unread: await unreadOf(db, userId, customerId) };
}
