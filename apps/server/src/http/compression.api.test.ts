// Answers travel compressed and the web app's files are cached as their names allow.
// JSON over 1 KB is brotli- or gzip-compressed as the client asks and decompresses to the same
// answer; small answers, images and clients that take no encoding get it plain. The built
// files are sent from their precompressed copies, hashed ones cached for a year, index.html
// revalidated, and every one of them says it varies by Accept-Encoding.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { COMPRESS_THRESHOLD_BYTES } from "./compression";

const SEARCH = { pageNumber: 1, resultsPerPage: 24, categoryFilter: "Chips" };
// A made-up built app: a hashed script with its two precompressed copies, and index.html.
const SCRIPT = `console.log(${JSON.stringify("trade shop ".repeat(400))});\n`;
const INDEX = `<!doctype html><title>Trade Shop</title>${"<!-- padding -->".repeat(100)}`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "tradeshop-dist-"));
  await mkdir(path.join(webDist, "assets"));
  const script = path.join(webDist, "assets", "index-AbC123xy.js");
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(webDist, "index.html"), INDEX);
  await writeFile(path.join(webDist, "index.html.br"), brotliCompressSync(INDEX));
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const search = (acceptEncoding?: string) =>
  t.request({
    method: "POST",
    url: "/api/Product/ProductSearch",
    body: SEARCH,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

describe("API answers", () => {
  it("compresses a search answer with brotli or gzip as asked, to the same JSON", async () => {
    const plain = await search();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const answer = plain.json();

    const br = await search("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const brBody = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(brBody.toString("utf8"))).toEqual(answer);
    // A 24-product page shrinks to well under a quarter.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gz = await search("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8"))).toEqual(answer);
  });

  it("leaves small answers and images as they are", async () => {
    const health = await t.request({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "br" },
    });
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers["content-encoding"]).toBeUndefined();

    const { imageUrl } = (await search())
      .json()
      .skuResults.find((p: { imageUrl: string | null }) => p.imageUrl);
    const image = await t.request({
      method: "GET",
      url: imageUrl,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toMatch(/^image\//);
    expect(image.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the web app's files", () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.request({
      method: "GET",
      url,
      headers: { accept: "text/html,*/*", ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    });

  it("sends a hashed script from its brotli or gzip copy, cached for a year", async () => {
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await get("/assets/index-AbC123xy.js", encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString("utf8")).toBe(SCRIPT);
    }
    const plain = await get("/assets/index-AbC123xy.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends index.html for an app route, compressed, and never cached unchecked", async () => {
    const res = await get("/products?category=home", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(INDEX);
  });
});
