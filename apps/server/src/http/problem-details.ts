// Maps every failure to an RFC 9457 problem-details body. Bad input of any kind (not JSON,
// too large, wrong shape) is a 400; anything unexpected is a 500 whose details stay in the log.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ProblemDetails } from "@trade-shop/contracts/common";
import { problemType, statusOf, type ProblemCode } from "@trade-shop/contracts/problems";
import { isDatabaseUnavailable } from "../db/database";
import { DomainError, type FieldErrors } from "../core/domain-error";

/** A problem-details body: the code decides the status and the `type` URI. */
export function problem(
  code: ProblemCode,
  title: string,
  extra: { detail?: string; errors?: FieldErrors; [k: string]: unknown } = {},
): ProblemDetails & Record<string, unknown> {
  return { type: problemType(code), code, title, status: statusOf(code), ...extra };
}

/** Sends a problem; it quotes the request's id (also in the X-Request-Id header) for support. */
export function sendProblem(reply: FastifyReply, body: ProblemDetails & Record<string, unknown>) {
  const status = body.status ?? 500;
  return reply
    .status(status)
    .type("application/problem+json")
    .send({ ...body, requestId: reply.request.id });
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

/** The 503 every database-backed request answers while the database is away. */
export function databaseUnavailable(reply: FastifyReply, extensions: Record<string, unknown> = {}) {
  return sendProblem(
    reply.header("retry-after", String(DATABASE_RETRY_AFTER_S)),
    problem(
      "database_unavailable",
      "The shop cannot reach its database at the moment. Please try again in a few seconds.",
      extensions,
    ),
  );
}

/** Fastify's own 4xx errors (unknown route, wrong method) by status. */
const codeOfStatus: Record<number, ProblemCode> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  414: "uri_too_long",
  429: "rate_limited",
  431: "headers_too_large",
};

const fastifyTitles: Partial<Record<ProblemCode, string>> = {
  bad_request: "Bad Request",
  unauthenticated: "Unauthorized",
  forbidden: "Forbidden",
  not_found: "Not Found",
  method_not_allowed: "Method Not Allowed",
  uri_too_long: "URI Too Long",
};

/** Fastify's router refusals (a malformed URL, a path parameter over its length), as problems. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const code: ProblemCode = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "uri_too_long" : "bad_request";
  return sendProblem(
    reply,
    problem(code, fastifyTitles[code] ?? "Bad Request", {
      detail: "Check the address: part of it cannot be read or is too long.",
    }),
  );
}

// Zod issue paths ("body.orderLines.0.quantity") become field names the UI can show.
function validationErrors(error: {
  validation: { instancePath?: string; message?: string; params?: unknown }[];
}) {
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

/** A problem as a whole raw HTTP answer, for errors Node meets before Fastify has a request. */
export function rawProblemResponse(code: ProblemCode, title: string): string {
  const body = JSON.stringify(problem(code, title));
  const status = statusOf(code);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Content-Type: application/problem+json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers or request line too
 * large, a malformed request): answer with a problem too, not Node's own body.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy(error);
  const answer =
    error.code === "HPE_HEADER_OVERFLOW"
      ? rawProblemResponse("headers_too_large", "The request headers are too large.")
      : rawProblemResponse("bad_request", "The request could not be read.");
  socket.end(answer);
}

export function registerProblemDetails(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.status === 503) request.log.warn({ err: error }, "service unavailable");
      return sendProblem(
        reply,
        problem(error.code, error.message, {
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.extensions ?? {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error);
      return sendProblem(reply, problem("validation", "One or more validation errors occurred.", { errors }));
    }
    if (error.code && badInputCodes.has(error.code)) {
      const detail =
        error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "The request body is too large."
          : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Send the request body as JSON (Content-Type: application/json)."
            : "The request body is not valid JSON.";
      return sendProblem(reply, problem("unreadable_request", "The request could not be read.", { detail }));
    }
    if (error.statusCode === 429) {
      return sendProblem(
        reply,
        problem("rate_limited", "Too many requests. Please wait a moment and try again."),
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeOfStatus[error.statusCode] ?? "bad_request";
      return sendProblem(
        reply,
        problem(code, fastifyTitles[code] ?? "Bad Request", { detail: error.message }),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return databaseUnavailable(reply);
    }
    if (reply.raw.destroyed || request.raw.socket?.destroyed) {
      // The client went away before its answer was sent (a page closed or moved on while, say,
      // a compressed answer was streaming): nothing failed here, and there is no one to answer.
      request.log.info({ err: error }, "the client closed the connection before its answer was sent");
      return reply;
    }
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(reply, problem("internal_error", "An unexpected server error occurred."));
  });
}
