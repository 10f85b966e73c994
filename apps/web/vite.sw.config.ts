// Builds the service worker (service-worker/sw.ts) into dist/sw.js after the app's own build,
// with the list of files to precache: the shell (index.html and what it loads), the app icon and
// manifest, and every page's code a buyer may open offline. Left to be cached on first use
// instead: the charts and the camera's barcode reader (large, and only some buyers open them)
// and the staff and admin pages. Hashed files need no revision (their name changes with them).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";
import type { PrecacheEntry } from "./src/lib/offline/offline-rules";

const dist = path.resolve(import.meta.dirname, "dist");

/** Not precached: loaded, and then cached, only by those who use them. */
const ON_FIRST_USE =
  /^assets\/(?:charts|open-gtin-reader|zxing_reader|camera-preview|read-spreadsheet|manage-images-page|hand-offs-page|users-page|user-(?:create|edit)-page|user-form|user-status|search-words-page)-/;
const SHELL = /^(?:index\.html|manifest\.webmanifest|icons\/icon-192\.png)$/;

export function precacheManifest(): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [];
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (file.startsWith("assets/")) {
      if (/\.(?:js|css|svg|woff2)$/.test(file) && !ON_FIRST_USE.test(file))
        entries.push({ url: `/${file}`, revision: null });
    } else if (SHELL.test(file)) {
      const revision = createHash("sha256")
        .update(readFileSync(path.join(dist, file)))
        .digest("hex")
        .slice(0, 16);
      entries.push({ url: `/${file}`, revision });
    }
  }
  if (!entries.some((e) => e.url === "/index.html"))
    throw new Error("Build the app (vite build) before its service worker");
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: path.resolve(import.meta.dirname, "src") + "/" }] },
  publicDir: false,
  define: {
    __PRECACHE_MANIFEST__: JSON.stringify(precacheManifest()),
    // Workbox leaves out its development checks and messages.
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    minify: true,
    lib: {
      entry: path.resolve(import.meta.dirname, "service-worker/sw.ts"),
      formats: ["iife"],
      name: "tradeShopServiceWorker",
      fileName: () => "sw.js",
    },
  },
});
