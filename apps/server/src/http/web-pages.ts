// The shop's pages (docs/decisions/0140): every GET that is not the API, an image or a built file
// is a page of the web app, rendered by the web app's own server render (apps/web/src/entry-server,
// built into WEB_DIST/ssr/). A visitor's public page comes with its products in the HTML, asked of
// this same app's API in process (app.inject: the same handlers, checks and answers the browser
// gets, no network); a page behind a login, and any page of a browser that holds one, comes as
// the layout around a loading page, which the browser fills. Redirecting addresses (/, /featured,
// an unknown path) are answered with the redirect. Without a server render (an older build) the
// built index.html is sent and the browser renders everything.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LOGIN_HINT_COOKIE, XSRF_COOKIE, XSRF_HEADER } from "@trade-shop/contracts/http";

/** What the web app's server render (apps/web/src/entry-server.tsx) offers; typed here, not imported, as it is built apart. */
interface ServerRender {
  renderPage(request: {
    url: string;
    origin: string;
    login: boolean;
    template: string;
    nonce: string;
    timeoutMs?: number;
    api: (call: { method: string; url: string; body?: unknown }) => Promise<{ status: number; body: string }>;
  }): Promise<
    | { kind: "redirect"; status: number; location: string }
    | { kind: "page"; status: number; rendered: "page" | "shell"; html: NodeJS.ReadableStream }
  >;
}

/** The longest a page's render may take before the layout alone is sent. */
const RENDER_TIMEOUT_MS = 5000;
/** The double-submit token of the in-process calls: they never leave this process. */
const IN_PROCESS_XSRF = "in-process";

export interface WebPages {
  /** Answers `request` with its page. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** The server render of the web app built in `webDist`, or null when it has none. */
export async function loadServerRender(webDist: string): Promise<ServerRender | null> {
  const entry = path.join(webDist, "ssr", "entry-server.js");
  try {
    return (await import(pathToFileURL(entry).href)) as ServerRender;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") return null;
    throw error;
  }
}

export function webPages(app: FastifyInstance, webDist: string, render: ServerRender | null): WebPages {
  const template = readFileSync(path.join(webDist, "index.html"), "utf8");

  return {
    async send(request, reply) {
      reply.header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding, Cookie");
      if (!render) return reply.sendFile("index.html");
      // React's own small scripts in the page (they put a part rendered later in its place) run by
      // this answer's nonce; every other inline script stays refused.
      const nonce = randomBytes(16).toString("base64");
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string")
        reply.header(
          "content-security-policy",
          policy.replace("script-src ", `script-src 'nonce-${nonce}' `),
        );
      const page = await render.renderPage({
        nonce,
        url: request.url,
        origin: `${request.protocol}://${request.host}`,
        login: request.cookies[LOGIN_HINT_COOKIE] === "1",
        template,
        timeoutMs: RENDER_TIMEOUT_MS,
        api: async ({ method, url, body }) => {
          const answer = await app.inject({
            method: method as "GET" | "POST",
            url,
            headers: {
              accept: "application/json",
              "content-type": "application/json",
              cookie: `${XSRF_COOKIE}=${IN_PROCESS_XSRF}`,
              [XSRF_HEADER.toLowerCase()]: IN_PROCESS_XSRF,
              // Its log lines are found beside the page's.
              "x-request-id": `${request.id}:page-data`,
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          return { status: answer.statusCode, body: answer.body };
        },
      });
      if (page.kind === "redirect") return reply.redirect(page.location, page.status);
      return reply.status(page.status).type("text/html; charset=utf-8").send(page.html);
    },
  };
}
