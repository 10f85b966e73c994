import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

describe("what crawlers and stray image paths get", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves a real robots.txt that keeps crawlers off the API and the pages behind a login and names the sitemap", async () => {
    const res = await t.request({
      method: "GET",
      url: "/robots.txt",
      headers: { host: "shop.example:3000" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/api/", "/cart", "/checkout", "/orders-history", "/admin"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Allow: /products");
    expect(lines).toContain("Sitemap: http://shop.example:3000/sitemap.xml");
    expect(res.body).not.toContain("<html");
  });

  it("lists every product on sale and the category pages in /sitemap.xml, and no product taken off sale", async () => {
    const [gone] = await t.database.db
      .updateTable("products")
      .set({ active: false })
      .where("skuCode", "=", (eb) => eb.selectFrom("products").select("skuCode").orderBy("skuCode").limit(1))
      .returning("skuCode")
      .execute();
    const onSale = await t.database.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("active", "=", true)
      .executeTakeFirstOrThrow();
    const res = await t.request({ method: "GET", url: "/sitemap.xml", headers: { host: "shop.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const products = locs.filter((l) => l.startsWith("http://shop.example/products/"));
    expect(products).toHaveLength(Number(onSale.n));
    expect(products).not.toContain(`http://shop.example/products/${gone!.skuCode}`);
    expect(locs).toContain("http://shop.example/products?category=Chips&amp;pageNumber=1");
    await t.database.db
      .updateTable("products")
      .set({ active: true })
      .where("skuCode", "=", gone!.skuCode)
      .execute();
  });

  it("answers a page visit under /images/ with the web app (which sends a visitor to the root), and a missing image with a 404 problem", async () => {
    const page = await t.request({
      method: "GET",
      url: "/images/anything",
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.headers["content-type"]).toContain("text/html");
    const image = await t.request({
      method: "GET",
      url: "/images/banners/summer.png",
      headers: { accept: "image/webp,*/*" },
    });
    expect(image.statusCode).toBe(404);
    expect(image.headers["content-type"]).toContain("application/problem+json");
  });
});
