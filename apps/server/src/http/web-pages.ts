// The shop's pages (docs/decisions/0140): every GET that is not the API, an image or a built file
// is a page of the web app, rendered by the web app's own server render (apps/web/src/entry-server,
// built into WEB_DIST/ssr/). A visitor's public page comes with its products in the HTML, asked of
// this same app's API in process (app.inject: the same handlers, checks and answers the browser
// gets, no network); a page behind a login, and any page of a browser that holds one, comes as
// the layout around a loading page, which the browser fills. Redirecting addresses (/, /featured,
// an unknown path) are answered with the redirect. Without a server render (an older build) the
// built index.html is sent and the browser renders everything.
//
// A rendered page holds nothing of the person asking (a login's own data is the browser's to
// ask for), so pages are kept beside the catalogue's kept search answers and dropped with them
// when what they show changes (app.ts hands them over, see PageKeeping): a page many visitors
// open is rendered once, and compressed once.
import { randomBytes } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LOGIN_HINT_COOKIE, XSRF_COOKIE, XSRF_HEADER } from "@trade-shop/contracts/http";
import { COMPRESS_THRESHOLD_BYTES } from "./compression";

type RenderedPage =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "page"; status: number; rendered: "page" | "shell"; html: string };

/** A kept page with no inline script of React's (no nonce in it): compressed once, sent as it is. */
interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

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
  }): Promise<RenderedPage>;
}

/** The longest a page's render may take before the layout alone is sent. */
const RENDER_TIMEOUT_MS = 5000;
/** The double-submit token of the in-process calls: they never leave this process. */
const IN_PROCESS_XSRF = "in-process";

/**
 * Where pages are kept and what drops them: app.ts hands over the catalogue's kept answers
 * (modules/catalogue) and every kind of change the catalogue hears of, as a page shows names,
 * prices, deals, stock and pictures. Declared here, so http/ imports no module.
 */
export interface PageKeeping<Change> {
  kept: {
    answer<V>(key: string, dependsOn: ReadonlySet<Change>, compute: () => Promise<V>): Promise<V>;
  };
  dependsOn: ReadonlySet<Change>;
}

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

export function webPages<Change>(
  app: FastifyInstance,
  webDist: string,
  render: ServerRender | null,
  { kept, dependsOn }: PageKeeping<Change>,
): WebPages {
  const template = readFileSync(path.join(webDist, "index.html"), "utf8");
  /**
   * Stands for the nonce in a kept page; each answer puts its own in its place. Random per
   * process, so no text of a product can spell it.
   */
  const noncePlaceholder = `nonce-${randomBytes(12).toString("hex")}`;
  /** The compressed copies of kept pages, by the kept page itself (they go when it goes). */
  const compressed = new WeakMap<object, Partial<Compressed>>();
  /**
   * Sends `html` as the client takes it. Pages are answered by the not-found handler, which
   * @fastify/compress does not reach, so they are compressed here: a kept page (`keep`) once.
   */
  const sendCompressed = (
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    keep: object | null,
  ) => {
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (!encoding || html.length < COMPRESS_THRESHOLD_BYTES) return reply.send(html);
    const copies = (keep && compressed.get(keep)) || {};
    if (keep) compressed.set(keep, copies);
    copies[encoding] ??=
      encoding === "br"
        ? brotliCompressSync(html, {
            params: {
              // As every answer is compressed (compression.ts): a kept page may be asked for once only.
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
            },
          })
        : gzipSync(html, { level: 6 });
    return reply.header("Content-Encoding", encoding).send(copies[encoding]);
  };

  const renderPage = (url: string, origin: string, login: boolean, requestId: string) =>
    render!.renderPage({
      url,
      origin,
      login,
      template,
      nonce: noncePlaceholder,
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
            "x-request-id": `${requestId}:page-data`,
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        return { status: answer.statusCode, body: answer.body };
      },
    });

  return {
    async send(request, reply) {
      reply.header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding, Cookie");
      if (!render) return reply.sendFile("index.html");
      const origin = `${request.protocol}://${request.host}`;
      const login = request.cookies[LOGIN_HINT_COOKIE] === "1";
      const page = await kept.answer(
        `page\n${login ? "shell" : "page"}\n${origin}\n${request.url}`,
        dependsOn,
        () => renderPage(request.url, origin, login, request.id),
      );
      if (page.kind === "redirect") return reply.redirect(page.location, page.status);
      reply.status(page.status).type("text/html; charset=utf-8");
      if (page.html.includes(noncePlaceholder)) {
        // React's own small scripts in the page (they put a part rendered later in its place) run
        // by this answer's nonce; every other inline script stays refused.
        const nonce = randomBytes(16).toString("base64");
        const policy = reply.getHeader("content-security-policy");
        if (typeof policy === "string")
          reply.header(
            "content-security-policy",
            policy.replace("script-src ", `script-src 'nonce-${nonce}' `),
          );
        return sendCompressed(request, reply, page.html.replaceAll(noncePlaceholder, nonce), null);
      }
      // The same bytes for everyone: compressed once, as the built files are.
      return sendCompressed(request, reply, page.html, page);
    },
  };
}
