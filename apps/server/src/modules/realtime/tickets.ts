// Stream tickets: a browser's EventSource cannot send the Authorization header, and a login
// token in a URL would end up in access logs for hours. So the web app POSTs (with its token
// and XSRF header) for a ticket that opens one stream, once, within a minute. Tickets live in
// the database, so a ticket from one server process opens a stream on any other.
import { createHash, randomBytes } from "node:crypto";
import type { RealtimeTicket } from "@trade-shop/contracts/realtime";
import { sql } from "kysely";
import type { Db } from "../../db/database";

export const TICKET_LIFETIME_SECONDS = 60;

const hash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

export interface StreamGrant {
  userId: number;
  tenantId: string;
  /** When the login behind the ticket expires; the stream ends then. */
  sessionExpiresAt: Date;
  /** The login's token version when the ticket was asked for; the stream ends when it moves on. */
  tokenVersion: number;
}

export async function issueTicket(db: Db, grant: StreamGrant): Promise<RealtimeTicket> {
  const ticket = randomBytes(32).toString("base64url");
  // realtime_tickets_expires_idx: spent and unused tickets go as new ones are made.
  await sql`DELETE FROM realtime_tickets WHERE expires_at < now()`.execute(db);
  await db
    .insertInto("realtimeTickets")
    .values({
      ticketHash: hash(ticket),
      userId: grant.userId,
      tenantId: grant.tenantId,
      sessionExpiresAt: grant.sessionExpiresAt,
      tokenVersion: grant.tokenVersion,
      expiresAt: sql`now() + make_interval(secs => ${TICKET_LIFETIME_SECONDS})`,
    })
    .execute();
  return { ticket, expiresIn: TICKET_LIFETIME_SECONDS };
}

/** The ticket's grant, spending the ticket; undefined when unknown, spent or expired. */
export async function redeemTicket(db: Db, ticket: string): Promise<StreamGrant | undefined> {
  return db
    .deleteFrom("realtimeTickets")
    .where("ticketHash", "=", hash(ticket))
    .where("expiresAt", ">", sql<Date>`now()`)
    .where("sessionExpiresAt", ">", sql<Date>`now()`)
    .returning(["userId", "tenantId", "sessionExpiresAt", "tokenVersion"])
    .executeTakeFirst();
}
