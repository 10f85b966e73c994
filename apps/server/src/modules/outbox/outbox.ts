// The transactional outbox (DESIGN.md §1). Background work (e-mail, SMS, later the order
// hand-off) is written with `enqueue` in the same transaction as the business change that
// causes it, so it happens exactly when that change commits. A worker claims due messages
// with FOR UPDATE SKIP LOCKED, so any number of server processes can share one queue.
//
// A claim is its own short statement: it takes a lease (moves available_at into the future and
// counts the attempt) and commits before the handler runs. No transaction is ever held open
// while a handler talks to the outside world, which matters on PGlite's single connection and
// keeps row locks short on PostgreSQL. A process that dies mid-handler leaves the lease to
// expire, and the message is retried. Handlers therefore run at least once: they must be
// idempotent, or make a repeat harmless (the messaging handlers send a stable Message-ID).
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { JsonValue } from "../../db/schema";

export interface OutboxMessage {
  /** Names the handler, e.g. "messaging.email". */
  topic: string;
  /** A second enqueue with the same key is ignored, so a retried request cannot queue twice. */
  idempotencyKey: string;
  payload: JsonValue;
}

/** Queues a message in the caller's transaction; false when the key was already queued. */
export async function enqueue(trx: Db, message: OutboxMessage): Promise<boolean> {
  const row = await trx
    .insertInto("outbox")
    .values({
      topic: message.topic,
      idempotencyKey: message.idempotencyKey,
      payload: JSON.stringify(message.payload),
    })
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export interface OutboxJob {
  id: number;
  topic: string;
  idempotencyKey: string;
  payload: unknown;
  /** 1 on the first try. */
  attempt: number;
}

/** Does the work of one message; throwing means "try again later". */
export type OutboxHandler = (job: OutboxJob) => Promise<void>;
export type OutboxHandlers = Readonly<Record<string, OutboxHandler>>;

export interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxWorkerOptions {
  handlers: OutboxHandlers;
  /** How often an idle worker looks for due messages. */
  pollMs: number;
  /** After this many failed attempts a message is parked with its last error. */
  maxAttempts: number;
  /** The first retry waits this long; each further one waits twice as long (capped at an hour). */
  retryBaseMs: number;
  batchSize?: number;
  /** How long a claim lasts; a handler must finish well within it. */
  leaseMs?: number;
  /** Handled messages are deleted this long after they were handled (checked hourly). */
  keepDoneMs?: number;
  /** Other clean-ups an idle worker runs with its own prune, at most hourly (old lock-out counters, say). */
  housekeeping?: readonly ((db: Db) => Promise<void>)[];
  log?: OutboxLog;
}

export interface DrainResult {
  done: number;
  retried: number;
  parked: number;
}

export interface OutboxWorker {
  /** Starts polling in the background. */
  start(): void;
  /** Stops polling and waits for the batch in hand. */
  stop(): Promise<void>;
  /** Handles due messages until none is due (tests, and tools that must not wait for a poll). */
  drain(): Promise<DrainResult>;
}

const MAX_RETRY_DELAY_MS = 60 * 60_000;
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_KEEP_DONE_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Deletes messages handled more than `keepMs` ago, so the queue does not grow with every
 * e-mail and order for ever. Pending and parked ones stay whatever their age: they still need
 * work or a person. A deleted key could be queued again, which nothing does for work this old.
 */
export async function pruneDone(db: Db, keepMs: number): Promise<number> {
  const result = await db
    .deleteFrom("outbox")
    .where("status", "=", "done")
    .where("processedAt", "<", sql<Date>`now() - make_interval(secs => ${keepMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Exponential backoff with ±20% jitter, so a burst of failures does not retry in lockstep. */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

const silent: OutboxLog = { warn() {}, error() {} };

export function createOutboxWorker(db: Db, options: OutboxWorkerOptions): OutboxWorker {
  const topics = Object.keys(options.handlers);
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? silent;

  // Only topics this process can handle are claimed: during a rolling deploy an older process
  // leaves a newer topic for the newer processes instead of failing it.
  async function claim(): Promise<OutboxJob[]> {
    if (topics.length === 0) return [];
    const { rows } = await sql<OutboxJob>`
      WITH due AS (
        SELECT id FROM outbox
        WHERE status = 'pending' AND available_at <= now() AND topic = ANY(${topics})
        ORDER BY available_at, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE outbox SET attempts = outbox.attempts + 1,
                        available_at = now() + make_interval(secs => ${leaseMs / 1000})
      FROM due WHERE outbox.id = due.id
      RETURNING outbox.id, outbox.topic, outbox.idempotency_key AS "idempotencyKey",
                outbox.payload, outbox.attempts AS attempt`.execute(db);
    return rows.sort((a, b) => a.id - b.id);
  }

  // Both updates only touch the row while this worker's claim is still the latest one.
  async function succeeded(job: OutboxJob) {
    await db
      .updateTable("outbox")
      .set({ status: "done", processedAt: sql`now()`, lastError: null })
      .where("id", "=", job.id)
      .where("attempts", "=", job.attempt)
      .where("status", "=", "pending")
      .execute();
  }

  async function failed(job: OutboxJob, error: unknown): Promise<"retried" | "parked"> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const park = job.attempt >= options.maxAttempts;
    await db
      .updateTable("outbox")
      .set(
        park
          ? { status: "parked", lastError: message }
          : {
              lastError: message,
              availableAt: sql`now() + make_interval(secs => ${retryDelayMs(job.attempt, options.retryBaseMs) / 1000})`,
            },
      )
      .where("id", "=", job.id)
      .where("attempts", "=", job.attempt)
      .where("status", "=", "pending")
      .execute();
    const facts = { outboxId: job.id, topic: job.topic, attempt: job.attempt, error: message };
    if (park) log.error(facts, "outbox message parked after its last attempt");
    else log.warn(facts, "outbox message failed; will retry");
    return park ? "parked" : "retried";
  }

  async function runBatch(): Promise<DrainResult & { claimed: number }> {
    const result = { claimed: 0, done: 0, retried: 0, parked: 0 };
    const jobs = await claim();
    result.claimed = jobs.length;
    for (const job of jobs) {
      const handler = options.handlers[job.topic];
      try {
        if (!handler) throw new Error(`No handler for topic ${job.topic}`);
        await handler(job);
      } catch (error) {
        result[await failed(job, error)] += 1;
        continue;
      }
      await succeeded(job);
      result.done += 1;
    }
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> | undefined;
  let running = false;
  let lastPrune = 0;

  /** An idle worker prunes at most once an hour; several processes pruning at once is harmless. */
  async function pruneWhenDue() {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await pruneDone(db, options.keepDoneMs ?? DEFAULT_KEEP_DONE_MS);
    for (const task of options.housekeeping ?? []) await task(db);
  }

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      inFlight = runBatch()
        .then(async (r) => {
          if (r.claimed === 0) await pruneWhenDue();
          return r;
        })
        .then(
          (r) => schedule(r.claimed === batchSize ? 0 : options.pollMs),
          (error: unknown) => {
            log.error({ err: error }, "outbox worker could not claim messages");
            schedule(options.pollMs);
          },
        );
    }, delayMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await inFlight;
    },
    async drain() {
      const total = { done: 0, retried: 0, parked: 0 };
      for (;;) {
        const r = await runBatch();
        total.done += r.done;
        total.retried += r.retried;
        total.parked += r.parked;
        if (r.claimed === 0) return total;
      }
    },
  };
}
