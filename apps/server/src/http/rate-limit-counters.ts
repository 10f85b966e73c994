// Where @fastify/rate-limit keeps its counters: in this process's memory, or in Redis when
// REDIS_URL is set, so that every server process counts against the same limits. Redis trouble
// never fails a request: counting is skipped (the request is let through) and the log says so
// when Redis goes away and when it is back (decision 63).
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";

export interface RateLimitCounters {
  /** Spread into the plugin's registration options. */
  pluginOptions: Pick<RateLimitPluginOptions, "redis" | "nameSpace" | "skipOnError">;
  close(): Promise<void>;
}

/** Opens the Redis connection (waiting at most a couple of seconds for it) when REDIS_URL is set. */
export async function openRateLimitCounters(
  config: Pick<Config, "REDIS_URL" | "REDIS_KEY_PREFIX">,
  log: FastifyBaseLogger,
): Promise<RateLimitCounters> {
  if (!config.REDIS_URL) return { pluginOptions: {}, close: async () => {} };

  const redis = new Redis(config.REDIS_URL, {
    connectionName: "tradeshop-rate-limits",
    lazyConnect: true,
    connectTimeout: 2000,
    // While Redis is away a count fails at once instead of queueing until it is back, and a
    // Redis that stops answering costs a request half a second, not a hang.
    enableOfflineQueue: false,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
  });
  const where = new URL(config.REDIS_URL).host;
  let reachable = true;
  redis.on("error", (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.error(
      { err: error, redis: where },
      "Redis for rate limits is unreachable: requests are let through uncounted until it is back",
    );
  });
  redis.on("ready", () => {
    if (reachable) return;
    reachable = true;
    log.info({ redis: where }, "Redis for rate limits is back: counting again");
  });
  // A shop that starts while Redis is down still serves (the error listener has logged why);
  // the client keeps reconnecting in the background.
  await redis.connect().catch(() => undefined);

  return {
    pluginOptions: { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rl:`, skipOnError: true },
    async close() {
      redis.disconnect();
    },
  };
}
