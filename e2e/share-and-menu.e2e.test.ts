// The phone's side menu reaches Quick order and Order lists in two taps from any page, and a cart
// or an order list is shared as plain text, a line per product (orderLinesText): the phone's
// share sheet, a WhatsApp message and a link to the quick order pad filled with the lines. At 390
// and 1280 px, on gauteng accounts of this file's own (CUS0015-CUS0018). Screenshots go to
// /tmp/share-*.png for a person to look at.
import os from "node:os";
import path from "node:path";
import { Cart } from "@trade-shop/contracts/cart";
import { OrderList } from "@trade-shop/contracts/order-lists";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { cartWithTwoChips } from "./support/catalogue-api";
import { DESKTOP, PHONE } from "./support/browser";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();
const shot = (name: string) => path.join(os.tmpdir(), `share-${name}.png`);

/** A login of its own on `customerAccount` with two products in its cart; the cart's text. */
async function loginWithCart(customerAccount: string) {
  const token = await newCustomerLogin(baseUrl, customerAccount);
  await cartWithTwoChips(baseUrl, token, [6, 2]);
  const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
  const text = cart.cartItems.map((l) => `${l.quantity} x ${l.productId} ${l.productDescription}`).join("\n");
  return { token, cart, text };
}

/** The controls in `scope` smaller than 44 × 44 px (sr-only ones left out). */
function smallControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll(`${scope} :is(a[href], button, input)`))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < 44 || box.height < 44)
        small.push(`${el.textContent?.trim()} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    return small;
  }, scope);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the side menu on a phone", () => {
  it("reaches Quick order and Order lists in two taps from any page, without scrolling the menu", async () => {
    const token = await newCustomerLogin(baseUrl, "CUS0015");
    const page = await openPage(PHONE);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    const ordering = menu.getByRole("navigation", { name: "Ordering menu" });

    for (const [from, name, to] of [
      ["/products?category=home", "Quick order", "/quick-order"],
      ["/account-dashboard", "Order lists", "/order-lists"],
      ["/quick-order", "Order lists", "/order-lists"],
      ["/order-lists", "Quick order", "/quick-order"],
    ] as const) {
      if (!page.url().endsWith(from)) await page.goto(`${baseUrl}${from}`);
      await toggle.click(); // one
      const link = ordering.getByRole("link", { name, exact: true });
      await link.waitFor();
      // In the first screen of the menu: no scrolling before the second tap.
      const box = (await link.boundingBox())!;
      expect(box.y + box.height, `${name} in view from ${from}`).toBeLessThanOrEqual(PHONE.height);
      expect(box.height).toBeGreaterThanOrEqual(44);
      if (from === "/order-lists") {
        await expect(
          ordering.getByRole("link", { name: "Order lists" }).getAttribute("aria-current"),
        ).resolves.toBe("page");
        await page.screenshot({ path: shot("menu-390") });
        await expectNoViolations(page, "the side menu with its ordering links");
      }
      await link.click(); // two
      await page.waitForURL((url) => url.pathname === to);
      await menu.waitFor({ state: "hidden" });
    }
    // Still at the end of the category strip too.
    const strip = page.getByRole("navigation", { name: "Product categories" });
    await expect(strip.getByRole("link", { name: "Quick order" }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it("keeps Quick order and Order lists in the category strip on a desktop, where there is no menu", async () => {
    const token = await newCustomerLogin(baseUrl, "CUS0016");
    const page = await openPage(DESKTOP);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    await expect(page.getByRole("button", { name: "Open menu" }).isVisible()).resolves.toBe(false);
    const strip = page.getByRole("navigation", { name: "Product categories" });
    for (const name of ["Quick order", "Order lists"]) {
      const box = (await strip.getByRole("link", { name }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    }
    await page
      .locator("header")
      .first()
      .screenshot({ path: shot("header-1280") });
    await strip.screenshot({ path: shot("strip-1280") });
    await page.context().close();
  });
});

describe.each(phoneAndDesktop("CUS0017", "CUS0018"))("sharing on a %s", (name, viewport, customerAccount) => {
  it("shares the cart as text: the share sheet, a WhatsApp message and a quick order link", async () => {
    const { token, text } = await loginWithCart(customerAccount);
    const page = await openPage(viewport);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    // Chromium on Linux has no share sheet: stand one in that keeps what it was handed.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared ??= [];
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await openWithToken(page, baseUrl, token, "/cart");
    const share = page.getByRole("group", { name: "Share this cart" });
    await share.waitFor();

    const whatsApp = share.getByRole("link", { name: "Send by WhatsApp (opens in a new tab)" });
    const href = (await whatsApp.getAttribute("href"))!;
    expect(href).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(new URL(href).searchParams.get("text")).toBe(text);
    expect(text.split("\n")).toHaveLength(2);
    expect(text).toMatch(/^6 x [A-Z]{3}\d+ \S/);
    await expect(whatsApp.getAttribute("target")).resolves.toBe("_blank");
    await expect(whatsApp.getAttribute("rel")).resolves.toBe("noopener");

    await share.getByRole("button", { name: "Share", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared))
      .toEqual([{ text }]);

    // From the keyboard: focus the button and press Enter.
    await share.getByRole("button", { name: "Copy link" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Link copied").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl}/quick-order?lines=${encodeURIComponent(text)}`);
    expect(new URL(copied).searchParams.get("lines")).toBe(text);

    await expect(smallControls(page, '[role="group"][aria-labelledby]')).resolves.toEqual([]);
    await expect(noSidewaysScroll(page)).resolves.toBe(true);
    await expectNoViolations(page, `the cart's share controls at ${viewport.width} px`);
    await share.scrollIntoViewIfNeeded();
    await share.screenshot({ path: shot(`cart-${viewport.width}`) });
    // The screen as the buyer sees it there: on a phone, the sticky total and Checkout below.
    await page.screenshot({ path: shot(`cart-page-${viewport.width}`) });

    // The same lines from an order list.
    const listName = `Shared list ${name}`;
    const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
    await callApi(baseUrl, "POST", "/api/OrderLists", {
      token,
      body: {
        name: listName,
        lines: cart.cartItems.map((l) => ({ skuCode: l.productId, quantity: l.quantity })),
      },
      answer: OrderList,
    });
    await page.goto(`${baseUrl}/order-lists`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: listName }) });
    await card.getByRole("button", { name: `Share list: ${listName}` }).click();
    const listShare = card.getByRole("group", { name: `Share ${listName}` });
    const listHref = await listShare
      .getByRole("link", { name: `Send by WhatsApp: ${listName} (opens in a new tab)` })
      .getAttribute("href");
    expect(new URL(listHref!).searchParams.get("text")).toBe(text);
    await listShare.getByRole("button", { name: `Copy link: ${listName}` }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${baseUrl}/quick-order?lines=${encodeURIComponent(text)}`);
    await expect(noSidewaysScroll(page)).resolves.toBe(true);
    await expectNoViolations(page, `an order list's share controls at ${viewport.width} px`);
    await card.screenshot({ path: shot(`order-list-${viewport.width}`) });
    await page.context().close();
  });
});
