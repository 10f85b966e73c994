// The transactional outbox's worker (docs/architecture.md). Background work (e-mail, SMS, the
// order hand-off) is written with `enqueue` (core/outbox.ts) in the same transaction as the
// business change that causes it, so it happens exactly when that change commits. Workers claim
// due messages in batches with FOR UPDATE SKIP LOCKED, so any number of server processes share
// one queue (decision 79).
//
// A claim is its own short statement: it takes a lease (moves available_at into the future,
// counts the attempt, names the worker) and commits before the handler runs. No transaction
// is held open while a handler talks to the outside world. A worker handles up to
// `concurrency` messages at once and renews the leases of those in hand (heartbeat); a process
// that dies leaves its leases to expire after `leaseMs`, and the messages are taken over.
// Handlers therefore run at least once: they must be idempotent, or make a repeat harmless.
// Messages with the same ordering key are handled one at a time, oldest first.
//
// createOutboxWorker puts together the parts below, in this order: claiming, running one
// message and recording its outcome (done, retry later, park), the leases (heartbeat, giving
// them back), the loop, and shutting down.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { OutboxHandlers, OutboxJob, OutboxOutcome } from "../../core/outbox";

export interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

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

/**
 * One worker as its parts see it: the settings, its name on the claims it takes (so it renews
 * and gives back only its own), and the messages in its hands.
 */
interface WorkerState {
  db: Db;
  options: OutboxWorkerOptions;
  topics: string[];
  concurrency: number;
  batchSize: number;
  leaseMs: number;
  log: OutboxLog;
  workerId: string;
  inHand: Map<number, OutboxJob>;
}

// --- Claiming -------------------------------------------------------------------------------

// Only topics this process can handle are claimed: during a rolling deploy an older process
// leaves a newer topic for the newer processes instead of failing it. A message waits while
// an older pending message has its ordering key (retrying, or in another worker's hands).
async function claim(w: WorkerState, limit: number): Promise<OutboxJob[]> {
  if (w.topics.length === 0 || limit <= 0) return [];
  const { rows } = await sql<OutboxJob>`
    WITH due AS (
      SELECT id FROM outbox o
      WHERE status = 'pending' AND available_at <= now() AND topic = ANY(${w.topics})
        AND (ordering_key IS NULL OR NOT EXISTS (
          SELECT 1 FROM outbox earlier
          WHERE earlier.status = 'pending' AND earlier.ordering_key = o.ordering_key AND earlier.id < o.id))
      ORDER BY available_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox SET attempts = outbox.attempts + 1,
                      available_at = now() + make_interval(secs => ${seconds(w.leaseMs)}),
                      claimed_by = ${w.workerId}
    FROM due WHERE outbox.id = due.id
    RETURNING outbox.id, outbox.topic, outbox.idempotency_key AS "idempotencyKey",
              outbox.payload, outbox.attempts AS attempt, outbox.created_at AS "createdAt"`.execute(w.db);
  return rows.sort((a, b) => a.id - b.id);
}

// --- Running one message, and recording its outcome: done, or retry later, or park ---------

/** The outcome is recorded only while this worker's claim is still the latest one. */
const stillOurs = (w: WorkerState, job: OutboxJob) =>
  w.db
    .updateTable("outbox")
    .where("id", "=", job.id)
    .where("attempts", "=", job.attempt)
    .where("claimedBy", "=", w.workerId)
    .where("status", "=", "pending");

async function succeeded(w: WorkerState, job: OutboxJob) {
  await stillOurs(w, job)
    .set({ status: "done", processedAt: sql`now()`, lastError: null, claimedBy: null })
    .execute();
}

/** A failed attempt: tried again after a backoff, or parked with its error after the last one. */
async function failed(w: WorkerState, job: OutboxJob, error: unknown): Promise<"retried" | "parked"> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const park = job.attempt >= w.options.maxAttempts;
  await stillOurs(w, job)
    .set(
      park
        ? { status: "parked", lastError: message, claimedBy: null }
        : {
            lastError: message,
            claimedBy: null,
            availableAt: sql`now() + make_interval(secs => ${seconds(retryDelayMs(job.attempt, w.options.retryBaseMs))})`,
          },
    )
    .execute();
  const facts = { outboxId: job.id, topic: job.topic, attempt: job.attempt, error: message };
  if (park) w.log.error(facts, "outbox message parked after its last attempt");
  else w.log.warn(facts, "outbox message failed; will retry");
  return park ? "parked" : "retried";
}

/** Runs the message's handler, with the message in hand meanwhile, and records the outcome. */
async function handle(w: WorkerState, job: OutboxJob): Promise<OutboxOutcome> {
  w.inHand.set(job.id, job);
  try {
    let outcome: OutboxOutcome;
    const handler = w.options.handlers[job.topic];
    try {
      if (!handler) throw new Error(`No handler for topic ${job.topic}`);
      await handler(job);
      outcome = "done";
    } catch (error) {
      outcome = await failed(w, job, error);
    }
    if (outcome === "done") await succeeded(w, job);
    w.options.onOutcome?.(job, outcome);
    return outcome;
  } finally {
    w.inHand.delete(job.id);
  }
}

// --- Leases: the heartbeat that renews them, and giving them back -------------------------

/** Renews the leases of the messages in hand, so a slow handler is not taken over. */
async function heartbeat(w: WorkerState) {
  if (w.inHand.size === 0) return;
  await w.db
    .updateTable("outbox")
    .set({ availableAt: sql`now() + make_interval(secs => ${seconds(w.leaseMs)})` })
    .where("id", "in", [...w.inHand.keys()])
    .where("claimedBy", "=", w.workerId)
    .where("status", "=", "pending")
    .execute();
}

/** Renews the leases every third of their length while the worker runs. */
function startHeartbeat(w: WorkerState): NodeJS.Timeout {
  const timer = setInterval(
    () => {
      heartbeat(w).catch((error: unknown) =>
        w.log.warn({ err: error }, "outbox leases could not be renewed"),
      );
    },
    Math.max(100, w.leaseMs / 3),
  );
  timer.unref();
  return timer;
}

/** Gives back the claims in hand (shutting down): due now, and the attempt not counted. */
async function releaseClaims(w: WorkerState) {
  if (w.inHand.size === 0) return;
  await w.db
    .updateTable("outbox")
    .set({ availableAt: sql`now()`, claimedBy: null, attempts: sql`greatest(attempts - 1, 0)` })
    .where("id", "in", [...w.inHand.keys()])
    .where("claimedBy", "=", w.workerId)
    .where("status", "=", "pending")
    .execute();
}

// --- The loop: claim what there are free hands for, run it, wait, again ---------------------

/** The loop's own state: whether it runs, when it last went round, and the work it started. */
interface Loop {
  running: boolean;
  done: Promise<void> | undefined;
  lastTick: number;
  lastPrune: number;
  lastClaimFailureLog: number;
  failures: number;
  /** Ends the current pause early (a hand came free, or the worker stops). */
  wake: (() => void) | undefined;
  heartbeatTimer: NodeJS.Timeout | undefined;
  handling: Set<Promise<unknown>>;
}

/** An idle worker prunes at most once an hour; several processes pruning at once is harmless. */
async function pruneWhenDue(w: WorkerState, loop: Loop) {
  if (Date.now() - loop.lastPrune < PRUNE_EVERY_MS) return;
  loop.lastPrune = Date.now();
  await pruneDone(w.db, w.options.keepDoneMs ?? DEFAULT_KEEP_DONE_MS);
  for (const task of w.options.housekeeping ?? []) await task(w.db);
}

/** Waits `ms`, or less when a message finishes (a hand is free) or the worker stops. */
const pause = (loop: Loop, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      loop.wake = undefined;
      resolve();
    }
    loop.wake = done;
  });

/** Starts one claimed message in the background; a free hand wakes the loop to claim again. */
function startHandling(w: WorkerState, loop: Loop, job: OutboxJob) {
  const work = handle(w, job)
    .catch((error: unknown) =>
      w.log.error({ err: error, outboxId: job.id }, "outbox message outcome could not be recorded"),
    )
    .finally(() => {
      loop.handling.delete(work);
      // A full worker with more due work claims again as soon as a hand is free.
      if (loop.running && w.inHand.size < w.concurrency) loop.wake?.();
    });
  loop.handling.add(work);
}

async function run(w: WorkerState, loop: Loop) {
  while (loop.running) {
    loop.lastTick = Date.now();
    const free = w.concurrency - w.inHand.size;
    let claimed = 0;
    try {
      const jobs = await claim(w, Math.min(free, w.batchSize));
      claimed = jobs.length;
      for (const job of jobs) startHandling(w, loop, job);
      if (claimed === 0 && w.inHand.size === 0) await pruneWhenDue(w, loop);
      loop.failures = 0;
    } catch (error) {
      loop.failures += 1;
      if (Date.now() - loop.lastClaimFailureLog >= LOG_CLAIM_FAILURE_EVERY_MS) {
        loop.lastClaimFailureLog = Date.now();
        w.log.error(
          { err: error, failures: loop.failures },
          "outbox worker could not claim messages; retrying",
        );
      }
    }
    if (!loop.running) break;
    // The database is away: back off, doubling from the poll interval up to a ceiling.
    if (loop.failures > 0) {
      await pause(loop, Math.min(w.options.pollMs * 2 ** (loop.failures - 1), MAX_CLAIM_BACKOFF_MS));
      continue;
    }
    // More due work than hands: claim again at once when a hand frees, else wait for the poll.
    const full = w.inHand.size >= w.concurrency;
    const more = claimed > 0 && claimed === Math.min(free, w.batchSize);
    await pause(loop, full ? w.options.pollMs : more ? 0 : w.options.pollMs);
  }
}

// --- Shutting down ----------------------------------------------------------------------------

/**
 * Stops claiming, waits up to `graceMs` for the messages in hand, then gives back the claims
 * of any still running, so another process takes them at once.
 */
async function shutDown(w: WorkerState, loop: Loop, graceMs: number) {
  loop.running = false;
  loop.wake?.();
  await loop.done;
  const pending = Promise.allSettled([...loop.handling]);
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    pending.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
  ]);
  clearTimeout(timer);
  clearInterval(loop.heartbeatTimer);
  if (late) {
    await releaseClaims(w).catch((error: unknown) =>
      w.log.warn({ err: error }, "outbox claims could not be given back"),
    );
  }
}

/** Handles due messages until none is due, each batch to the end before the next claim. */
async function drain(w: WorkerState): Promise<DrainResult> {
  const total = { done: 0, retried: 0, parked: 0 };
  for (;;) {
    const jobs = await claim(w, w.batchSize);
    if (jobs.length === 0) return total;
    for (const outcome of await Promise.all(jobs.map((job) => handle(w, job)))) total[outcome] += 1;
  }
}

export function createOutboxWorker(db: Db, options: OutboxWorkerOptions): OutboxWorker {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const w: WorkerState = {
    db,
    options,
    topics: Object.keys(options.handlers),
    concurrency,
    batchSize: Math.min(options.batchSize ?? MAX_BATCH, concurrency),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    log: options.log ?? silent,
    workerId: randomUUID(),
    inHand: new Map(),
  };
  const loop: Loop = {
    running: false,
    done: undefined,
    lastTick: 0,
    lastPrune: 0,
    lastClaimFailureLog: 0,
    failures: 0,
    wake: undefined,
    heartbeatTimer: undefined,
    handling: new Set(),
  };
  return {
    start() {
      if (loop.running) return;
      loop.running = true;
      loop.lastTick = Date.now();
      loop.done = run(w, loop);
      loop.heartbeatTimer = startHeartbeat(w);
    },
    stop: (graceMs = w.leaseMs) => shutDown(w, loop, graceMs),
    drain: () => drain(w),
    alive() {
      return loop.running && Date.now() - loop.lastTick < Math.max(30_000, options.pollMs * 3) + w.leaseMs;
    },
    inHand: () => w.inHand.size,
  };
}
