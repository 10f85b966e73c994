import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let hash: string;

beforeAll(async () => {
  t = await createTestApp();
  const cover = await t.database.db
    .selectFrom("productImages")
    .select("contentHash")
    .where("isCover", "=", true)
    .orderBy("skuCode")
    .executeTakeFirstOrThrow();
  hash = cover.contentHash;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("GET /images/products/<hash>.<format>", () => {
  it.each([
    ["webp", "image/webp", 96],
    ["webp", "image/webp", 480],
    ["jpg", "image/jpeg", 240],
    ["png", "image/png", 800],
  ] as const)("renders .%s as %s %i px wide, cacheable for a year", async (format, type, width) => {
    const res = await get(`/images/products/${hash}.${format}?w=${width}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(type);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.etag).toBe(`"${hash}-${width}.${format}"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(width);
    expect(meta.format).toBe(format === "jpg" ? "jpeg" : format);
  });

  it("serves the same bytes again from the cache, and 304 to a browser that has them", async () => {
    const url = `/images/products/${hash}.webp?w=240`;
    const first = await get(url);
    const second = await get(url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await get(url, { "if-none-match": first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it("serves the largest size without ?w=", async () => {
    const res = await get(`/images/products/${hash}.webp`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
  });

  it("serves a drawn original as SVG that may run nothing", async () => {
    const res = await get(`/images/products/${hash}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.body).toMatch(/^<svg/);
  });

  it("refuses sizes the shop does not use with a 400 problem", async () => {
    for (const w of ["123", "0", "abc", "10000"]) {
      const res = await get(`/images/products/${hash}.webp?w=${w}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("answers unknown images and formats with 404 or 400", async () => {
    expect((await get(`/images/products/${"0".repeat(32)}.webp`)).statusCode).toBe(404);
    expect((await get(`/images/products/${hash}.gif`)).statusCode).toBe(400);
    expect((await get(`/images/products/..%2F..%2Fetc%2Fpasswd.webp`)).statusCode).toBe(400);
  });
});

describe("GET /images/brands/<slug>.svg", () => {
  it("draws each brand's logo from its name", async () => {
    const brand = await t.database.db
      .selectFrom("brands")
      .select(["name", "imageUrl"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const res = await get(brand.imageUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers.etag).toBeDefined();
    expect(res.body).toContain("<svg");
    const again = await get(brand.imageUrl!, { "if-none-match": res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it("answers an unknown brand with 404", async () => {
    expect((await get("/images/brands/no-such-brand.svg")).statusCode).toBe(404);
  });
});
