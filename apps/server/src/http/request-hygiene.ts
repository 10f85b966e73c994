// Rules every API request and answer follows, whatever the route: text with a NUL character
// is refused as a 400 (PostgreSQL cannot store it, and no shop field needs it), and answers to
// a logged-in caller are never stored by a browser or proxy cache.
import type { FastifyInstance } from "fastify";
import { DomainError } from "../shared/domain-error";

const MAX_DEPTH = 32;

/** The path of the first string holding a NUL character ("body.lines.3.code"), if any. */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return `${path}.${key.replaceAll("\u0000", "\\u0000")}`;
    const found = findNul(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function registerRequestHygiene(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const where =
      findNul(request.params, "params") ?? findNul(request.query, "query") ?? findNul(request.body, "body");
    if (where) {
      const field = where.replace(/^(params|query|body)\.?/, "") || where;
      throw new DomainError("validation", "Text may not contain a NUL character (\\u0000).", {
        errors: { [field]: ["Remove the NUL character (\\u0000)"] },
      });
    }
  });

  app.addHook("onSend", async (request, reply) => {
    if (request.headers.authorization && request.url.startsWith("/api/"))
      reply.header("Cache-Control", "no-store");
  });
}
