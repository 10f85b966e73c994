// Answers travel compressed: a trade customer on prepaid mobile data pays for every
// byte. Text answers over 1 KB (JSON, problem details, HTML, the OpenAPI document, SVG) are
// compressed on the fly with brotli or gzip, whichever the client prefers. The web app's built
// files are compressed once at build time (apps/web/scripts/precompress.mjs) and served as they
// are; an answer that already has a Content-Encoding is left alone. Images (WebP, JPEG) are
// compressed already and never pass through here; the real-time stream writes to the socket
// itself, so nothing holds its events back.
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this many bytes compression saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE =
  /^(?:application\/(?:json|problem\+json|xml|javascript|manifest\+json|wasm)|text\/(?:html|css|plain|xml|csv|javascript)|image\/svg\+xml)\b/;

export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE,
    // Quality 4 shrinks JSON about as much as gzip's default at a small share of quality 11's
    // CPU; the built files get quality 11 once, at build time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
