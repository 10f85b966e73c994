// The transactional outbox (docs/architecture.md). Background work (e-mail, SMS, the order hand-off)
// is written with `enqueue` in the same transaction as the business change that causes it, so
// it happens exactly when that change commits. Workers claim due messages in batches with
// FOR UPDATE SKIP LOCKED, so any number of server processes share one queue (decision 79).
//
// A claim is its own short statement: it takes a lease (moves available_at into the future,
// counts the attempt, names the worker) and commits before the handler runs. No transaction
// is held open while a handler talks to the outside world. A worker handles up to
// `concurrency` messages at once and renews the leases of those in hand (heartbeat); a process
// that dies leaves its leases to expire after `leaseMs`, and the messages are taken over.
// Handlers therefore run at least once: they must be idempotent, or make a repeat harmless.
// Messages with the same ordering key are handled one at a time, oldest first.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { JsonValue } from "../../db/schema";

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
  const row = await trx
    .insertInto("outbox")
    .values({
      topic: message.topic,
      idempotencyKey: message.idempotencyKey,
      payload: JSON.stringify(message.payload),
      orderingKey: message.orderingKey ?? null,
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
  /** When the message was queued (for the hand-off lag). */
  createdAt: Date;
}

/** Does the work of one message; throwing means "try again later". */
export type OutboxHandler = (job: OutboxJob) => Promise<void>;
export type OutboxHandlers = Readonly<Record<string, OutboxHandler>>;

export interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type OutboxOutcome = "done" | "retried" | "parked";

export interface OutboxWorkerOptions {
  handlers: OutboxHandlers;
  /** How often a worker with free hands looks for due messages. */
  pollMs: number;
  /** After this many failed attempts a message is parked with its last error. */
  maxAttempts: number;
  /** The first retry waits this long; each further one waits twice as long (capped at an hour). */
  retryBaseMs: number;
  /** How many messages this worker handles at once (default 16). */
  concurrency?: number;
  /** The most messages one claim takes (default: the free hands, at most 50). */
  batchSize?: number;
  /**
   * How long a claim lasts without renewal (default 30 s). A live worker renews its claims
   * every third of it; a dead worker's claims are taken over once it has passed.
   */
  leaseMs?: number;
  /** Handled messages are deleted this long after they were handled (checked hourly). */
  keepDoneMs?: number;
  /** Other clean-ups an idle worker runs with its own prune, at most hourly (old lock-out counters, say). */
  housekeeping?: readonly ((db: Db) => Promise<void>)[];
  log?: OutboxLog;
  /** Told after each message's outcome is recorded (metrics). */
  onOutcome?: (job: OutboxJob, outcome: OutboxOutcome) => void;
}

export interface DrainResult {
  done: number;
  retried: number;
  parked: number;
}

export interface OutboxWorker {
  /** Starts polling in the background. */
  start(): void;
  /**
   * Stops claiming and waits up to `graceMs` for the messages in hand; the claims of any still
   * running then are given back, so another process takes them at once.
   */
  stop(graceMs?: number): Promise<void>;
  /** Handles due messages until none is due (tests, and tools that must not wait for a poll). */
  drain(): Promise<DrainResult>;
  /** Started, and its loop went round recently (readiness). */
  alive(): boolean;
  /** Messages being handled right now. */
  inHand(): number;
}

const MAX_RETRY_DELAY_MS = 60 * 60_000;
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_CONCURRENCY = 16;
const MAX_BATCH = 50;
const DEFAULT_KEEP_DONE_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** A failing claim (the database is away) is logged once, then at most this often. */
const LOG_CLAIM_FAILURE_EVERY_MS = 30_000;
const MAX_CLAIM_BACKOFF_MS = 10_000;

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
const seconds = (ms: number) => ms / 1000;

export function createOutboxWorker(db: Db, options: OutboxWorkerOptions): OutboxWorker {
  const topics = Object.keys(options.handlers);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const batchSize = Math.min(options.batchSize ?? MAX_BATCH, concurrency);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? silent;
  /** Names this worker's claims, so it renews and gives back only its own. */
  const workerId = randomUUID();
  const inHand = new Map<number, OutboxJob>();

  // Only topics this process can handle are claimed: during a rolling deploy an older process
  // leaves a newer topic for the newer processes instead of failing it. A message waits while
  // an older pending message has its ordering key (retrying, or in another worker's hands).
  async function claim(limit: number): Promise<OutboxJob[]> {
    if (topics.length === 0 || limit <= 0) return [];
    const { rows } = await sql<OutboxJob>`
      WITH due AS (
        SELECT id FROM outbox o
        WHERE status = 'pending' AND available_at <= now() AND topic = ANY(${topics})
          AND (ordering_key IS NULL OR NOT EXISTS (
            SELECT 1 FROM outbox earlier
            WHERE earlier.status = 'pending' AND earlier.ordering_key = o.ordering_key AND earlier.id < o.id))
        ORDER BY available_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE outbox SET attempts = outbox.attempts + 1,
                        available_at = now() + make_interval(secs => ${seconds(leaseMs)}),
                        claimed_by = ${workerId}
      FROM due WHERE outbox.id = due.id
      RETURNING outbox.id, outbox.topic, outbox.idempotency_key AS "idempotencyKey",
                outbox.payload, outbox.attempts AS attempt, outbox.created_at AS "createdAt"`.execute(db);
    return rows.sort((a, b) => a.id - b.id);
  }

  // The outcome is recorded only while this worker's claim is still the latest one.
  const stillOurs = (job: OutboxJob) =>
    db
      .updateTable("outbox")
      .where("id", "=", job.id)
      .where("attempts", "=", job.attempt)
      .where("claimedBy", "=", workerId)
      .where("status", "=", "pending");

  async function succeeded(job: OutboxJob) {
    await stillOurs(job).set({ status: "done", processedAt: sql`now()`, lastError: null, claimedBy: null }).execute();
  }

  async function failed(job: OutboxJob, error: unknown): Promise<"retried" | "parked"> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const park = job.attempt >= options.maxAttempts;
    await stillOurs(job)
      .set(
        park
          ? { status: "parked", lastError: message, claimedBy: null }
          : {
              lastError: message,
              claimedBy: null,
              availableAt: sql`now() + make_interval(secs => ${seconds(retryDelayMs(job.attempt, options.retryBaseMs))})`,
            },
      )
      .execute();
    const facts = { outboxId: job.id, topic: job.topic, attempt: job.attempt, error: message };
    if (park) log.error(facts, "outbox message parked after its last attempt");
    else log.warn(facts, "outbox message failed; will retry");
    return park ? "parked" : "retried";
  }

  async function handle(job: OutboxJob): Promise<OutboxOutcome> {
    inHand.set(job.id, job);
    try {
      let outcome: OutboxOutcome;
      const handler = options.handlers[job.topic];
      try {
        if (!handler) throw new Error(`No handler for topic ${job.topic}`);
        await handler(job);
        outcome = "done";
      } catch (error) {
        outcome = await failed(job, error);
      }
      if (outcome === "done") await succeeded(job);
      options.onOutcome?.(job, outcome);
      return outcome;
    } finally {
      inHand.delete(job.id);
    }
  }

  /** Renews the leases of the messages in hand, so a slow handler is not taken over. */
  async function heartbeat() {
    if (inHand.size === 0) return;
    await db
      .updateTable("outbox")
      .set({ availableAt: sql`now() + make_interval(secs => ${seconds(leaseMs)})` })
      .where("id", "in", [...inHand.keys()])
      .where("claimedBy", "=", workerId)
      .where("status", "=", "pending")
      .execute();
  }

  /** Gives back the claims in hand (shutting down): due now, and the attempt not counted. */
  async function releaseClaims() {
    if (inHand.size === 0) return;
    await db
      .updateTable("outbox")
      .set({ availableAt: sql`now()`, claimedBy: null, attempts: sql`greatest(attempts - 1, 0)` })
      .where("id", "in", [...inHand.keys()])
      .where("claimedBy", "=", workerId)
      .where("status", "=", "pending")
      .execute();
  }

  let running = false;
  let loop: Promise<void> | undefined;
  let lastTick = 0;
  let lastPrune = 0;
  let lastClaimFailureLog = 0;
  let failures = 0;
  let wake: (() => void) | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  const handling = new Set<Promise<unknown>>();

  /** An idle worker prunes at most once an hour; several processes pruning at once is harmless. */
  async function pruneWhenDue() {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await pruneDone(db, options.keepDoneMs ?? DEFAULT_KEEP_DONE_MS);
    for (const task of options.housekeeping ?? []) await task(db);
  }

  /** Waits `ms`, or less when a message finishes (a hand is free) or the worker stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function run() {
    while (running) {
      lastTick = Date.now();
      const free = concurrency - inHand.size;
      let claimed = 0;
      try {
        const jobs = await claim(Math.min(free, batchSize));
        claimed = jobs.length;
        for (const job of jobs) {
          const work = handle(job)
            .catch((error: unknown) => log.error({ err: error, outboxId: job.id }, "outbox message outcome could not be recorded"))
            .finally(() => {
              handling.delete(work);
              // A full worker with more due work claims again as soon as a hand is free.
              if (running && inHand.size < concurrency) wake?.();
            });
          handling.add(work);
        }
        if (claimed === 0 && inHand.size === 0) await pruneWhenDue();
        failures = 0;
      } catch (error) {
        failures += 1;
        if (Date.now() - lastClaimFailureLog >= LOG_CLAIM_FAILURE_EVERY_MS) {
          lastClaimFailureLog = Date.now();
          log.error({ err: error, failures }, "outbox worker could not claim messages; retrying");
        }
      }
      if (!running) break;
      // The database is away: back off, doubling from the poll interval up to a ceiling.
      if (failures > 0) {
        await pause(Math.min(options.pollMs * 2 ** (failures - 1), MAX_CLAIM_BACKOFF_MS));
        continue;
      }
      // More due work than hands: claim again at once when a hand frees, else wait for the poll.
      const full = inHand.size >= concurrency;
      const more = claimed > 0 && claimed === Math.min(free, batchSize);
      await pause(full ? options.pollMs : more ? 0 : options.pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      lastTick = Date.now();
      loop = run();
      heartbeatTimer = setInterval(() => {
        heartbeat().catch((error: unknown) => log.warn({ err: error }, "outbox leases could not be renewed"));
      }, Math.max(100, leaseMs / 3));
      heartbeatTimer.unref();
    },
    async stop(graceMs = leaseMs) {
      running = false;
      wake?.();
      await loop;
      const pending = Promise.allSettled([...handling]);
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        pending.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      clearInterval(heartbeatTimer);
      if (late) {
        await releaseClaims().catch((error: unknown) => log.warn({ err: error }, "outbox claims could not be given back"));
      }
    },
    async drain() {
      const total = { done: 0, retried: 0, parked: 0 };
      for (;;) {
        const jobs = await claim(batchSize);
        if (jobs.length === 0) return total;
        for (const outcome of await Promise.all(jobs.map(handle))) total[outcome] += 1;
      }
    },
    alive() {
      return running && Date.now() - lastTick < Math.max(30_000, options.pollMs * 3) + leaseMs;
    },
    inHand: () => inHand.size,
  };
}
