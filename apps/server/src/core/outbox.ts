// Handing work to the background (the transactional outbox, docs/architecture.md). A module
// writes a message with `enqueue` in the same transaction as the business change that causes
// it (an e-mail, an SMS, the order hand-off), so the work happens exactly when that change
// commits, and writes a handler for each topic it owns. The worker that claims and runs the
// messages, and the roster of which module handles which topic, are modules/outbox's.
import type { Db } from "../db/database";
import type { JsonValue } from "../db/schema";

export interface OutboxMessage {
  /** Names the handler, e.g. "messaging.email". */
  topic: string;
  /** A second enqueue with the same key is ignored, so a retried request cannot queue twice. */
  idempotencyKey: string;
  payload: JsonValue;
  /** Messages sharing this key are handled one at a time, in the order they were queued. */
  orderingKey?: string;
}

/** Queues a message in the caller's transaction; false when the key was already queued. */
export async function enqueue(trx: Db, message: OutboxMessage): Promise<boolean> {
  return (await enqueueAll(trx, [message])) === 1;
}

/**
 * Queues several messages in the caller's transaction in one statement (one round trip, as
 * an order's hand-off and its confirmation); returns how many were new (the rest were queued
 * before under their keys).
 */
export async function enqueueAll(trx: Db, messages: readonly OutboxMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await trx
    .insertInto("outbox")
    .values(
      messages.map((message) => ({
        topic: message.topic,
        idempotencyKey: message.idempotencyKey,
        payload: JSON.stringify(message.payload),
        orderingKey: message.orderingKey ?? null,
      })),
    )
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .returning("id")
    .execute();
  return rows.length;
}

export interface OutboxJob {
  id: number;
  topic: string;
  idempotencyKey: string;
  payload: unknown;
  /** 1 on the first try. */
  attempt: number;
  /** When the message was queued (for the hand-off lag). */
  createdAt: Date;
}

/** Does the work of one message; throwing means "try again later". */
export type OutboxHandler = (job: OutboxJob) => Promise<void>;
export type OutboxHandlers = Readonly<Record<string, OutboxHandler>>;

export type OutboxOutcome = "done" | "retried" | "parked";

/**
 * A handler's failure on the far side (the back office, a provider), never a database fault,
 * whatever its cause chain holds (a refused connection looks like the database's own otherwise).
 * `unavailable`: the far side said "not now" (503, 429, 502, 504, or refused the connection);
 * the message is tried again within seconds without counting an attempt, and once the far side
 * answers again the messages waiting for it go at once. Any other failure counts an attempt and
 * waits out the usual backoff (docs/decisions/0157-outbox-recovers-from-database-faults.md).
 */
export class RemoteFailure extends Error {
  override readonly name = "RemoteFailure";
  constructor(
    message: string,
    readonly unavailable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Runs a handler's call to the far side (an SMTP server, an SMS provider, a push service): what
 * it throws is that side's failure (RemoteFailure, counted as an attempt), never taken for the
 * database's, though a refused connection's error looks alike.
 */
export async function onTheFarSide<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RemoteFailure) throw error;
    throw new RemoteFailure(error instanceof Error ? error.message : String(error), false, { cause: error });
  }
}
