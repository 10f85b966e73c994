import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { freePort } from "../../test/smtp";
import { openRateLimitCounters } from "./rate-limit-counters";

function recordingLog() {
  const entries: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message = "") =>
      entries.push({ level, fields, message });
  const log = {
    level: "info",
    fatal: at("fatal"),
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
    trace: at("trace"),
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, entries };
}

/** Resolves once the client has failed to connect `count` more times; fails after `timeoutMs`. */
function failedAttempts(redis: Redis, count: number, timeoutMs = 5000) {
  return new Promise<void>((resolve, reject) => {
    let failed = 0;
    const timer = setTimeout(() => {
      redis.off("error", onError);
      reject(new Error(`only ${failed} of ${count} connection attempts failed within ${timeoutMs} ms`));
    }, timeoutMs);
    function onError() {
      if (++failed < count) return;
      clearTimeout(timer);
      redis.off("error", onError);
      resolve();
    }
    redis.on("error", onError);
  });
}

describe("openRateLimitCounters", () => {
  it("keeps the counters in memory without REDIS_URL", async () => {
    const { log, entries } = recordingLog();
    const counters = await openRateLimitCounters(
      { REDIS_URL: undefined, REDIS_KEY_PREFIX: "tradeshop:" },
      log,
    );
    expect(counters.pluginOptions).toEqual({});
    await counters.close();
    expect(entries).toEqual([]);
  });

  it("starts while Redis is unreachable, skips counting and logs the outage once, without the password", async () => {
    const { log, entries } = recordingLog();
    const port = await freePort();
    const counters = await openRateLimitCounters(
      { REDIS_URL: `redis://:s3cret@127.0.0.1:${port}`, REDIS_KEY_PREFIX: "shop-a:" },
      log,
    );
    try {
      expect(counters.pluginOptions).toMatchObject({ nameSpace: "shop-a:rl:", skipOnError: true });
      // The log holds one line, not one per attempt: wait for several reconnect attempts to fail.
      await failedAttempts(counters.pluginOptions.redis as Redis, 3);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ level: "error", fields: { redis: `127.0.0.1:${port}` } });
      expect(entries[0]!.message).toMatch(/let through uncounted/);
      expect(JSON.stringify(entries)).not.toContain("s3cret");
    } finally {
      await counters.close();
    }
  });
});
