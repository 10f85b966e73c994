import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { createOutboxWorker, enqueue, pruneDone, type OutboxJob } from "./outbox";

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
  async function rowWhen(key: string, done: (r: Awaited<ReturnType<typeof row>>) => boolean, what: string, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await row(key);
      if (done(current)) return current;
      if (Date.now() >= deadline) throw new Error(`${key} was not ${what} within ${timeoutMs} ms: ${JSON.stringify(current)}`);
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
    options: { maxAttempts?: number; leaseMs?: number } = {},
  ) {
    return createOutboxWorker(db(), {
      handlers: { [TOPIC]: handler },
      pollMs: 50,
      maxAttempts: options.maxAttempts ?? 3,
      retryBaseMs: 60_000,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    });
  }

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
});
