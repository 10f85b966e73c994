// The one rate limiter of the endpoints that can be used to guess passwords or PINs, or that
// cost money or mail: log-in, registration, password reset and contact enquiries. Each is
// limited per client address (route config, counted before the body is read) and, where the
// body names an account or sender, per that key (counted in the handler), so neither one address
// nor a botnet aimed at one account gets far. AUTH_RATE_LIMIT_FACTOR multiplies every limit; 0
// turns them off. Counters live in Redis when REDIS_URL is set, shared by every server process;
// else in process memory (rate-limit-counters.ts, decisions 16, 42 and 63).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { DomainError } from "../core/domain-error";

export interface Limit {
  max: number;
  minutes: number;
}

export interface EndpointLimits {
  perIp: Limit;
  /** Per account, e-mail address or sender the request names. */
  perKey?: Limit;
}

/** The endpoints of a table that also count per key. */
export type KeyLimited<T extends Record<string, EndpointLimits>> = {
  [K in keyof T & string]: T[K] extends { perKey: Limit } ? K : never;
}[keyof T & string];

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";

export interface RateLimits<T extends Record<string, EndpointLimits>> {
  /** Route config limiting an endpoint per client address. */
  perIp(endpoint: keyof T & string): RouteShorthandOptions["config"];
  /**
   * Counts a request against the key it names; once the key's limit is spent, a 429 with
   * Retry-After whose detail is `detail(minutes until the window ends)`.
   */
  perKey(
    endpoint: KeyLimited<T>,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    detail: (minutes: number) => string,
  ): Promise<void>;
}

export function createRateLimits<T extends Record<string, EndpointLimits>>(
  app: FastifyInstance,
  factor: number,
  limits: T,
): RateLimits<T> {
  const scaled = (limit: Limit) => ({
    max: Math.max(1, Math.ceil(limit.max * factor)),
    timeWindow: limit.minutes * 60_000,
  });
  const keyOf = new WeakMap<FastifyRequest, string>();
  const keyLimiters = new Map<string, ReturnType<FastifyInstance["createRateLimit"]>>();

  function keyLimiter(endpoint: string, limit: Limit) {
    let limiter = keyLimiters.get(endpoint);
    if (!limiter) {
      limiter = app.createRateLimit({
        ...scaled(limit),
        keyGenerator: (request: FastifyRequest) => `${endpoint}:account:${keyOf.get(request) ?? ""}`,
      });
      keyLimiters.set(endpoint, limiter);
    }
    return limiter;
  }

  return {
    perIp(endpoint) {
      if (factor === 0) return {};
      return {
        rateLimit: {
          ...scaled(limits[endpoint]!.perIp),
          keyGenerator: (request: FastifyRequest) => `${endpoint}:ip:${request.ip}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            message: TOO_MANY_REQUESTS,
          }),
        },
      };
    },
    async perKey(endpoint, request, reply, key, detail) {
      const limit = limits[endpoint]?.perKey;
      if (factor === 0 || !limit) return;
      keyOf.set(request, key.trim().toLowerCase());
      const outcome = await keyLimiter(endpoint, limit)(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        reply.header("retry-after", outcome.ttlInSeconds);
        throw new DomainError("rate_limited", TOO_MANY_REQUESTS, {
          extensions: { detail: detail(Math.ceil(outcome.ttlInSeconds / 60)) },
        });
      }
    },
  };
}
