// The shop with no signal. The service worker takes over on the first visit; with the
// network cut, the shop still opens and shows the products, product pages and order history seen
// before, dated "prices as of"; cart changes made offline wait on the phone and reach the server
// exactly once when the signal returns, even with two tabs open; an order is refused offline;
// and a newly deployed version is offered with a prompt to reload.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Cart } from "@trade-shop/contracts/cart";
import { startOwnShop } from "./support/shop";
import { callApi } from "./support/api";
import { PHONE } from "./support/browser";
import { browserFile } from "./support/browser-file";
import { expectOffline } from "./support/page-errors";
import { controlledByServiceWorker } from "./support/service-worker";
import { DEMO_PASSWORD, newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();
const OFFLINE_NOTICE = /^Offline — prices as of \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/;

/** A product card's SKU, from its link (/products/{sku}). */
async function skuOf(card: Locator): Promise<string> {
  const href = (await card.getByRole("heading").getByRole("link").getAttribute("href")) ?? "";
  return decodeURIComponent(href.split("/").pop() ?? "");
}

/**
 * Cards with Add to cart, liquor aside: while the account's details load a liquor card keeps its
 * Add to cart, and these accounts, without a licence, then lose it.
 */
const buyableCards = (page: Page) =>
  page
    .locator("article")
    .filter({ has: page.getByRole("button", { name: "Add to cart", exact: true }) })
    .filter({ hasNot: page.getByRole("list", { name: "Product flags" }).getByText("Liquor") });

const cartOf = (token: string) => callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });

const ordersOf = (token: string) => callApi(baseUrl, "GET", "/api/Order", { token });

async function goOffline(context: BrowserContext, ...pages: Page[]): Promise<void> {
  for (const page of pages) expectOffline(page);
  await context.setOffline(true);
}

/** Polls on a slow machine: the page's own waits sit inside each try. */
const SLOW = { timeout: 20_000 };

describe("the service worker", () => {
  it("is served unhashed and never cached, and takes over the first visit", async () => {
    const res = await fetch(`${baseUrl}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const page = await openPage(PHONE);
    await page.goto(`${baseUrl}/products?category=home`);
    await controlledByServiceWorker(page);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((n) => n.includes("precache"));
      const keys = precache ? await (await caches.open(precache)).keys() : [];
      return keys.map((k) => new URL(k.url).pathname);
    });
    expect(cached).toContain("/index.html");
    expect(cached.some((p) => /^\/assets\/cart-page-.*\.js$/.test(p))).toBe(true);
    // The charts are left to first use.
    expect(cached.some((p) => p.includes("charts-"))).toBe(false);
    await page.context().close();
  });
});

/** Everything this browser keeps of a login: local storage, and the copies of API answers. */
async function keptInBrowser(
  page: Page,
): Promise<{ storage: Record<string, string>; copies: string[]; keys: string[] }> {
  return page.evaluate(async () => {
    const storage = Object.fromEntries(Object.entries(localStorage));
    const copies: string[] = [];
    const keys: string[] = [];
    if (await caches.has("api-reads")) {
      const cache = await caches.open("api-reads");
      for (const key of await cache.keys()) {
        keys.push(key.url);
        copies.push((await (await cache.match(key))?.text()) ?? "");
      }
    }
    return { storage, copies, keys };
  });
}

describe("a phone shared by two people", () => {
  it("keeps nothing of a login that ran out for the next one: no token, no copies of its answers", async () => {
    const token = await newCustomerLogin(baseUrl, "CUS0036", { tenant: "coastal" });
    const page = await openPage(PHONE);
    await openWithToken(page, baseUrl, token, "/account-dashboard");
    await controlledByServiceWorker(page);
    await page.reload();
    await page.getByText("CUS0036").first().waitFor(SLOW);
    await page.goto(`${baseUrl}/orders-history`);
    await page.getByRole("heading", { level: 1, name: /order/i }).waitFor();
    // The service worker keeps its copies for this login: the account's details among them.
    await expect
      .poll(async () => (await keptInBrowser(page)).copies.some((copy) => copy.includes("CUS0036")), SLOW)
      .toBe(true);
    const keptForTheLogin = (await keptInBrowser(page)).keys;

    // The shop is closed and opened again after the token ran out (the server's lifetime is 8 hours).
    await page.goto("about:blank");
    await page.clock.install({ time: Date.now() + 9 * 3600_000 });
    await page.goto(`${baseUrl}/featured`);
    await page.getByRole("link", { name: "Login" }).first().waitFor();
    // Gone, every copy kept for that login (the visitor's page may keep copies of its own reads).
    await expect
      .poll(async () => (await keptInBrowser(page)).keys.filter((key) => keptForTheLogin.includes(key)), SLOW)
      .toEqual([]);
    const afterExpiry = await keptInBrowser(page);
    expect(afterExpiry.copies.filter((copy) => copy.includes("CUS0036"))).toEqual([]);
    expect(Object.keys(afterExpiry.storage)).not.toContain("tradeshop.session");

    // Someone else logs in on the same phone, with the phone's clock right again.
    await page.clock.setSystemTime(Date.now());
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Username or e-mail address").fill("trader");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("tradeshop.session")), SLOW)
      .not.toBeNull();
    await page.goto(`${baseUrl}/account-dashboard`);
    await page.getByText("CUS0001").first().waitFor(SLOW);
    await expect.poll(async () => (await keptInBrowser(page)).copies.length, SLOW).toBeGreaterThan(0);
    const kept = await keptInBrowser(page);
    const everything = [...Object.values(kept.storage), ...kept.copies].join("\n");
    expect(everything).not.toContain("CUS0036");
    expect(everything).not.toContain(token);
    await page.context().close();
  });
});

describe("with no signal", () => {
  it("opens the shop, the products, a product and the order history seen before, with the age of the prices", async () => {
    const token = await newCustomerLogin(baseUrl, "CUS0031", { tenant: "coastal" });
    const page = await openPage(PHONE);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    await controlledByServiceWorker(page);
    await page.reload();
    const cards = page.getByRole("heading", { level: 3 });
    await cards.first().waitFor();
    const firstProduct = (await cards.first().innerText()).trim();
    await cards.first().getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: firstProduct }).waitFor();
    await page.goto(`${baseUrl}/orders-history`);
    await page.getByRole("heading", { level: 1, name: /order/i }).waitFor();
    await expect.poll(() => page.getByRole("main").innerText(), SLOW).not.toMatch(/Loading/);
    const historyText = await page.getByRole("main").innerText();
    expect(historyText).toMatch(/TS\d+/);

    await goOffline(page.context(), page);
    await page.goto(`${baseUrl}/products?category=home`);
    await page.getByRole("heading", { level: 3, name: firstProduct }).waitFor();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Offline" }).innerText(), SLOW)
      .toMatch(OFFLINE_NOTICE);
    // The page works from its copies and says it is offline: no error toast beside that (the
    // login's background reads, such as its membership, fail quietly with no signal).
    expect(await page.locator('[data-sonner-toast][data-type="error"]').allInnerTexts()).toEqual([]);
    await page.getByRole("heading", { level: 3, name: firstProduct }).getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: firstProduct }).waitFor();
    await page.goto(`${baseUrl}/orders-history`);
    await page.getByRole("heading", { level: 1, name: /order/i }).waitFor();
    await expect.poll(() => page.getByRole("main").innerText(), SLOW).toBe(historyText);
    await page.screenshot({ path: path.join(os.tmpdir(), "offline-orders-390.png") });
    await page.context().close();
  });

  it("opens a visitor's product list seen before, as the server rendered it (decision 140)", async () => {
    const page = await openPage(PHONE);
    const list = `${baseUrl}/products?category=Chips&pageNumber=1`;
    await page.goto(list);
    await controlledByServiceWorker(page);
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/Product/ProductSearch") searches.push(request.method());
    });
    await page.reload();
    const cards = page.getByRole("heading", { level: 3 });
    await cards.first().waitFor();
    const firstProduct = (await cards.first().innerText()).trim();
    // No search: the page came with its products, and the app took them from it.
    expect(searches).toEqual([]);

    await goOffline(page.context(), page);
    await page.goto(list);
    await page.getByRole("heading", { level: 3, name: firstProduct }).waitFor();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Offline" }).innerText(), SLOW)
      .toMatch(OFFLINE_NOTICE);
    await page.context().close();
  });

  it("keeps cart changes on the phone and sends them exactly once when the signal returns, with two tabs open", async () => {
    const token = await newCustomerLogin(baseUrl, "CUS0038", { tenant: "coastal" });
    const page = await openPage(PHONE);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    await controlledByServiceWorker(page);
    await page.reload();
    const buyable = buyableCards(page);
    await buyable.nth(1).waitFor();
    const firstSku = await skuOf(buyable.nth(0));
    const nextSku = await skuOf(buyable.nth(1));
    const card = (sku: string) =>
      page.locator("article").filter({ has: page.locator(`a[href="/products/${encodeURIComponent(sku)}"]`) });
    // One line in the cart while online.
    await card(firstSku).getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect
      .poll(async () => (await cartOf(token)).cartItems.map((l) => [l.productId, l.quantity]), SLOW)
      .toEqual([[firstSku, 1]]);

    const other = await page.context().newPage();
    await other.goto(`${baseUrl}/products?category=home`);
    await goOffline(page.context(), page, other);
    await page.waitForFunction(() => !navigator.onLine);
    // Offline: the line goes to 3 packs, and a second product joins.
    const more = card(firstSku).getByRole("button", { name: /^One pack more of/ });
    await more.click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Offline" }).innerText(), SLOW)
      .toMatch(/1 cart change/);
    await more.click();
    await card(nextSku).getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Offline" }).innerText(), SLOW)
      .toMatch(/2 cart changes wait to be sent\./);
    // Kept across a reload with no signal.
    await page.reload();
    await page.getByRole("status").filter({ hasText: "2 cart changes wait to be sent." }).waitFor();
    expect((await cartOf(token)).cartItems.map((l) => l.quantity)).toEqual([1]);
    // The cart shows both lines offline, each with its picture (another size of it, if need be).
    await page.goto(`${baseUrl}/cart`);
    const pictures = page.getByRole("main").locator("img");
    await expect.poll(() => pictures.count(), SLOW).toBe(2);
    await expect
      .poll(
        () => pictures.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
        SLOW,
      )
      .toEqual([true, true]);

    await page.context().setOffline(false);
    await expect
      .poll(async () => (await cartOf(token)).cartItems.map((l) => [l.productId, l.quantity]).sort(), {
        timeout: 20_000,
      })
      .toEqual(
        [
          [firstSku, 3],
          [nextSku, 1],
        ].sort(),
      );
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
    // Both tabs heard the signal return; nothing was sent twice.
    await page.waitForTimeout(1500);
    expect((await cartOf(token)).cartItems.map((l) => [l.productId, l.quantity]).sort()).toEqual(
      [
        [firstSku, 3],
        [nextSku, 1],
      ].sort(),
    );
    await page.context().close();
  });

  it("refuses to place an order, saying so, and places nothing", async () => {
    const token = await newCustomerLogin(baseUrl, "CUS0039", { tenant: "coastal" });
    const page = await openPage(PHONE);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    await controlledByServiceWorker(page);
    await page.reload();
    await buyableCards(page).first().getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect.poll(async () => (await cartOf(token)).cartItems.length, SLOW).toBe(1);
    const ordersBefore = JSON.stringify(await ordersOf(token));
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("button", { name: "Place order" }).waitFor();

    await goOffline(page.context(), page);
    const refusal = "You are offline, so this order cannot be placed.";
    await page.getByText(refusal).first().waitFor();
    // One reason, in one place; the button waits for a signal.
    const placeOrder = page.getByRole("button", { name: "Place order" });
    await expect.poll(() => placeOrder.isDisabled()).toBe(true);
    expect(await page.getByText(refusal).count()).toBe(1);
    expect(await page.getByText(/over your remaining credit/).count()).toBe(0);
    await page.screenshot({ path: path.join(os.tmpdir(), "offline-checkout-390.png") });
    await page.context().setOffline(false);
    expect((await cartOf(token)).cartItems).toHaveLength(1);
    expect(JSON.stringify(await ordersOf(token))).toBe(ordersBefore);
    await page.context().close();
  });
});

describe("a new version", () => {
  it("is offered with a prompt, and Reload starts it", { timeout: 120_000 }, async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), "tradeshop-dist-"));
    cpSync(path.resolve(import.meta.dirname, "../apps/web/dist"), dist, { recursive: true });
    const shop = await startOwnShop({ WEB_DIST: dist });
    try {
      const page = await openPage(PHONE);
      await page.goto(`${shop.baseUrl}/products?category=home`);
      await controlledByServiceWorker(page);
      const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

      // "Deploy" a new build: the worker's bytes change.
      const sw = path.join(dist, "sw.js");
      const next = Buffer.concat([readFileSync(sw), Buffer.from("\n// the next build\n")]);
      writeFileSync(sw, next);
      writeFileSync(`${sw}.br`, brotliCompressSync(next));
      writeFileSync(`${sw}.gz`, gzipSync(next));
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());

      const prompt = page.getByText("A new version of Trade Shop is ready.");
      await prompt.waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(os.tmpdir(), "update-prompt-390.png") });
      await page.evaluate(() => {
        (window as { beforeUpdate?: boolean }).beforeUpdate = true;
      });
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Reload" }).click()]);
      expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
      await expect
        .poll(
          () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
          SLOW,
        )
        .toBeNull();
      await page.context().close();
    } finally {
      await shop.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
