// The record of every message the shop sent (or, in demo mode, would have sent).
import type { Db } from "../../db/database";

export type Delivery = "smtp" | "http" | "recorded";

export async function recordSentMessage(
  db: Db,
  message: {
    outboxId: number;
    channel: "email" | "sms";
    recipient: string;
    subject: string | null;
    body: string;
    delivery: Delivery;
  },
) {
  // A message retried after it went out (the worker died before marking it done) is recorded once.
  await db
    .insertInto("sentMessages")
    .values(message)
    .onConflict((oc) => oc.column("outboxId").doNothing())
    .execute();
}

export function recentMessages(db: Db, limit: number) {
  return db
    .selectFrom("sentMessages")
    .select(["id", "channel", "recipient", "subject", "body", "delivery", "sentAt"])
    .orderBy("sentAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
