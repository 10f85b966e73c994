// The web app's index.html runs one small script inline, before the first paint (the saved
// theme and scroll restoration), so the paint waits for no request of its own. The
// Content-Security-Policy still refuses inline scripts in general and allows exactly these by
// their SHA-256 hashes, read from the built file when the server starts.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source expression (`'sha256-…'`) that allows exactly `body` inline. */
export const cspHash = (body: string): string =>
  `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

/** CSP source expressions (`'sha256-…'`) for every inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => cspHash(body ?? ""));
}

/** The hashes of the built index.html's inline scripts; none when the web app is not built. */
export function webAppScriptHashes(webDist: string): string[] {
  const index = path.join(webDist, "index.html");
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, "utf8")) : [];
}
