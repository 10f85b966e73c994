// Two server processes with one REDIS_URL count log-in attempts together; without it each
// counts alone; with Redis gone the limits let requests through instead of failing them.
// Needs Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379): its absence fails, never skips.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test/smtp";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { AUTH_RATE_LIMITS } from "./auth-limits";

// A wrong password is refused (401) and, after five, locked out (423, decision 76); only the limit answers 429.
const REFUSED_NOT_LIMITED = [401, 423];

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const { max } = AUTH_RATE_LIMITS.authenticate.perKey;

const attempt = (t: TestApp, i: number, username: string) =>
  t.request({
    method: "POST",
    url: "/api/Users/Authenticate",
    body: { username, password: "wrong-password" },
    remoteAddress: `10.9.0.${i + 1}`,
  });

describe("POST /api/Users/Authenticate: per-account limit across two server processes", () => {
  // This file's own keys, so parallel runs (PGlite and PostgreSQL, other machines) never meet.
  const prefix = `tradeshop-test:${randomUUID()}:`;
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
  let redisError: unknown;
  redis.on("error", (error) => (redisError = error));
  let first: TestApp;
  let second: TestApp;

  const ownKeys = async () => {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 1000 }))
      keys.push(...(batch as string[]));
    return keys;
  };

  beforeAll(async () => {
    try {
      await redis.connect();
    } catch (error) {
      throw new Error(
        `Redis is required for this test but ${redisUrl} is not reachable (${String(redisError ?? error)}). ` +
          "Start it (redis-server --daemonize yes) or set TEST_REDIS_URL.",
        { cause: error },
      );
    }
    const env = { AUTH_RATE_LIMIT_FACTOR: "1", REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (redis.status === "ready") {
      const keys = await ownKeys();
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    } else {
      redis.disconnect();
    }
  });

  it("counts attempts spread over both processes against one limit", async () => {
    const username = `nobody-${randomUUID()}`;
    for (let i = 0; i < max; i++)
      expect(REFUSED_NOT_LIMITED).toContain(
        (await attempt(i % 2 === 0 ? first : second, i, username)).statusCode,
      );
    const onFirst = await attempt(first, max, username);
    expect(onFirst.statusCode).toBe(429);
    expect(onFirst.json().detail).toMatch(/Too many attempts for this account/);
    expect((await attempt(second, max + 1, username)).statusCode).toBe(429);
    expect(REFUSED_NOT_LIMITED).toContain(
      (await attempt(second, max + 2, `someone-else-${randomUUID()}`)).statusCode,
    );

    const keys = await ownKeys();
    expect(
      keys.some((k) => k.startsWith(`${prefix}rl:`) && k.endsWith(`authenticate:account:${username}`)),
    ).toBe(true);
    expect(keys.some((k) => k.endsWith("authenticate:ip:10.9.0.1"))).toBe(true);
  });
});

describe("POST /api/Users/Authenticate: without REDIS_URL each process counts alone", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "1" } });
    second = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "1" } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("limits the account on the process that saw the attempts, not on the other", async () => {
    const username = `nobody-${randomUUID()}`;
    for (let i = 0; i < max; i++)
      expect(REFUSED_NOT_LIMITED).toContain((await attempt(first, i, username)).statusCode);
    expect((await attempt(first, max, username)).statusCode).toBe(429);
    expect(REFUSED_NOT_LIMITED).toContain((await attempt(second, max, username)).statusCode);
  });
});

describe("POST /api/Users/Authenticate: REDIS_URL set but Redis unreachable", () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "1", REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(() => t?.close());

  it("lets attempts through uncounted rather than failing them", async () => {
    const username = `nobody-${randomUUID()}`;
    for (let i = 0; i <= max + 1; i++)
      expect(REFUSED_NOT_LIMITED).toContain((await attempt(t, i, username)).statusCode);
  });
});
