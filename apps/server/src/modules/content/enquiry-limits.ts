// Limits on the contact form, which sends e-mail to people: per client address (route config,
// counted before the body is read) and per sender e-mail address (counted in the handler), both
// answering a 429 problem with Retry-After. AUTH_RATE_LIMIT_FACTOR scales them as it scales the
// log-in and registration limits; 0 turns them off. Counters are shared through Redis when
// REDIS_URL is set, else kept in process memory (http/rate-limit-counters.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { DomainError } from "../../http/domain-error";

export const ENQUIRY_RATE_LIMITS = {
  perIp: { max: 10, minutes: 60 },
  perEmail: { max: 5, minutes: 60 },
} as const;

const TITLE = "Too many requests. Please wait a moment and try again.";

export interface EnquiryRateLimits {
  perIp: RouteShorthandOptions["config"];
  perEmail(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
}

export function createEnquiryRateLimits(app: FastifyInstance, factor: number): EnquiryRateLimits {
  const scaled = (limit: { max: number; minutes: number }) => ({
    max: Math.max(1, Math.ceil(limit.max * factor)),
    timeWindow: limit.minutes * 60_000,
  });
  const emailOf = new WeakMap<FastifyRequest, string>();
  const emailLimiter =
    factor === 0
      ? undefined
      : app.createRateLimit({
          ...scaled(ENQUIRY_RATE_LIMITS.perEmail),
          keyGenerator: (request: FastifyRequest) => `enquiry:email:${emailOf.get(request) ?? ""}`,
        });

  return {
    perIp:
      factor === 0
        ? {}
        : {
            rateLimit: {
              ...scaled(ENQUIRY_RATE_LIMITS.perIp),
              keyGenerator: (request: FastifyRequest) => `enquiry:ip:${request.ip}`,
              errorResponseBuilder: (_request, context) => ({
                statusCode: context.statusCode,
                message: TITLE,
              }),
            },
          },
    async perEmail(request, reply, email) {
      if (!emailLimiter) return;
      emailOf.set(request, email.trim().toLowerCase());
      const outcome = await emailLimiter(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        reply.header("retry-after", outcome.ttlInSeconds);
        throw new DomainError("too_many_requests", TITLE, {
          extensions: {
            detail: `Too many messages from this e-mail address. Try again in ${Math.ceil(outcome.ttlInSeconds / 60)} minutes, or call us.`,
          },
        });
      }
    },
  };
}
