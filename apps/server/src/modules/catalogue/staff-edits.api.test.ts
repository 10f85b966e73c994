import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let staff: string;
let admin: string;
let trader: string;

beforeAll(async () => {
  t = await createTestApp();
  [staff, admin, trader] = [await t.login("staff"), await t.login("admin"), await t.login("trader")];
});
afterAll(() => t.close());

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

async function pictureBytes(format: "png" | "jpeg", colour = "#c0392b", size = 64): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: colour } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** Products without any image, fresh for each test that changes one. */
let nextWithoutImage = 0;
async function productWithoutImages(): Promise<string> {
  const { rows } = await sql<{ skuCode: string }>`
    SELECT p.sku_code FROM products p WHERE p.active
       AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.sku_code = p.sku_code)
     ORDER BY p.sku_code OFFSET ${nextWithoutImage++} LIMIT 1`.execute(t.database.db);
  return rows[0]!.skuCode;
}

const post = (url: string, body: unknown, token?: string) =>
  t.request({ method: "POST", url, body, ...(token ? { token } : {}) });
const upload = (skuCode: string, src: string[], token = staff) =>
  post("/api/Product/UploadProductImages", { skuCode, src }, token);
const images = async (skuCode: string) =>
  (await t.request({ method: "GET", url: `/api/Product/GetProductImages/${skuCode}` })).json() as {
    images: { url: string; isCover: boolean; width: number; height: number }[];
  };

describe("staff-only product endpoints", () => {
  it.each([
    ["/api/Product/UploadProductImages", { skuCode: "X", src: ["data:image/png;base64,AAAA"] }],
    ["/api/Product/AssignCoverImage", { skuCode: "X", src: ["/images/products/a.webp"], mainImageIndex: 0 }],
    ["/api/Product/UpdateDescription", { skuCode: "X", updatedDescription: "New" }],
  ])("%s refuses a visitor (401) and a customer (403)", async (url, body) => {
    expect((await post(url, body)).statusCode).toBe(401);
    const asCustomer = await post(url, body, trader);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.headers["content-type"]).toContain("application/problem+json");
  });

  it("GET /api/Product/WithoutImages refuses a visitor and a customer", async () => {
    expect((await t.request({ method: "GET", url: "/api/Product/WithoutImages" })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/api/Product/WithoutImages", token: trader })).statusCode,
    ).toBe(403);
  });
});

describe("GET /api/Product/WithoutImages", () => {
  it("narrows the list to products whose code or description holds the search text, in any case", async () => {
    const sku = await productWithoutImages();
    const byCode = await t.request({
      method: "GET",
      url: `/api/Product/WithoutImages?${new URLSearchParams({ search: sku.toLowerCase() })}`,
      token: staff,
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().skuResults.map((p: { skuCode: string }) => p.skuCode)).toContain(sku);
    expect(
      byCode
        .json()
        .skuResults.every((p: { skuCode: string }) => p.skuCode.toLowerCase().includes(sku.toLowerCase())),
    ).toBe(true);
    const { description } = await t.database.db
      .selectFrom("products")
      .select("description")
      .where("skuCode", "=", sku)
      .executeTakeFirstOrThrow();
    const word = description.split(" ").at(-1)!.toUpperCase();
    const byWord = (
      await t.request({
        method: "GET",
        url: `/api/Product/WithoutImages?${new URLSearchParams({ search: word, resultsPerPage: "48" })}`,
        token: staff,
      })
    ).json();
    expect(byWord.total).toBeGreaterThan(0);
    expect(
      byWord.skuResults.every((p: { skuCode: string; skuDescription: string }) =>
        `${p.skuCode} ${p.skuDescription}`.toUpperCase().includes(word),
      ),
    ).toBe(true);
    const none = await t.request({
      method: "GET",
      url: "/api/Product/WithoutImages?search=no%25such_thing",
      token: staff,
    });
    expect(none.json().total).toBe(0);
  });

  it("lists the products that have no image, page by page", async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM products p WHERE p.active
         AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.sku_code = p.sku_code)`.execute(
      t.database.db,
    );
    const res = await t.request({
      method: "GET",
      url: "/api/Product/WithoutImages?resultsPerPage=12&pageNumber=1",
      token: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(rows[0]!.n);
    expect(body.total).toBeGreaterThan(0);
    expect(body.pages).toBe(Math.ceil(body.total / 12));
    expect(body.skuResults.length).toBe(Math.min(12, body.total));
    expect(body.skuResults.every((p: { imageUrl: string | null }) => p.imageUrl === null)).toBe(true);
    const beyond = await t.request({
      method: "GET",
      url: "/api/Product/WithoutImages?pageNumber=999",
      token: staff,
    });
    expect(beyond.json().currentPage).toBe(beyond.json().pages);
    expect(
      (await t.request({ method: "GET", url: "/api/Product/WithoutImages?pageNumber=0", token: staff }))
        .statusCode,
    ).toBe(400);
  });
});

describe("POST /api/Product/UploadProductImages", () => {
  it("stores images by what they are, not what they claim, and makes the first the cover", async () => {
    const skuCode = await productWithoutImages();
    const png = await pictureBytes("png");
    const jpeg = await pictureBytes("jpeg", "#2980b9");
    // A PNG sent as image/jpeg is still a PNG: fine.
    const res = await upload(skuCode, [dataUrl("image/jpeg", png), dataUrl("image/jpeg", jpeg)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Files uploaded successfully" });

    const stored = await t.database.db
      .selectFrom("productImages")
      .select(["mimeType", "isCover", "position", "createdBy"])
      .where("skuCode", "=", skuCode)
      .orderBy("position")
      .execute();
    expect(stored).toEqual([
      { mimeType: "image/png", isCover: true, position: 0, createdBy: "staff" },
      { mimeType: "image/jpeg", isCover: false, position: 1, createdBy: "staff" },
    ]);
    const gallery = await images(skuCode);
    expect(gallery.images).toHaveLength(2);
    expect(gallery.images[0]).toMatchObject({ isCover: true, width: 64, height: 64 });
    const product = (await post("/api/Product/GetProductBySkuCode", { skuCode })).json();
    expect(product.imageUrl).toBe(gallery.images[0]!.url);
    // It has left the work list.
    const work = await t.request({
      method: "GET",
      url: "/api/Product/WithoutImages?resultsPerPage=48",
      token: staff,
    });
    expect(work.json().skuResults.map((p: { skuCode: string }) => p.skuCode)).not.toContain(skuCode);
  });

  it("strips metadata by re-encoding", async () => {
    const skuCode = await productWithoutImages();
    const withExif = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#16a085" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Camera Co", Artist: "Someone" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect((await upload(skuCode, [dataUrl("image/jpeg", withExif)])).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("productImages")
      .select("data")
      .where("skuCode", "=", skuCode)
      .executeTakeFirstOrThrow();
    expect((await sharp(row.data!).metadata()).exif).toBeUndefined();
  });

  it("lets an admin upload too", async () => {
    const skuCode = await productWithoutImages();
    expect((await upload(skuCode, [dataUrl("image/png", await pictureBytes("png"))], admin)).statusCode).toBe(
      200,
    );
  });

  it("rasterises a harmless SVG to PNG", async () => {
    const skuCode = await productWithoutImages();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#f1c40f"/></svg>',
    );
    const res = await upload(skuCode, [dataUrl("image/png", svg)]);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.db
      .selectFrom("productImages")
      .select("mimeType")
      .where("skuCode", "=", skuCode)
      .executeTakeFirstOrThrow();
    expect(row.mimeType).toBe("image/png");
  });

  it.each([
    ["a text file named as a PNG", () => Buffer.from("just some text, not an image at all")],
    [
      "an SVG with a script",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      "an SVG with an event handler",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
    ],
    [
      "an SVG with an external reference",
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
        ),
    ],
    [
      "a damaged PNG",
      () =>
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
    ],
    [
      "an image over 5 MB",
      () =>
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(5 * 1024 * 1024),
        ]),
    ],
  ])("refuses %s with a 400 problem naming the file, and stores nothing", async (_name, bytes) => {
    const skuCode = await productWithoutImages();
    const good = dataUrl("image/png", await pictureBytes("png"));
    const res = await upload(skuCode, [good, dataUrl("image/png", bytes())]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const problem = res.json();
    expect(Object.keys(problem.errors)).toEqual(["src.1"]);
    expect(problem.errors["src.1"][0]).toMatch(/^File 2 /);
    const stored = await t.database.db
      .selectFrom("productImages")
      .select("id")
      .where("skuCode", "=", skuCode)
      .execute();
    expect(stored).toEqual([]);
  });

  it("refuses a file claimed as a type the shop does not take", async () => {
    const skuCode = await productWithoutImages();
    const res = await upload(skuCode, [dataUrl("text/html", Buffer.from("<p>hi</p>"))]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["src.0"]);
  });

  it("answers an unknown product with a 404 problem", async () => {
    const res = await upload("NOPE-00000", [dataUrl("image/png", await pictureBytes("png"))]);
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/Product/AssignCoverImage", () => {
  it("makes the chosen image the cover", async () => {
    const skuCode = await productWithoutImages();
    await upload(skuCode, [
      dataUrl("image/png", await pictureBytes("png", "#8e44ad")),
      dataUrl("image/png", await pictureBytes("png", "#27ae60")),
    ]);
    const before = await images(skuCode);
    const src = before.images.map((i) => `${i.url}?w=240`);
    const res = await post("/api/Product/AssignCoverImage", { skuCode, src, mainImageIndex: 1 }, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Cover Image set successfully" });
    const after = await images(skuCode);
    expect(after.images[0]).toMatchObject({ url: before.images[1]!.url, isCover: true });
    expect(after.images.filter((i) => i.isCover)).toHaveLength(1);
    const product = (await post("/api/Product/GetProductBySkuCode", { skuCode })).json();
    expect(product.imageUrl).toBe(before.images[1]!.url);
  });

  it("refuses an image that is not the product's", async () => {
    const { rows } = await sql<{ skuCode: string; other: string }>`
      SELECT a.sku_code, b.content_hash AS other FROM product_images a JOIN product_images b ON b.sku_code <> a.sku_code
       ORDER BY a.sku_code, b.sku_code LIMIT 1`.execute(t.database.db);
    const { skuCode, other } = rows[0]!;
    const res = await post(
      "/api/Product/AssignCoverImage",
      { skuCode, src: [`/images/products/${other}.webp`], mainImageIndex: 0 },
      staff,
    );
    expect(res.statusCode).toBe(404);
    const notAnImage = await post(
      "/api/Product/AssignCoverImage",
      { skuCode, src: ["https://example.com/x.png"], mainImageIndex: 0 },
      staff,
    );
    expect(notAnImage.statusCode).toBe(400);
    const outOfRange = await post(
      "/api/Product/AssignCoverImage",
      { skuCode, src: ["/images/products/a.webp"], mainImageIndex: 3 },
      staff,
    );
    expect(outOfRange.statusCode).toBe(400);
  });
});

describe("POST /api/Product/UpdateDescription", () => {
  it("stores markup as plain text and returns the product with it", async () => {
    const { rows } = await sql<{
      skuCode: string;
    }>`SELECT sku_code FROM products WHERE active ORDER BY sku_code OFFSET 7 LIMIT 1`.execute(t.database.db);
    const skuCode = rows[0]!.skuCode;
    const text = `<script>alert("x")</script> Zesty Wobblegum <b>Extra</b> & more`;
    const res = await post(
      "/api/Product/UpdateDescription",
      { skuCode, updatedDescription: `  ${text}  ` },
      staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ skuCode, skuDescription: text });
    const again = (await post("/api/Product/GetProductBySkuCode", { skuCode })).json();
    expect(again.skuDescription).toBe(text);
    // The new words are searchable at once, typos included.
    const found = (await post("/api/Product/ProductSearch", { descriptionFilter: "wobblegum" })).json();
    expect(found.skuResults.map((p: { skuCode: string }) => p.skuCode)).toEqual([skuCode]);
    const typo = (await post("/api/Product/ProductSearch", { descriptionFilter: "woblegum" })).json();
    expect(typo.skuResults.map((p: { skuCode: string }) => p.skuCode)).toEqual([skuCode]);
  });

  it("forgets the old words' vocabulary once no product uses them", async () => {
    const { rows } = await sql<{
      skuCode: string;
    }>`SELECT sku_code FROM products WHERE active ORDER BY sku_code OFFSET 8 LIMIT 1`.execute(t.database.db);
    const skuCode = rows[0]!.skuCode;
    await post(
      "/api/Product/UpdateDescription",
      { skuCode, updatedDescription: "Quokkaberry Crunch" },
      staff,
    );
    const term = () =>
      t.database.db
        .selectFrom("searchTerms")
        .select("documents")
        .where("term", "=", "quokkaberry")
        .executeTakeFirst();
    expect(await term()).toEqual({ documents: 1 });
    await post("/api/Product/UpdateDescription", { skuCode, updatedDescription: "Plain Crunch" }, staff);
    expect(await term()).toBeUndefined();
  });

  it("refuses an empty description and an unknown product", async () => {
    expect(
      (
        await post(
          "/api/Product/UpdateDescription",
          { skuCode: "NOPE-00000", updatedDescription: "x" },
          staff,
        )
      ).statusCode,
    ).toBe(404);
    const empty = await post(
      "/api/Product/UpdateDescription",
      { skuCode: "NOPE-00000", updatedDescription: "   " },
      staff,
    );
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toContain("updatedDescription");
  });
});
