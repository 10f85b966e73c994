// The transactional outbox's worker (docs/architecture.md). Background work (e-mail, SMS, the
// order hand-off) is written with `enqueue` (core/outbox.ts) in the same transaction as the
// business change that causes it, so it happens exactly when that change commits. Workers claim
// due messages in batches with FOR UPDATE SKIP LOCKED, so any number of server processes share
// one queue (decision 79).
//
// A claim is its own short statement: it takes a lease (moves available_at into the future,
// counts the attempt, writes the claim's own token) and commits before the handler runs. No
// transaction is held open while a handler talks to the outside world. A worker handles up to
// `concurrency` messages at once and renews the leases of those in hand (heartbeat); a process
// that dies leaves its leases to expire after `leaseMs` (3 s), and the messages are taken over.
// Handlers therefore run at least once: they must be idempotent, or make a repeat harmless.
// Messages with the same ordering key are handled one at a time, oldest first.
//
// Faults are told apart (decision 157): a database that is away (isDatabaseUnavailable, the
// classifier behind the 503 database_unavailable) is not the message's fault, so its handler is
// run again in hand within a second, without counting an attempt; a far side that says "not now"
// (RemoteFailure.unavailable) is tried again within at most 5 s, probed every second, and its
// waiting messages go at once when it answers; any other failure counts an attempt, backs off
// and is parked after the last one. An outcome that cannot be written (the database is away) is
// written again until it is, the message staying in hand with its lease renewed meanwhile.
//
// createOutboxWorker puts together the parts below, in this order: claiming, running one
// message and recording its outcome (done, retry later, park), the leases (heartbeat, giving
// them back), the loop, and shutting down.
import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { DB } from "../../db/schema";
import { isDatabaseUnavailable, type Db } from "../../db/database";
import { RemoteFailure, type OutboxHandlers, type OutboxJob, type OutboxOutcome } from "../../core/outbox";

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
   * How long a claim lasts without renewal (default 5 s). A live worker renews its claims
   * every third of it; a dead worker's claims are taken over once it has passed.
   */
  leaseMs?: number;
  /**
   * How long a handler that meets database faults is run again in hand (default a minute) before
   * the failure counts as an attempt.
   */
  databaseRetryMs?: number;
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
const DEFAULT_LEASE_MS = 3_000;
const DEFAULT_CONCURRENCY = 16;
const MAX_BATCH = 50;
const DEFAULT_KEEP_DONE_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** A failing claim or outcome (the database is away) is logged once, then at most this often. */
const LOG_DATABASE_FAILURE_EVERY_MS = 30_000;
/** While the database is away, the worker asks again at most this far apart (jittered). */
const MAX_DATABASE_BACKOFF_MS = 500;
/** A far side that said "not now": its messages wait at most this long (jitter included). */
const MAX_UNAVAILABLE_DELAY_MS = 5_000;
const FIRST_UNAVAILABLE_DELAY_MS = 250;
/** While a far side says "not now", one of its waiting messages is tried this often. */
const PROBE_EVERY_MS = 1_000;
const DEFAULT_DATABASE_RETRY_MS = 60_000;

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

/**
 * The database was away: again within half a second (0.1 to 0.5 s), spread so a crowd does not
 * return at once; work goes on within a second of its return, handler included.
 */
export function databaseRetryDelayMs(random: () => number = Math.random): number {
  return Math.round(100 + (MAX_DATABASE_BACKOFF_MS - 100) * random());
}

/**
 * A far side said "not now" for the `failures`-th time in a row: 250 ms doubling, ±20%, never
 * more than 5 s, so orders wait at most that long once it is back.
 */
export function unavailableDelayMs(failures: number, random: () => number = Math.random): number {
  const exponential = FIRST_UNAVAILABLE_DELAY_MS * 2 ** Math.min(Math.max(0, failures - 1), 10);
  return Math.min(MAX_UNAVAILABLE_DELAY_MS, Math.round(exponential * (0.8 + 0.4 * random())));
}

/** How a handler's failure is treated (decision 157). */
export type FailureKind = "database" | "unavailable" | "failed";

/**
 * A RemoteFailure is the far side's, whatever caused it; anything else the database classifier
 * (the one behind the 503 database_unavailable) recognises is the database's; the rest is the
 * handler's own failure.
 */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof RemoteFailure) return error.unavailable ? "unavailable" : "failed";
  return isDatabaseUnavailable(error) ? "database" : "failed";
}

/**
 * Renews leases: each claim by its id and its own token, so a claim given up (its outcome
 * written, handed back, taken over) is never touched. The lease runs from when the heartbeat
 * was sent (`sentAt`), never from when it ran, and is never shortened: a heartbeat held up by
 * a frozen database that runs after the thaw cannot push a lease past where it would have been.
 */
/** The rows of these claims that are still theirs: each by its id and its own token, still pending. */
const stillClaimed =
  (claims: readonly { id: number; token: string }[]) => (eb: ExpressionBuilder<DB, "outbox">) =>
    eb.and([
      eb(
        "id",
        "in",
        claims.map((c) => c.id),
      ),
      eb(
        "claimedBy",
        "in",
        claims.map((c) => c.token),
      ),
      eb("status", "=", "pending"),
    ]);

export async function renewLeases(
  db: Db,
  claims: readonly { id: number; token: string }[],
  leaseMs: number,
  sentAt: Date,
): Promise<number> {
  if (claims.length === 0) return 0;
  const result = await db
    .updateTable("outbox")
    .set({
      availableAt: sql`greatest(available_at, least(now(), ${sentAt.toISOString()}::timestamptz) + make_interval(secs => ${seconds(leaseMs)}))`,
    })
    .where(stillClaimed(claims))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const silent: OutboxLog = { warn() {}, error() {} };
const seconds = (ms: number) => ms / 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A message in hand: the job, and the token its claim wrote (unique to this claim). */
interface Claimed extends OutboxJob {
  token: string;
}

/** A far side that said "not now": how often in a row, its messages waiting, when one was last tried. */
interface Unavailable {
  failures: number;
  waiting: Set<number>;
  lastProbe: number;
}

/**
 * One worker as its parts see it: the settings, its name (the start of every claim token it
 * writes), the messages in its hands, and the far sides that said "not now".
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
  claims: number;
  inHand: Map<number, Claimed>;
  unavailable: Map<string, Unavailable>;
  /** Set once the worker gave its claims up (stopping): nothing more is written for them. */
  givenUp: boolean;
  /** When each database-fault message was last logged. */
  lastLogged: Map<string, number>;
  /** Wakes the loop (a far side is back: its waiting messages are due). */
  wake: () => void;
}

/** Logs a database fault once, then at most every 30 s (each message), so an outage does not flood the log. */
function logDatabaseFailure(
  w: WorkerState,
  error: unknown,
  msg: string,
  facts: object = {},
  level: "warn" | "error" = "warn",
) {
  if (Date.now() - (w.lastLogged.get(msg) ?? 0) < LOG_DATABASE_FAILURE_EVERY_MS) return;
  w.lastLogged.set(msg, Date.now());
  w.log[level]({ err: error, ...facts }, msg);
}

// --- Claiming -------------------------------------------------------------------------------

// Only topics this process can handle are claimed: during a rolling deploy an older process
// leaves a newer topic for the newer processes instead of failing it. A message waits while
// an older pending message has its ordering key (retrying, or in another worker's hands). A
// message still in this worker's hands (its lease ran out while the database was away) is not
// claimed twice. Each claim writes a token of its own: the worker's name, the claim's number
// and the message's id.
async function claim(w: WorkerState, limit: number): Promise<Claimed[]> {
  if (w.topics.length === 0 || limit <= 0) return [];
  const token = `${w.workerId}:${++w.claims}:`;
  const held = [...w.inHand.keys()];
  const { rows } = await sql<Claimed>`
    WITH due AS (
      SELECT id FROM outbox o
      WHERE status = 'pending' AND available_at <= now() AND topic = ANY(${w.topics})
        AND NOT (id = ANY(${held}::bigint[]))
        AND (ordering_key IS NULL OR NOT EXISTS (
          SELECT 1 FROM outbox earlier
          WHERE earlier.status = 'pending' AND earlier.ordering_key = o.ordering_key AND earlier.id < o.id))
      ORDER BY available_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox SET attempts = outbox.attempts + 1,
                      available_at = now() + make_interval(secs => ${seconds(w.leaseMs)}),
                      claimed_by = ${token} || outbox.id
    FROM due WHERE outbox.id = due.id
    RETURNING outbox.id, outbox.topic, outbox.idempotency_key AS "idempotencyKey",
              outbox.payload, outbox.attempts AS attempt, outbox.created_at AS "createdAt",
              outbox.claimed_by AS token`.execute(w.db);
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

// --- Running one message, and recording its outcome: done, or retry later, or park ---------

/** The outcome is recorded only while this claim is still the message's (its token). */
const stillOurs = (w: WorkerState, job: Claimed) =>
  w.db
    .updateTable("outbox")
    .where("id", "=", job.id)
    .where("claimedBy", "=", job.token)
    .where("status", "=", "pending");

/**
 * Writes an outcome, again and again while the database is away (within half a second each time,
 * jittered), until it is written, the claim turns out taken over, or the worker gave its claims
 * up. The message stays in hand meanwhile, so its lease is renewed. True when written.
 */
async function record(
  w: WorkerState,
  job: Claimed,
  write: () => Promise<{ numUpdatedRows: bigint }>,
): Promise<boolean> {
  for (let failures = 1; ; failures++) {
    if (w.givenUp) return false;
    try {
      const result = await write();
      if (result.numUpdatedRows === 0n)
        w.log.warn(
          { outboxId: job.id, topic: job.topic },
          "outbox message outcome not recorded: its claim was taken over",
        );
      return result.numUpdatedRows > 0n;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logDatabaseFailure(w, error, "outbox message outcome could not be recorded; trying again", {
        outboxId: job.id,
        failures,
      });
      await sleep(databaseRetryDelayMs());
    }
  }
}

async function succeeded(w: WorkerState, job: Claimed) {
  await record(w, job, () =>
    stillOurs(w, job)
      .set({ status: "done", processedAt: sql`now()`, lastError: null, claimedBy: null })
      .executeTakeFirst(),
  );
  const far = w.unavailable.get(job.topic);
  if (far) await farSideBack(w, job.topic, far);
}

/**
 * A far side answered again: the messages of its topic that were waiting for it are due now
 * (each only while nobody holds it), and the loop is woken to take them.
 */
async function farSideBack(w: WorkerState, topic: string, far: Unavailable) {
  w.unavailable.delete(topic);
  const waiting = [...far.waiting];
  if (waiting.length === 0) return;
  await w.db
    .updateTable("outbox")
    .set({ availableAt: sql`now()` })
    .where("id", "in", waiting)
    .where("status", "=", "pending")
    .where("claimedBy", "is", null)
    .where("availableAt", ">", sql<Date>`now()`)
    .execute()
    .catch((error: unknown) => logDatabaseFailure(w, error, "outbox could not wake the waiting messages"));
  w.wake();
}

/**
 * A failed attempt. A far side's "not now": tried again within 5 s, the attempt not counted.
 * Else (a database fault too, once it outlasted the retries in hand) tried again after a
 * backoff, or parked with its error after the last attempt.
 */
async function failed(w: WorkerState, job: Claimed, error: unknown): Promise<"retried" | "parked"> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const kind = failureKind(error);
  const facts = { outboxId: job.id, topic: job.topic, attempt: job.attempt, error: message, kind };
  if (kind === "unavailable") {
    const far = w.unavailable.get(job.topic) ?? { failures: 0, waiting: new Set(), lastProbe: Date.now() };
    far.failures += 1;
    far.waiting.add(job.id);
    w.unavailable.set(job.topic, far);
    const delayMs = unavailableDelayMs(far.failures);
    await record(w, job, () =>
      stillOurs(w, job)
        .set({
          lastError: message,
          claimedBy: null,
          attempts: sql`greatest(attempts - 1, 0)`,
          availableAt: sql`now() + make_interval(secs => ${seconds(delayMs)})`,
        })
        .executeTakeFirst(),
    );
    w.log.warn(facts, "outbox message: the far side is unavailable; will retry");
    return "retried";
  }
  const park = job.attempt >= w.options.maxAttempts;
  await record(w, job, () =>
    stillOurs(w, job)
      .set(
        park
          ? { status: "parked", lastError: message, claimedBy: null }
          : {
              lastError: message,
              claimedBy: null,
              availableAt: sql`now() + make_interval(secs => ${seconds(retryDelayMs(job.attempt, w.options.retryBaseMs))})`,
            },
      )
      .executeTakeFirst(),
  );
  if (park) w.log.error(facts, "outbox message parked after its last attempt");
  else w.log.warn(facts, "outbox message failed; will retry");
  return park ? "parked" : "retried";
}

/**
 * Runs the message's handler, with the message in hand meanwhile, and records the outcome. A
 * handler that met a database fault is run again in hand, within half a second (jittered) each time,
 * for up to `databaseRetryMs`: the claim stands, so no attempt is counted, and it goes as soon as
 * the database answers, with no outcome to write and no claim to take first. Past that (a
 * statement that times out every time, a very long outage) it fails as any other failure would.
 */
async function handle(w: WorkerState, job: Claimed): Promise<OutboxOutcome> {
  w.inHand.set(job.id, job);
  w.unavailable.get(job.topic)?.waiting.delete(job.id);
  try {
    let outcome: OutboxOutcome;
    const handler = w.options.handlers[job.topic];
    const until = Date.now() + (w.options.databaseRetryMs ?? DEFAULT_DATABASE_RETRY_MS);
    for (;;) {
      try {
        if (!handler) throw new Error(`No handler for topic ${job.topic}`);
        await handler(job);
        outcome = "done";
        break;
      } catch (error) {
        if (failureKind(error) === "database" && Date.now() < until && !w.givenUp) {
          logDatabaseFailure(w, error, "outbox message met a database fault; trying again", {
            outboxId: job.id,
            topic: job.topic,
          });
          await sleep(databaseRetryDelayMs());
          if (!w.givenUp) continue;
        }
        outcome = await failed(w, job, error);
        break;
      }
    }
    if (outcome === "done") await succeeded(w, job);
    w.options.onOutcome?.(job, outcome);
    return outcome;
  } finally {
    if (w.inHand.get(job.id) === job) w.inHand.delete(job.id);
  }
}

// --- Leases: the heartbeat that renews them, and giving them back -------------------------

/** Renews the leases of the messages in hand, so a slow handler is not taken over. */
function heartbeat(w: WorkerState) {
  if (w.inHand.size === 0 || w.givenUp) return Promise.resolve(0);
  const claims = [...w.inHand.values()].map(({ id, token }) => ({ id, token }));
  return renewLeases(w.db, claims, w.leaseMs, new Date());
}

/**
 * Renews the leases every third of their length (1 s of a 3 s lease) while the worker runs;
 * one renewal at a time, so a database that hangs does not pile them up.
 */
function startHeartbeat(w: WorkerState): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      heartbeat(w)
        .catch((error: unknown) => logDatabaseFailure(w, error, "outbox leases could not be renewed"))
        .finally(() => (running = false));
    },
    Math.max(100, w.leaseMs / 3),
  );
  timer.unref();
  return timer;
}

/** Gives back the claims in hand (shutting down): due now, and the attempt not counted. */
async function releaseClaims(w: WorkerState, claims: readonly Claimed[]) {
  if (claims.length === 0) return;
  await w.db
    .updateTable("outbox")
    .set({ availableAt: sql`now()`, claimedBy: null, attempts: sql`greatest(attempts - 1, 0)` })
    .where(stillClaimed(claims))
    .execute();
}

// --- The loop: claim what there are free hands for, run it, wait, again ---------------------

/** The loop's own state: whether it runs, when it last went round, and the work it started. */
interface Loop {
  running: boolean;
  done: Promise<void> | undefined;
  lastTick: number;
  lastPrune: number;
  failures: number;
  /** Ends the current pause early (a hand came free, or the worker stops), or the next one. */
  wake: (() => void) | undefined;
  /** Woken while not pausing: the next pause ends at once. */
  woken: boolean;
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

/**
 * While a far side says "not now", its oldest waiting message (of this worker's) is made due
 * every second, so the first answer after it is back comes within a second or so.
 */
async function probeUnavailable(w: WorkerState) {
  for (const far of w.unavailable.values()) {
    if (far.waiting.size === 0 || Date.now() - far.lastProbe < PROBE_EVERY_MS) continue;
    far.lastProbe = Date.now();
    const oldest = Math.min(...far.waiting);
    await w.db
      .updateTable("outbox")
      .set({ availableAt: sql`now()` })
      .where("id", "=", oldest)
      .where("status", "=", "pending")
      .where("claimedBy", "is", null)
      .where("availableAt", ">", sql<Date>`now()`)
      .execute();
  }
}

/**
 * Waits `ms`, or less when a message finishes (a hand is free, and the next message of its
 * ordering key may be due) or the worker stops. A wake while the loop was busy (claiming) is
 * kept, so the next pause ends at once: an account's hand-offs follow one another without
 * waiting for the poll.
 */
const pause = (loop: Loop, ms: number) =>
  new Promise<void>((resolve) => {
    if (loop.woken) {
      loop.woken = false;
      return resolve();
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      loop.wake = wakeLater(loop);
      resolve();
    }
    loop.wake = done;
  });

/** The loop's wake while it is not pausing: remembered for the next pause. */
const wakeLater = (loop: Loop) => () => {
  loop.woken = true;
};

/** Starts one claimed message in the background; a free hand wakes the loop to claim again. */
function startHandling(w: WorkerState, loop: Loop, job: Claimed) {
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
      await probeUnavailable(w);
      const jobs = await claim(w, Math.min(free, w.batchSize));
      claimed = jobs.length;
      for (const job of jobs) startHandling(w, loop, job);
      if (claimed === 0 && w.inHand.size === 0) await pruneWhenDue(w, loop);
      loop.failures = 0;
    } catch (error) {
      loop.failures += 1;
      if (isDatabaseUnavailable(error))
        logDatabaseFailure(
          w,
          error,
          "outbox worker could not claim messages; retrying",
          { failures: loop.failures },
          "error",
        );
      else w.log.error({ err: error, failures: loop.failures }, "outbox worker could not claim messages");
    }
    if (!loop.running) break;
    // The database is away: ask again within half a second (jittered), so work resumes within
    // about a second of its return.
    if (loop.failures > 0) {
      const backoff = Math.min(w.options.pollMs * 2 ** (loop.failures - 1), MAX_DATABASE_BACKOFF_MS);
      await pause(loop, Math.round(backoff * (0.75 + 0.25 * Math.random())));
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
 * of any still running, so another process takes them at once. From then on nothing more is
 * written for them: no heartbeat, no outcome.
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
  const still = [...w.inHand.values()];
  w.givenUp = true;
  if (late) {
    await releaseClaims(w, still).catch((error: unknown) =>
      w.log.warn({ err: error }, "outbox claims could not be given back"),
    );
  }
}

/** Handles due messages until none is due, each batch to the end before the next claim. */
async function drain(w: WorkerState): Promise<DrainResult> {
  const total = { done: 0, retried: 0, parked: 0 };
  for (;;) {
    await probeUnavailable(w);
    const jobs = await claim(w, w.batchSize);
    if (jobs.length === 0) return total;
    for (const outcome of await Promise.all(jobs.map((job) => handle(w, job)))) total[outcome] += 1;
  }
}

export function createOutboxWorker(db: Db, options: OutboxWorkerOptions): OutboxWorker {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const loop: Loop = {
    running: false,
    done: undefined,
    lastTick: 0,
    lastPrune: 0,
    failures: 0,
    wake: undefined,
    woken: false,
    heartbeatTimer: undefined,
    handling: new Set(),
  };
  loop.wake = wakeLater(loop);
  const w: WorkerState = {
    db,
    options,
    topics: Object.keys(options.handlers),
    concurrency,
    batchSize: Math.min(options.batchSize ?? MAX_BATCH, concurrency),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    log: options.log ?? silent,
    workerId: randomUUID(),
    claims: 0,
    inHand: new Map(),
    unavailable: new Map(),
    givenUp: false,
    lastLogged: new Map(),
    wake: () => loop.wake?.(),
  };
  return {
    start() {
      if (loop.running) return;
      loop.running = true;
      w.givenUp = false;
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
