// After `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside
// every text file of dist/ over 1 KB but the server's render (dist/ssr/), so the server sends them as they are instead
// of compressing the same bytes on every request. Files that would not shrink get no copy.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
const THRESHOLD = 1024;

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  // The server's render (dist/ssr/) is the server's to load, never sent.
  if (path.relative(dist, file).split(path.sep)[0] === "ssr") continue;
  const raw = await readFile(file);
  if (raw.length < THRESHOLD) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
  files += 1;
  before += raw.length;
  afterBrotli += Math.min(br.length, raw.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`precompressed ${files} files: ${kb(before)} raw, ${kb(afterBrotli)} brotli`);
