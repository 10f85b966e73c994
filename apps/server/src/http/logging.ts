// The server's log settings. An operator reads error lines as "something here failed", so a
// client that closed the connection mid-answer (a page closed or moved on) is logged at info:
// @fastify/compress logs every broken stream at error level, a client's going included.
import type { FastifyServerOptions } from "fastify";

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

const ERROR_LEVEL = 50;

/** A stream broken because the other end went away: Node's code, or end-of-stream's bare message. */
export function isPrematureClose(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return (
    (value as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE" || value.message === "premature close"
  );
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ["req.headers.authorization", "req.headers.cookie"],
    hooks: {
      logMethod(args, method, methodLevel) {
        const [first] = args as unknown[];
        if (methodLevel >= ERROR_LEVEL && isPrematureClose(first)) {
          return this.info({ err: first }, "the client closed the connection before its answer was sent");
        }
        return method.apply(this, args);
      },
    },
  };
}
