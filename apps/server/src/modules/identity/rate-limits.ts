// Limits on the endpoints that can be used to guess passwords or PINs, or that cost money or
// mail (log-in, registration, password reset). Each is limited per client address (route
// config, counted before the body is read) and, where the body names an account, per account
// (counted in the handler), so neither one address nor a botnet aimed at one account gets far.
// AUTH_RATE_LIMIT_FACTOR multiplies every limit; 0 turns them off. Counters live in Redis when
// REDIS_URL is set, shared by every server process; else in process memory, where each process
// allows this much (http/rate-limit-counters.ts, docs/decisions.md).
import type { FastifyReply, FastifyInstance, FastifyRequest, RouteShorthandOptions } from "fastify";
import { DomainError } from "../../http/domain-error";

interface Limit {
  max: number;
  minutes: number;
}

export const AUTH_RATE_LIMITS = {
  authenticate: { perIp: { max: 100, minutes: 15 }, perAccount: { max: 20, minutes: 15 } },
  otpDetails: { perIp: { max: 30, minutes: 15 }, perAccount: { max: 10, minutes: 15 } },
  preRegister: { perIp: { max: 10, minutes: 60 }, perAccount: { max: 5, minutes: 60 } },
  register: { perIp: { max: 30, minutes: 15 }, perAccount: { max: 10, minutes: 15 } },
  requestPasswordReset: { perIp: { max: 10, minutes: 15 }, perAccount: { max: 5, minutes: 60 } },
  resetPassword: { perIp: { max: 30, minutes: 15 } },
} as const satisfies Record<string, { perIp: Limit; perAccount?: Limit }>;

export type AuthEndpoint = keyof typeof AUTH_RATE_LIMITS;
type AccountLimited = { [K in AuthEndpoint]: (typeof AUTH_RATE_LIMITS)[K] extends { perAccount: Limit } ? K : never }[AuthEndpoint];

const TITLE = "Too many requests. Please wait a moment and try again.";

export interface AuthRateLimits {
  /** Route config limiting an endpoint per client address. */
  perIp(endpoint: AuthEndpoint): RouteShorthandOptions["config"];
  /** Counts a request against the account it names; 429 once the account's limit is spent. */
  perAccount(endpoint: AccountLimited, request: FastifyRequest, reply: FastifyReply, account: string): Promise<void>;
}

export function createAuthRateLimits(app: FastifyInstance, factor: number): AuthRateLimits {
  const scaled = (limit: Limit) => ({ max: Math.max(1, Math.ceil(limit.max * factor)), timeWindow: limit.minutes * 60_000 });
  const accountOf = new WeakMap<FastifyRequest, string>();
  const accountLimiters = new Map<AuthEndpoint, ReturnType<FastifyInstance["createRateLimit"]>>();

  return {
    perIp(endpoint) {
      if (factor === 0) return {};
      return {
        rateLimit: {
          ...scaled(AUTH_RATE_LIMITS[endpoint].perIp),
          keyGenerator: (request: FastifyRequest) => `${endpoint}:ip:${request.ip}`,
          errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: TITLE }),
        },
      };
    },
    async perAccount(endpoint, request, reply, account) {
      if (factor === 0) return;
      let limiter = accountLimiters.get(endpoint);
      if (!limiter) {
        limiter = app.createRateLimit({
          ...scaled(AUTH_RATE_LIMITS[endpoint].perAccount),
          keyGenerator: (r: FastifyRequest) => `${endpoint}:account:${accountOf.get(r) ?? ""}`,
        });
        accountLimiters.set(endpoint, limiter);
      }
      accountOf.set(request, account.trim().toLowerCase());
      const outcome = await limiter(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        reply.header("retry-after", outcome.ttlInSeconds);
        throw new DomainError("too_many_requests", TITLE, {
          extensions: { detail: `Too many attempts for this account. Try again in ${Math.ceil(outcome.ttlInSeconds / 60)} minutes.` },
        });
      }
    },
  };
}
