// The public pages as the server renders them (docs/decisions/0140): what "view source" shows of
// the product list and a product (names and prices as a visitor sees them, the head for search
// engines), the redirects and statuses, a login's pages framed rather than rendered with a
// visitor's prices, no inline script the CSP does not allow; then in Chromium: the
// page hydrates without asking again for what it shows (a mismatch is a console error, which the
// guard fails), and a browser without JavaScript can browse categories, search, page and open
// a product.
import { createHash } from "node:crypto";
import { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { toCents } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import { LOGIN_HINT_COOKIE } from "@trade-shop/contracts/http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectProblem } from "./support/page-errors";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();
const LIST = "/products?category=Chips&pageNumber=1";
/** "R1 234.56", as the pages show a price. */
const formatRand = (rand: number) => formatRandCents(toCents(rand));

/** The page as a browser without the app's code gets it. */
async function source(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { accept: "text/html", ...headers },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The visitor's search the list page shows, as the API answers it. */
function visitorSearch(query: string) {
  return callApi(baseUrl, "GET", `/api/Product/ProductSearch?${query}`, { answer: ProductSearchResult });
}

const stateOf = (html: string) => {
  const json = /<script type="application\/json" id="tradeshop-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { rendered: string; queries?: { queries: unknown[] } }) : null;
};

describe("view source", () => {
  it("shows the product list's products with a visitor's prices, its title, description and canonical address", async () => {
    const { status, html } = await source(LIST);
    expect(status).toBe(200);
    const search = await visitorSearch("category=Chips&pageNumber=1");
    expect(search.skuResults.length).toBe(24);
    for (const product of search.skuResults.slice(0, 24)) {
      const name = product.skuDescription.replace(/&/g, "&amp;");
      expect(html, product.skuCode).toContain(name);
      expect(html, product.skuCode).toContain(formatRand(product.listPriceIncl));
    }
    expect(html).toContain("<title>Chips | Trade Shop</title>");
    expect(html).toMatch(/<meta name="description" content="Chips: [^"]+" \/>/);
    expect(html).toContain(
      `<link rel="canonical" href="${baseUrl}/products?category=Chips&amp;pageNumber=1" />`,
    );
    expect(stateOf(html)).toMatchObject({ rendered: "page" });
    expect(stateOf(html)?.queries?.queries.length).toBe(1);
  });

  it("shows a product with its own head: title, description, canonical, Open Graph and JSON-LD Product", async () => {
    const [product] = (await visitorSearch("category=Beverages&pageNumber=1")).skuResults;
    if (!product) throw new Error("no beverages in the demo data");
    const path = `/products/${encodeURIComponent(product.skuCode)}`;
    const { status, html } = await source(path);
    expect(status).toBe(200);
    const name = product.skuDescription.replace(/&/g, "&amp;");
    expect(html).toContain(`<title>${name} | Trade Shop</title>`);
    expect(html).toContain(`<h1 class="`);
    expect(html).toContain(formatRand(product.listPriceIncl));
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}" />`);
    expect(html).toContain(`<meta property="og:type" content="product" />`);
    expect(html).toContain(`<meta property="og:title" content="${name} | Trade Shop" />`);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(ld ?? "null") as Record<string, unknown>;
    expect(data).toMatchObject({
      "@type": "Product",
      name: product.skuDescription,
      sku: product.skuCode,
      brand: { "@type": "Brand", name: product.skuBrand },
      offers: { priceCurrency: "ZAR", price: product.listPriceIncl.toFixed(2) },
    });
    if (product.extendedData?.primaryGTIN) expect(data.gtin).toBe(product.extendedData.primaryGTIN);
    if (product.imageUrl) expect(data.image).toBe(new URL(product.imageUrl, baseUrl).href);
  });

  it("answers the redirecting addresses with the redirect, and what is not there with 404", async () => {
    const home = await source("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/products?category=home");
    expect((await source("/featured")).headers.get("location")).toBe("/products?category=featured");
    expect((await source("/no/such/page/here")).headers.get("location")).toBe("/not-found");
    const lost = await source("/not-found");
    expect(lost.status).toBe(404);
    expect(lost.html).toContain("UH OH! You&#x27;re lost.");
    expect((await source("/products/NO-SUCH-SKU-1")).status).toBe(404);
    // A visitor is sent away from an image path (docs/screens.md), before any of the app runs.
    expect((await source("/images/anything")).headers.get("location")).toBe("/");
  });

  it("frames a login's page (layout and a loading page) rather than render it with a visitor's prices", async () => {
    const { status, html } = await source(LIST, { cookie: `${LOGIN_HINT_COOKIE}=1` });
    expect(status).toBe(200);
    expect(stateOf(html)).toEqual({ rendered: "shell" });
    expect(html).toContain('aria-label="Product categories"');
    expect(html).toContain("Loading…");
    const [first] = (await visitorSearch("category=Chips&pageNumber=1")).skuResults;
    expect(html).not.toContain(first?.skuDescription);
    // And a page behind a login, for anyone: the frame, never a 500.
    const cart = await source("/cart");
    expect(cart.status).toBe(200);
    expect(stateOf(cart.html)).toEqual({ rendered: "shell" });
  });

  it("runs only the inline scripts the Content-Security-Policy allows, by hash or by the answer's nonce", async () => {
    for (const path of [LIST, "/products/BEV1291", "/contact", "/cart"]) {
      const { headers, html } = await source(path);
      const policy = headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      const runnable = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/type="application\/(?:json|ld\+json)"/.test(attributes ?? ""),
      );
      expect(runnable.length, path).toBeGreaterThan(0);
      for (const [, attributes = "", body = ""] of runnable) {
        const hash = `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
        const allowed =
          scriptSrc.includes(hash) || (nonce !== undefined && attributes.includes(`nonce="${nonce}"`));
        expect(allowed, `${path}: ${body.slice(0, 60)}`).toBe(true);
      }
    }
  });
});

describe("in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("styles the shop, its toasts and the problem pages with no inline style element but the one allowed by hash", async () => {
    const page = await openPage(browser, PHONE);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    const policy = (await page.goto(`${baseUrl}/login`))?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/style-src 'self';/);
    expect(/style-src-elem ([^;]*)/.exec(policy)?.[1]).not.toContain("unsafe-inline");
    // A wrong password: the toast's own sheet (a file beside its code) places it.
    expectProblem(page, "bad_credentials", "/api/Users/Authenticate");
    await page.getByLabel("Username or e-mail address").fill("nobody-here");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const toaster = page.locator("[data-sonner-toaster]");
    await toaster.locator("[data-sonner-toast]").first().waitFor();
    expect(await toaster.first().evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    expect(await page.locator("style").count()).toBe(0);
    expect(await violations()).toEqual([]);

    await page.goto(`${baseUrl}/problems`);
    expect(await page.locator("body").evaluate((el) => getComputedStyle(el).maxWidth)).toBe("672px");
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it("hydrates the list without asking again for its products, and goes on as the app", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage(browser, viewport);
      const searches: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/Product/ProductSearch")) searches.push(request.url());
      });
      await page.goto(`${baseUrl}${LIST}`);
      await expect(page.getByRole("heading", { level: 1, name: "Chips" }).isVisible()).resolves.toBe(true);
      expect(searches).toEqual([]);
      // The app took over: the next page is the router's, asked for by the app.
      await page
        .getByRole("navigation", { name: "Product pages" })
        .getByRole("link", { name: "Next" })
        .click();
      await page.waitForURL(/pageNumber=2/);
      await expect.poll(() => searches.length).toBe(1);
      await page.context().close();
    }
  });

  it("hydrates a product page and a content page without asking again for what they show", async () => {
    const page = await openPage(browser, PHONE);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/")) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/products/BEV1291`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Cola");
    await page.goto(`${baseUrl}/contact`);
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" }).isVisible()).resolves.toBe(true);
    expect(asked).toEqual([]);
    await page.context().close();
  });

  it("lets a browser without JavaScript browse categories, search, page through results and open a product", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/products?category=home`);
    await page
      .getByRole("navigation", { name: "Product categories" })
      .getByRole("link", { name: "Chips", exact: true })
      .click();
    await page.waitForURL(/category=Chips/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Chips");

    await page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/pageNumber=2/);
    await expect(page.getByText(/^25–48 of \d+ products/).isVisible()).resolves.toBe(true);

    const box = page.getByRole("combobox", { name: "Search for products" });
    await box.fill("cola");
    await box.press("Enter");
    await page.waitForURL(/\/products\?searchText=cola/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("cola");

    const firstProduct = page
      .getByRole("article")
      .first()
      .getByRole("heading", { level: 3 })
      .getByRole("link");
    const name = (await firstProduct.textContent())?.trim();
    await firstProduct.click();
    await page.waitForURL(/\/products\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(name);
    await context.close();
  });
});
