import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { enqueue, RemoteFailure, type OutboxJob } from "../../core/outbox";
import { createOutboxWorker, pruneDone, renewLeases } from "./outbox";

const TOPIC = "test.work";

describe("transactional outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom("outbox").where("topic", "like", "test.%").execute();
  });

  const db = () => t.database.db;
  const row = (key: string) =>
    db().selectFrom("outbox").selectAll().where("idempotencyKey", "=", key).executeTakeFirstOrThrow();
  /** Reads the message until `done` holds for it, every 20 ms, failing after `timeoutMs`. */
  async function rowWhen(
    key: string,
    done: (r: Awaited<ReturnType<typeof row>>) => boolean,
    what: string,
    timeoutMs = 5_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await row(key);
      if (done(current)) return current;
      if (Date.now() >= deadline)
        throw new Error(`${key} was not ${what} within ${timeoutMs} ms: ${JSON.stringify(current)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const makeDue = (key: string) =>
    db()
      .updateTable("outbox")
      .set({ availableAt: sql`now()` })
      .where("idempotencyKey", "=", key)
      .execute();

  function worker(
    handler: (job: OutboxJob) => Promise<void>,
    options: { maxAttempts?: number; leaseMs?: number; concurrency?: number; pollMs?: number } = {},
  ) {
    return createOutboxWorker(db(), {
      handlers: { [TOPIC]: handler },
      pollMs: options.pollMs ?? 50,
      maxAttempts: options.maxAttempts ?? 3,
      retryBaseMs: 60_000,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    });
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function queue(keys: string[], orderingKey?: (key: string) => string) {
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const key of keys)
          await enqueue(trx, {
            topic: TOPIC,
            idempotencyKey: key,
            payload: { key },
            ...(orderingKey ? { orderingKey: orderingKey(key) } : {}),
          });
      });
  }
  const keyOf = (job: OutboxJob) => (job.payload as { key: string }).key;

  it("queues nothing when the business transaction rolls back", async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueue(trx, { topic: TOPIC, idempotencyKey: "test:rolled-back", payload: { n: 1 } });
          throw new Error("business rule failed");
        }),
    ).rejects.toThrow("business rule failed");
    const rows = await db()
      .selectFrom("outbox")
      .select("id")
      .where("idempotencyKey", "=", "test:rolled-back")
      .execute();
    expect(rows).toEqual([]);
  });

  it("ignores a second message with the same idempotency key", async () => {
    const first = await enqueue(db(), { topic: TOPIC, idempotencyKey: "test:once", payload: { n: 1 } });
    const second = await enqueue(db(), { topic: TOPIC, idempotencyKey: "test:once", payload: { n: 2 } });
    expect([first, second]).toEqual([true, false]);
    expect((await row("test:once")).payload).toEqual({ n: 1 });
  });

  it("hands each message to its topic's handler once and marks it done", async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let n = 1; n <= 3; n++)
          await enqueue(trx, { topic: TOPIC, idempotencyKey: `test:ok:${n}`, payload: { n } });
      });
    const seen: unknown[] = [];
    const w = worker(async (job) => {
      seen.push(job.payload);
    });
    expect(await w.drain()).toEqual({ done: 3, retried: 0, parked: 0 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const done = await row("test:ok:2");
    expect(done).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(done.processedAt).toBeInstanceOf(Date);
    expect(await w.drain()).toEqual({ done: 0, retried: 0, parked: 0 });
  });

  it("retries a failed message after an exponential backoff, then succeeds", async () => {
    await enqueue(db(), { topic: TOPIC, idempotencyKey: "test:flaky", payload: {} });
    let calls = 0;
    const w = worker(async () => {
      calls += 1;
      if (calls === 1) throw new Error("provider timed out");
    });
    expect(await w.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    const failed = await row("test:flaky");
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "provider timed out" });
    const wait = failed.availableAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(0.8 * 60_000 - 5_000);
    expect(wait).toBeLessThanOrEqual(1.2 * 60_000);

    expect(await w.drain()).toEqual({ done: 0, retried: 0, parked: 0 });
    await makeDue("test:flaky");
    expect(await w.drain()).toEqual({ done: 1, retried: 0, parked: 0 });
    expect(calls).toBe(2);
    expect(await row("test:flaky")).toMatchObject({ status: "done", attempts: 2, lastError: null });
  });

  it("parks a message with its last error after the last attempt", async () => {
    await enqueue(db(), { topic: TOPIC, idempotencyKey: "test:broken", payload: {} });
    let calls = 0;
    const w = worker(
      async () => {
        calls += 1;
        throw new Error(`refused #${calls}`);
      },
      { maxAttempts: 3 },
    );
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue("test:broken");
      await w.drain();
    }
    expect(await row("test:broken")).toMatchObject({
      status: "parked",
      attempts: 3,
      lastError: "refused #3",
    });
    await makeDue("test:broken");
    expect(await w.drain()).toEqual({ done: 0, retried: 0, parked: 0 });
    expect(calls).toBe(3);
  });

  it("leaves topics it has no handler for to a process that has one", async () => {
    await enqueue(db(), { topic: "test.other", idempotencyKey: "test:other", payload: {} });
    await worker(async () => undefined).drain();
    expect(await row("test:other")).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("lets several workers share the queue without handling a message twice", async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let n = 0; n < 40; n++)
          await enqueue(trx, { topic: TOPIC, idempotencyKey: `test:shared:${n}`, payload: { n } });
      });
    const handled: number[] = [];
    const handler = async (job: OutboxJob) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      handled.push((job.payload as { n: number }).n);
    };
    const results = await Promise.all([
      worker(handler).drain(),
      worker(handler).drain(),
      worker(handler).drain(),
    ]);
    expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(40);
    expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it("retries a message whose worker stopped answering once its lease ran out, and ignores the late finish", async () => {
    await enqueue(db(), { topic: TOPIC, idempotencyKey: "test:lease", payload: {} });
    let finishStuck: () => void = () => undefined;
    // A generous lease, so the check that it holds is made well inside it on a busy machine.
    const leaseMs = 1500;
    const stuck = worker(() => new Promise<void>((resolve) => (finishStuck = resolve)), { leaseMs });
    const stuckDrain = stuck.drain();
    // The claim moves availableAt to the end of the lease.
    const leaseEnds = (await rowWhen("test:lease", (r) => r.attempts === 1, "claimed")).availableAt.getTime();
    expect(await worker(async () => undefined).drain()).toEqual({ done: 0, retried: 0, parked: 0 });

    // Another worker tries until it gets the message, which must not be before the lease ran out.
    const rescuer = worker(async () => undefined);
    const deadline = leaseEnds + 10_000;
    let rescued = await rescuer.drain();
    while (rescued.done === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rescued = await rescuer.drain();
    }
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEnds);
    expect(rescued).toEqual({ done: 1, retried: 0, parked: 0 });
    expect(await row("test:lease")).toMatchObject({ status: "done", attempts: 2 });

    finishStuck();
    await stuckDrain;
    expect(await row("test:lease")).toMatchObject({ status: "done", attempts: 2 });
  });

  it("runs in the background once started, and stops", async () => {
    await enqueue(db(), { topic: TOPIC, idempotencyKey: "test:background", payload: {} });
    const w = worker(async () => undefined);
    w.start();
    try {
      await rowWhen("test:background", (r) => r.status === "done", "handled in the background");
    } finally {
      await w.stop();
    }
  });

  it("handles messages concurrently, up to its concurrency", async () => {
    const keys = Array.from({ length: 6 }, (_, n) => `test:parallel:${n}`);
    await queue(keys);
    let running = 0;
    let most = 0;
    // Each handler waits until three run at once (or a second passes): one at a time would never get there.
    const handler = async () => {
      running += 1;
      most = Math.max(most, running);
      const until = Date.now() + 1000;
      while (most < 3 && Date.now() < until) await sleep(5);
      await sleep(20);
      running -= 1;
    };
    const w = worker(handler, { concurrency: 3 });
    w.start();
    try {
      for (const key of keys) await rowWhen(key, (r) => r.status === "done", "handled");
    } finally {
      await w.stop();
    }
    expect(most).toBe(3);
  });

  it("handles the messages of one ordering key one at a time, oldest first, while other keys go ahead", async () => {
    const keys = ["a1", "b1", "a2", "a3", "b2"].map((k) => `test:ordered:${k}`);
    await queue(keys, (key) => key.slice(-2, -1));
    const events: string[] = [];
    const w = worker(
      async (job) => {
        events.push(`start ${keyOf(job).slice(-2)}`);
        await sleep(30);
        events.push(`end ${keyOf(job).slice(-2)}`);
      },
      { concurrency: 8 },
    );
    w.start();
    try {
      for (const key of keys) await rowWhen(key, (r) => r.status === "done", "handled");
    } finally {
      await w.stop();
    }
    for (const group of ["a", "b"]) {
      const own = events.filter(
        (e) => e.endsWith(group + "1") || e.endsWith(group + "2") || e.endsWith(group + "3"),
      );
      const expected = (group === "a" ? ["1", "2", "3"] : ["1", "2"]).flatMap((n) => [
        `start ${group}${n}`,
        `end ${group}${n}`,
      ]);
      expect(own).toEqual(expected);
    }
    // Different keys overlapped: b1 started before a1 ended.
    expect(events.indexOf("start b1")).toBeLessThan(events.indexOf("end a1"));
  });

  it("keeps renewing the lease of a slow message, so no other worker takes it over", async () => {
    await queue(["test:slow"]);
    const leaseMs = 1000;
    let calls = 0;
    const slow = worker(
      async () => {
        calls += 1;
        await sleep(2.5 * leaseMs);
      },
      { leaseMs },
    );
    const rival = worker(async () => {
      calls += 1;
    });
    slow.start();
    try {
      await rowWhen("test:slow", (r) => r.attempts === 1, "claimed");
      const until = Date.now() + 2 * leaseMs;
      while (Date.now() < until) {
        expect(await rival.drain()).toEqual({ done: 0, retried: 0, parked: 0 });
        await sleep(100);
      }
      await rowWhen("test:slow", (r) => r.status === "done", "handled");
    } finally {
      await slow.stop();
    }
    expect(calls).toBe(1);
    expect(await row("test:slow")).toMatchObject({ status: "done", attempts: 1 });
  });

  it("gives back the claim of a message still running when it is stopped, so another worker takes it at once", async () => {
    await queue(["test:handed-back"]);
    let release: () => void = () => undefined;
    const stuck = worker(() => new Promise<void>((resolve) => (release = resolve)), { leaseMs: 60_000 });
    stuck.start();
    await rowWhen("test:handed-back", (r) => r.attempts === 1, "claimed");
    await stuck.stop(100);
    const given = await row("test:handed-back");
    expect(given).toMatchObject({ status: "pending", attempts: 0, claimedBy: null });
    expect(given.availableAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await worker(async () => undefined).drain()).toEqual({ done: 1, retried: 0, parked: 0 });
    release();
  });

  it("prunes handled messages after the keeping time, never pending or parked ones", async () => {
    const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
    for (const [key, status, processed] of [
      ["test:old-done", "done", 40],
      ["test:new-done", "done", 2],
      ["test:old-parked", "parked", 40],
      ["test:old-pending", "pending", null],
    ] as const) {
      await enqueue(db(), { topic: TOPIC, idempotencyKey: key, payload: {} });
      await db()
        .updateTable("outbox")
        .set({ status, processedAt: processed === null ? null : daysAgo(processed), createdAt: daysAgo(45) })
        .where("idempotencyKey", "=", key)
        .execute();
    }
    expect(await pruneDone(db(), 30 * 24 * 60 * 60_000)).toBe(1);
    const left = await db()
      .selectFrom("outbox")
      .select("idempotencyKey")
      .where("topic", "=", TOPIC)
      .execute();
    expect(left.map((r) => r.idempotencyKey).sort()).toEqual([
      "test:new-done",
      "test:old-parked",
      "test:old-pending",
    ]);
  });

  // --- Faults told apart (decision 157) -------------------------------------------------------

  /** Seconds from the database's now() to the message's available_at (its lease, or its next try). */
  const dueIn = async (key: string) => {
    const { rows } = await sql<{ s: number }>`
      SELECT extract(epoch FROM available_at - now())::float8 AS s FROM outbox WHERE idempotency_key = ${key}`.execute(
      db(),
    );
    return rows[0]!.s;
  };

  it("tries a message whose handler met a database fault again within a second, without counting the attempt", async () => {
    await queue(["test:db-fault"]);
    let calls = 0;
    let failedAt = 0;
    const w = worker(async () => {
      calls += 1;
      if (calls > 1) return;
      failedAt = Date.now();
      // What node-postgres says of a pooled connection the server ended.
      throw new Error("Client has encountered a connection error and is not queryable");
    });
    w.start();
    try {
      // Run again in hand: the claim stands (its token), and no attempt was added.
      const held = await rowWhen("test:db-fault", (r) => r.claimedBy !== null, "claimed");
      const done = await rowWhen("test:db-fault", (r) => r.status === "done", "handled");
      expect(done).toMatchObject({ attempts: 1, lastError: null });
      expect(held.attempts).toBe(1);
      expect(done.processedAt!.getTime() - failedAt).toBeLessThan(1500);
    } finally {
      await w.stop();
    }
    expect(calls).toBe(2);
  });

  it("treats a statement timeout as the database's fault too, and the far side's failure as never the database's", async () => {
    await queue(["test:timeout", "test:remote"]);
    let timeouts = 0;
    const w = worker(async (job) => {
      if (keyOf(job) === "test:timeout") {
        if (++timeouts === 1)
          throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
        return;
      }
      // A refused connection to the far side carries ECONNREFUSED in its cause, as a database's would.
      throw new RemoteFailure("Back office answered 422", false, {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      });
    });
    const started = Date.now();
    expect(await w.drain()).toEqual({ done: 1, retried: 1, parked: 0 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(timeouts).toBe(2);
    expect(await row("test:timeout")).toMatchObject({ status: "done", attempts: 1 });
    expect(await row("test:remote")).toMatchObject({ status: "pending", attempts: 1 });
    expect(await dueIn("test:remote")).toBeGreaterThan(40);
  });

  it("counts a database fault that outlasts its retries in hand as an attempt, so a statement that always times out is not retried for ever", async () => {
    await queue(["test:always-times-out"]);
    let calls = 0;
    const w = createOutboxWorker(db(), {
      handlers: {
        [TOPIC]: async () => {
          calls += 1;
          throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
        },
      },
      pollMs: 50,
      maxAttempts: 3,
      retryBaseMs: 60_000,
      databaseRetryMs: 1500,
    });
    expect(await w.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    expect(calls).toBeGreaterThan(1);
    expect(await row("test:always-times-out")).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "canceling statement due to statement timeout",
    });
    expect(await dueIn("test:always-times-out")).toBeGreaterThan(40);
  });

  it("writes an outcome the database refused again until it is recorded, the message in hand and its lease renewed", async () => {
    // The database refuses to record any outcome of a test message for 1.5 s (SQLSTATE 57014, as
    // a statement cancelled by its timeout): the claim and the lease renewals still go through.
    await sql`CREATE TABLE IF NOT EXISTS test_outbox_fault (until timestamptz NOT NULL)`.execute(db());
    await sql`
      CREATE OR REPLACE FUNCTION test_outbox_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.topic LIKE 'test.%' AND NEW.status IS DISTINCT FROM OLD.status
           AND EXISTS (SELECT 1 FROM test_outbox_fault WHERE until > clock_timestamp()) THEN
          RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = '57014';
        END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`DROP TRIGGER IF EXISTS test_outbox_fault ON outbox`.execute(db());
    await sql`CREATE TRIGGER test_outbox_fault BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION test_outbox_fault()`.execute(
      db(),
    );
    try {
      await sql`INSERT INTO test_outbox_fault VALUES (clock_timestamp() + interval '1500 milliseconds')`.execute(
        db(),
      );
      await queue(["test:unrecorded"]);
      let calls = 0;
      const leaseMs = 1000;
      const w = worker(
        async () => {
          calls += 1;
        },
        { leaseMs },
      );
      w.start();
      try {
        const claimed = await rowWhen("test:unrecorded", (r) => r.attempts === 1, "claimed");
        await sleep(1000);
        // Past its first lease, still in hand and claimed: the heartbeat renewed it.
        expect(w.inHand()).toBe(1);
        const held = await row("test:unrecorded");
        expect(held).toMatchObject({ status: "pending", claimedBy: claimed.claimedBy });
        expect(held.availableAt.getTime()).toBeGreaterThan(claimed.availableAt.getTime());
        const done = await rowWhen("test:unrecorded", (r) => r.status === "done", "recorded", 4000);
        expect(done).toMatchObject({ attempts: 1, claimedBy: null });
        expect(w.inHand()).toBe(0);
      } finally {
        await w.stop();
      }
      expect(calls).toBe(1);
    } finally {
      await sql`DROP TRIGGER IF EXISTS test_outbox_fault ON outbox`.execute(db());
      await sql`DROP TABLE IF EXISTS test_outbox_fault`.execute(db());
    }
  });

  it("never lets a heartbeat extend a claim given up, nor push a lease past where it stood when the heartbeat was sent", async () => {
    await queue(["test:given-up"]);
    const releases: (() => void)[] = [];
    const release = () => releases.splice(0).forEach((resolve) => resolve());
    const hanging = () => new Promise<void>((resolve) => releases.push(resolve));

    // Given up: the worker stopped and handed the claim back; the heartbeat it had sent runs later.
    const first = worker(hanging, { leaseMs: 2000 });
    first.start();
    const claimed = await rowWhen("test:given-up", (r) => r.claimedBy !== null, "claimed");
    const sentAt = new Date();
    await first.stop(50);
    const handedBack = await row("test:given-up");
    expect(handedBack.claimedBy).toBeNull();
    expect(await renewLeases(db(), [{ id: claimed.id, token: claimed.claimedBy! }], 60_000, sentAt)).toBe(0);
    expect((await row("test:given-up")).availableAt).toEqual(handedBack.availableAt);
    release();
    await sql`UPDATE outbox SET status = 'done' WHERE idempotency_key = 'test:given-up'`.execute(db());

    // Still held, but the heartbeat was sent ten seconds ago (a frozen database): it cannot move
    // the lease beyond that send time plus the lease, nor shorten it.
    await queue(["test:late-beat"]);
    const second = worker(hanging, { leaseMs: 5000 });
    const drained = second.drain();
    const held = await rowWhen("test:late-beat", (r) => r.claimedBy !== null, "claimed");
    const before = await dueIn("test:late-beat");
    await renewLeases(db(), [{ id: held.id, token: held.claimedBy! }], 5000, new Date(Date.now() - 10_000));
    expect(await dueIn("test:late-beat")).toBeLessThanOrEqual(before);
    // Sent now, it renews.
    await sleep(200);
    expect(await renewLeases(db(), [{ id: held.id, token: held.claimedBy! }], 5000, new Date())).toBe(1);
    expect(await dueIn("test:late-beat")).toBeGreaterThan(4.5);
    release();
    await drained;
  });

  it("tries again a far side that says 'not now' at most 5 s apart, counts no attempt, and goes on within 2 s of its return", async () => {
    const keys = ["test:nn:1", "test:nn:2", "test:nn:3"];
    await queue(keys, (key) => key);
    let down = true;
    let refusals = 0;
    const w = worker(
      async () => {
        if (down) {
          refusals += 1;
          throw new RemoteFailure("Back office answered 503: maintenance", true);
        }
      },
      { maxAttempts: 2 },
    );
    w.start();
    let upAt = 0;
    try {
      const until = Date.now() + 4500;
      let furthest = 0;
      while (Date.now() < until) {
        for (const key of keys) {
          const r = await row(key);
          expect(r.status).toBe("pending");
          expect(r.attempts).toBeLessThanOrEqual(1);
          furthest = Math.max(furthest, await dueIn(key));
        }
        await sleep(100);
      }
      expect(refusals).toBeGreaterThan(6);
      expect(furthest).toBeLessThanOrEqual(5.05);
      down = false;
      upAt = Date.now();
      for (const key of keys) await rowWhen(key, (r) => r.status === "done", "handed over", 5000);
    } finally {
      await w.stop();
    }
    const done = await Promise.all(keys.map(row));
    expect(Math.max(...done.map((r) => r.processedAt!.getTime())) - upAt).toBeLessThan(2000);
    expect(done.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });
});
