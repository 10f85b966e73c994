// What search engines are told: a real /robots.txt, not the app's HTML, that keeps
// crawlers to the public catalogue and off the API and the pages behind a login, and a
// /sitemap.xml of the public catalogue (the category pages and every product on sale).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HEADER_CATEGORIES } from "@trade-shop/contracts/catalogue";
import type { AppDeps } from "../../app-deps";

/** Pages a crawler has no business in: the API, and everything behind a login. */
const PRIVATE_PATHS = [
  "/api/",
  "/images/",
  "/cart",
  "/quick-order",
  "/order-lists",
  "/checkout",
  "/wish-list",
  "/orders-history",
  "/account-dashboard",
  "/addresses",
  "/admin",
  "/manage",
  "/hand-offs",
  "/payment-proofs",
  "/payments",
  "/applications",
  "/apply/status",
  "/rep-accounts",
  "/login",
  "/auth",
];

/** Where the shop is reached from, as the request says (behind a trusted proxy, its headers). */
function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function robotsTxt(shopOrigin: string): string {
  return [
    "User-agent: *",
    "Allow: /products",
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${shopOrigin}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export function sitemapXml(shopOrigin: string, skuCodes: readonly string[]): string {
  const urls = [
    // The category strip's own links (web app/layout/category-links).
    ...HEADER_CATEGORIES.map(
      ({ category }) => `/products?${new URLSearchParams({ category, pageNumber: "1" })}`,
    ),
    ...skuCodes.map((sku) => `/products/${encodeURIComponent(sku)}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(shopOrigin + url)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

export function crawlerRoutes(app: FastifyInstance, { database: { db } }: AppDeps) {
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8");
    return robotsTxt(origin(request));
  });
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const rows = await db
      .selectFrom("products")
      .select("skuCode")
      .where("active", "=", true)
      .orderBy("skuCode")
      .execute();
    reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8");
    return sitemapXml(
      origin(request),
      rows.map((r) => r.skuCode),
    );
  });
}
