// The catalogue is shared by every tenant's shop (decision 144): a change made by staff working
// in one tenant shows in the other, and every change is kept with who made it, where and when.
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogueChanges } from "@trade-shop/contracts/catalogue";
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

async function productWithoutImages(offset: number): Promise<string> {
  const { rows } = await sql<{ skuCode: string }>`
    SELECT p.sku_code FROM products p WHERE p.active
       AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.sku_code = p.sku_code)
     ORDER BY p.sku_code DESC OFFSET ${offset} LIMIT 1`.execute(t.database.db);
  return rows[0]!.skuCode;
}

async function picture(colour: string): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

async function changes(query: Record<string, string>, token = staff) {
  const res = await t.request({
    method: "GET",
    url: `/api/Product/CatalogueChanges?${new URLSearchParams(query)}`,
    token,
  });
  expect(res.statusCode).toBe(200);
  return CatalogueChanges.parse(res.json()).changes;
}

describe("the catalogue's change record", () => {
  it("keeps a description change with who made it, the tenant, and the text before and after; the other tenant sees the new text", async () => {
    const skuCode = await productWithoutImages(0);
    const before = (
      await t.request({ method: "POST", url: "/api/Product/GetProductBySkuCode", body: { skuCode } })
    ).json().skuDescription as string;
    const res = await t.request({
      method: "POST",
      url: "/api/Product/UpdateDescription",
      body: { skuCode, updatedDescription: "Mango juice 1 l, record test" },
      token: staff,
      tenantId: "coastal",
    });
    expect(res.statusCode).toBe(200);

    const [change] = await changes({ skuCode });
    expect(change).toMatchObject({
      username: "staff",
      name: "Pieter van der Merwe",
      tenantId: "coastal",
      kind: "description_changed",
      skuCode,
      summary: "Changed the description",
      before,
      after: "Mango juice 1 l, record test",
    });
    expect(Date.now() - Date.parse(change!.changedAt)).toBeLessThan(60_000);
    // Shared by design: the gauteng shop shows what was typed in coastal.
    const inGauteng = await t.request({
      method: "POST",
      url: "/api/Product/GetProductBySkuCode",
      body: { skuCode },
      token: trader,
      tenantId: "gauteng",
    });
    expect(inGauteng.json().skuDescription).toBe("Mango juice 1 l, record test");

    // Saving the same text again changes nothing and keeps no record.
    await t.request({
      method: "POST",
      url: "/api/Product/UpdateDescription",
      body: { skuCode, updatedDescription: "Mango juice 1 l, record test" },
      token: staff,
    });
    expect(await changes({ skuCode })).toHaveLength(1);
  });

  it("keeps pictures added (not the same picture twice) and a new cover", async () => {
    const skuCode = await productWithoutImages(1);
    const [red, blue] = [await picture("#c0392b"), await picture("#2040c0")];
    const upload = (src: string[]) =>
      t.request({
        method: "POST",
        url: "/api/Product/UploadProductImages",
        body: { skuCode, src },
        token: admin,
        tenantId: "gauteng",
      });
    expect((await upload([red, blue])).statusCode).toBe(200);
    expect((await upload([red])).statusCode).toBe(200);
    expect((await changes({ skuCode })).map((c) => [c.kind, c.summary, c.username])).toEqual([
      ["images_added", "Added 2 pictures", "admin"],
    ]);

    const shown = (
      await t.request({ method: "GET", url: `/api/Product/GetProductImages/${skuCode}` })
    ).json() as { images: { url: string }[] };
    const src = shown.images.map((image) => image.url);
    const cover = (mainImageIndex: number) =>
      t.request({
        method: "POST",
        url: "/api/Product/AssignCoverImage",
        body: { skuCode, src, mainImageIndex },
        token: staff,
        tenantId: "gauteng",
      });
    expect((await cover(1)).statusCode).toBe(200);
    // The cover it already is: nothing changed.
    expect((await cover(1)).statusCode).toBe(200);
    expect((await changes({ skuCode })).map((c) => c.summary)).toEqual([
      "Chose picture 2 as the cover",
      "Added 2 pictures",
    ]);
    expect((await changes({ skuCode, kind: "cover_chosen" })).map((c) => c.kind)).toEqual(["cover_chosen"]);
  });

  it("keeps a change to the search words with the groups before and after", async () => {
    const current = (
      await t.request({ method: "GET", url: "/api/Product/Synonyms", token: staff })
    ).json() as { groups: { terms: string[] }[] };
    const groups = [...current.groups, { terms: ["bakkie", "pickup truck"] }];
    const res = await t.request({
      method: "PUT",
      url: "/api/Product/Synonyms",
      body: { groups },
      token: staff,
      tenantId: "gauteng",
    });
    expect(res.statusCode).toBe(200);
    const [change] = await changes({ kind: "search_words_changed" });
    expect(change).toMatchObject({
      skuCode: null,
      tenantId: "gauteng",
      summary: "Changed the search words: 1 group added",
    });
    expect(change!.after!.split("\n").at(-1)).toBe("bakkie, pickup truck");
    expect(change!.before!.split("\n")).toHaveLength(current.groups.length);
    // Put back as it was, for the other tests of this file.
    await t.request({ method: "PUT", url: "/api/Product/Synonyms", body: current, token: staff });
    expect((await changes({ kind: "search_words_changed" }))[0]!.summary).toBe(
      "Changed the search words: 1 removed",
    );
  });

  it("is for staff and admins only", async () => {
    const url = "/api/Product/CatalogueChanges";
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url, token: trader })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url, token: admin })).statusCode).toBe(200);
  });
});
