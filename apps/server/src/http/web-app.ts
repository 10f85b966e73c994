// Serves the built React app on the same port as the API: hashed assets cached for a year
// (immutable), index.html and the other unhashed files revalidated on every use, each sent
// brotli- or gzip-compressed from the copies made at build time when the client takes them;
// every other GET that is not an API path is a page of the app (web-pages.ts: rendered on the
// server, the browser's router takes it from there). Under /images/ only a
// page visit (a request that takes HTML) gets the app, which sends a logged-out visitor to the
// root (docs/screens.md); an image that is not there is a 404 problem, and real image files are served
// by their own routes to anyone.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { problem, sendProblem } from "./problem-details";
import { loadServerRender, webPages, type PageKeeping } from "./web-pages";

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Trade Shop</title>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`;

export async function registerWebApp<Change>(
  app: FastifyInstance,
  webDist: string,
  pagesKept: PageKeeping<Change>,
) {
  const index = path.join(webDist, "index.html");
  const built = existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are listed once at start: restart the server after rebuilding the web app.
      wildcard: false,
      index: false,
      // The .br / .gz copies written by apps/web/scripts/precompress.mjs.
      preCompressed: true,
      // Our own Cache-Control below; send's default (max-age=0) would overwrite it.
      cacheControl: false,
      // The server's render is loaded by the server (web-pages.ts), never sent.
      allowedPath: (pathName) => !pathName.startsWith("/ssr/"),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        // One URL, several encodings: a shared cache must keep them apart.
        res.setHeader("Vary", "Accept-Encoding");
      },
    });
  } else {
    app.log.warn({ webDist }, "web app not built; serving a placeholder page");
  }

  const pages = built ? webPages(app, webDist, await loadServerRender(webDist), pagesKept) : null;

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const acceptsHtml = /\btext\/html\b/.test(request.headers.accept ?? "");
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !url.startsWith("/api/") &&
      (!url.startsWith("/images/") || acceptsHtml);
    if (!isPage) {
      return sendProblem(
        reply,
        problem("not_found", "Not Found", {
          detail: `No resource at ${request.method} ${url.split("?")[0]}.`,
        }),
      );
    }
    if (!pages) return reply.status(503).type("text/html").send(NOT_BUILT);
    return pages.send(request, reply);
  };
  // Not a wildcard route: the router would take it for an API path whose parameter is too long,
  // which must stay a 414. Pages compress their own answers (web-pages.ts).
  app.setNotFoundHandler(answer);
}
