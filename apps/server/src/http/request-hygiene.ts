// Rules every API request and answer follows, whatever the route: text with a NUL character or
// a lone UTF-16 surrogate (half of a character, as a broken client or a fuzzer sends) is refused
// as a 400 naming the field (PostgreSQL cannot store either, and no shop field needs them), and
// answers to a logged-in caller or to a command (a login's token) are never stored by a
// browser or proxy cache.
import type { FastifyInstance } from "fastify";
import { DomainError } from "../core/domain-error";

const MAX_DEPTH = 32;

/** Half of a character: a high surrogate not followed by a low one, or a low one alone. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text no field may hold: a NUL character, or a surrogate without its other half. */
function unstorable(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

/** A key as the problem names it: NUL and lone surrogates written as escapes. */
function printable(key: string): string {
  return [...key]
    .map((c) =>
      c === "\u0000" || LONE_SURROGATE.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c,
    )
    .join("");
}

/** The path of the first string holding unstorable text ("body.lines.3.code"), if any. */
export function findUnstorable(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return unstorable(value) ? path : undefined;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return `${path}.${printable(key)}`;
    const found = findUnstorable(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function registerRequestHygiene(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const where =
      findUnstorable(request.params, "params") ??
      findUnstorable(request.query, "query") ??
      findUnstorable(request.body, "body");
    if (where) {
      const field = where.replace(/^(params|query|body)\.?/, "") || where;
      throw new DomainError(
        "validation",
        "Text may not contain a NUL character (\\u0000) or half of a character (a lone UTF-16 surrogate).",
        { errors: { [field]: ["Remove the NUL character or the broken character"] } },
      );
    }
  });

  // Kept by no cache: an answer to a logged-in caller, and the answer to any command (a login's
  // token, a registration, a reset), which may carry what only its caller should see.
  app.addHook("onSend", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const command = request.method !== "GET" && request.method !== "HEAD";
    if (request.headers.authorization || command) reply.header("Cache-Control", "no-store");
  });
}
