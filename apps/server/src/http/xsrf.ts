// Double-submit request-forgery check (docs/api.md): every client without an XSRF-TOKEN
// cookie gets one (readable by script, SameSite=Strict); every state-changing /api request
// must echo it in X-XSRF-TOKEN. Routes that machines call (signed callbacks) opt out.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { problem, sendProblem } from "./problem-details";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on routes called by other systems rather than by our web app. */
    skipXsrf?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function registerXsrf(app: FastifyInstance, options: { secureCookie: boolean }) {
  app.addHook("onRequest", async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString("base64url"), {
        path: "/",
        sameSite: "strict",
        httpOnly: false,
        secure: options.secureCookie,
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (request.routeOptions.config?.skipXsrf) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== "string" || !same(cookie, header)) {
      return sendProblem(
        reply,
        problem("xsrf_mismatch", "Missing or invalid request-forgery token.", {
          detail: `Send the ${XSRF_COOKIE} cookie's value in the X-XSRF-TOKEN header.`,
        }),
      );
    }
  });
}
