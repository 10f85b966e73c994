// Maps every failure to an RFC 9457 problem-details body. Bad input of any kind (not JSON,
// too large, wrong shape) is a 400; anything unexpected is a 500 whose details stay in the log.
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ProblemDetails } from "@trade-shop/contracts/common";
import { DomainError, type DomainErrorKind, type FieldErrors } from "./domain-error";

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  locked: 423,
  too_many_requests: 429,
  unavailable: 503,
};

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  423: "Locked",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function problem(
  status: number,
  title: string,
  extra: { detail?: string; errors?: FieldErrors; [k: string]: unknown } = {},
): ProblemDetails & Record<string, unknown> {
  return { type: `https://httpstatuses.io/${status}`, title, status, ...extra };
}

export function sendProblem(reply: FastifyReply, body: ProblemDetails & Record<string, unknown>) {
  const status = body.status ?? 500;
  return reply.status(status).type("application/problem+json").send(body);
}

// Zod issue paths ("body.orderLines.0.quantity") become field names the UI can show.
function validationErrors(error: { validation: { instancePath?: string; message?: string; params?: unknown }[] }) {
  const errors: FieldErrors = {};
  for (const v of error.validation) {
    const field = (v.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "body";
    (errors[field] ??= []).push(v.message ?? "Invalid value");
  }
  return errors;
}

const badInputCodes = new Set([
  "FST_ERR_CTP_INVALID_JSON_BODY",
  "FST_ERR_CTP_EMPTY_JSON_BODY",
  "FST_ERR_CTP_BODY_TOO_LARGE",
  "FST_ERR_CTP_INVALID_MEDIA_TYPE",
  "FST_ERR_CTP_INVALID_CONTENT_LENGTH",
  "FST_ERR_CTP_EMPTY_TYPE",
  "FST_ERR_CTP_INVALID_TYPE",
  "FST_ERR_VALIDATION",
]);

export function registerProblemDetails(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = statusOf[error.kind];
      if (status === 503) request.log.warn({ err: error }, "service unavailable");
      return sendProblem(
        reply,
        problem(status, error.message, {
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.extensions ?? {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error);
      return sendProblem(reply, problem(400, "One or more validation errors occurred.", { errors }));
    }
    if (error.code && badInputCodes.has(error.code)) {
      const detail =
        error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "The request body is too large."
          : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Send the request body as JSON (Content-Type: application/json)."
            : "The request body is not valid JSON.";
      return sendProblem(reply, problem(400, "The request could not be read.", { detail }));
    }
    if (error.statusCode === 429) {
      return sendProblem(reply, problem(429, "Too many requests. Please wait a moment and try again."));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, problem(error.statusCode, titles[error.statusCode] ?? "Bad Request", { detail: error.message }));
    }
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(reply, problem(500, "An unexpected server error occurred."));
  });
}
