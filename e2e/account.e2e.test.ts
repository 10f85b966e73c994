// The live account in the browser: an order placed at checkout moves through the
// back office's statuses on its details page without a reload, and the header's balance rises
// when it is invoiced; a cart changed elsewhere shows at once; the account dashboard, the
// addresses page and the staff hand-off queue. The order test buys for an account of its own
// (CUS0005, a demo customer without a login), so no other test's orders move its balance.
import { CreditDetails, CustomerAddress, CustomerDetails } from "@trade-shop/contracts/accounts";
import { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { OrderHistory } from "@trade-shop/contracts/orders";
import { TopProducts } from "@trade-shop/contracts/reports";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoBlockingViolations } from "./support/axe";
import { callApi, uniqueName } from "./support/api";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { rand } from "./support/catalogue-api";
import { apiToken, newCustomerLogin, openLoggedIn, openWithToken, storeToken } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

const cartButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Cart, / });
const headerFigure = (page: Page, which: "balance" | "credit") => page.getByTestId(`header-${which}`);

async function noHorizontalScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

describe("live account", () => {
  let browser: Browser;
  let buyer: string;
  const password = "Early-Morning-Stock-Run-6";

  beforeAll(async () => {
    browser = await launchBrowser();
    const username = uniqueName("e2e-live-");
    await callApi(baseUrl, "POST", "/api/Users", {
      token: await apiToken(baseUrl, "admin"),
      body: {
        username,
        firstname: "Lindiwe",
        lastname: "Khumalo",
        email: `${username}@e2e.test`,
        password,
        roles: ["Customer"],
        tenants: ["gauteng"],
        customerAccount: "CUS0005",
      },
    });
    buyer = await apiToken(baseUrl, username, password);
  });
  afterAll(() => browser?.close());

  it("moves a placed order's status on its details page without a reload, and raises the header balance when it is invoiced", async () => {
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token: buyer,
      body: { pageNumber: 1, resultsPerPage: 24, inStockOnly: true, categoryFilter: "Sweets" },
      answer: ProductSearchResult,
    });
    const product = search.skuResults.find((p) => !p.isLiquor)!;
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token: buyer,
      body: { skuCode: product.skuCode, quantity: 1 },
    });
    const before = await callApi(baseUrl, "POST", "/api/Users/GetCustomerDetails", {
      token: buyer,
      answer: CustomerDetails,
    });
    const creditBefore = await callApi(baseUrl, "POST", "/api/Users/GetCreditDetails", {
      token: buyer,
      answer: CreditDetails,
    });

    const page = await openPage(browser, DESKTOP);
    await openWithToken(page, baseUrl, buyer, "/checkout");
    // docs/screens.md: Current Balance and Remaining Credit in the header, in rand.
    await expect.poll(() => headerFigure(page, "balance").textContent()).toBe(rand(before.dcBalance));
    await expect
      .poll(() => headerFigure(page, "credit").textContent())
      .toBe(rand(creditBefore.remainingCredit));
    await page.locator("[data-realtime=live]").waitFor();

    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/orders-history\/\d+$/);
    const [order] = await callApi(baseUrl, "GET", "/api/Order", { token: buyer, answer: OrderHistory });
    expect(order).toBeDefined();
    // Placing it takes its value off the remaining credit at once (not yet invoiced).
    await expect
      .poll(() => headerFigure(page, "credit").textContent())
      .toBe(rand(Math.round((creditBefore.remainingCredit - order!.totalPriceIncl) * 100) / 100));

    // From here on nothing may reload the page: a marker on the window would not survive one.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole("banner").getByRole("link", { name: "Orders", exact: true }).click();
    await page.getByRole("link", { name: order!.orderId, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `Order ${order!.orderId}` }).waitFor();

    // Watch the status as it changes: the simulator steps every 2 s.
    await page.evaluate(() => {
      const seen: string[] = [];
      const status = document.querySelector("[data-testid=order-status]")!;
      const note = () => {
        const badge = status.querySelector("span span")?.textContent ?? "";
        if (badge && seen.at(-1) !== badge) seen.push(badge);
      };
      note();
      new MutationObserver(note).observe(status, { subtree: true, childList: true, characterData: true });
      Object.assign(window, { __statuses: seen });
    });
    await page
      .getByTestId("order-status")
      .getByText("Invoiced", { exact: true })
      .waitFor({ timeout: 30_000 });
    const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
    expect(statuses.at(-1)).toBe("Invoiced");
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(await page.getByTestId("order-status").textContent()).toMatch(
      /Updated \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/,
    );

    // Invoicing moves the order's value from "not yet invoiced" onto the balance.
    const invoicedBalance = Math.round((before.dcBalance + order!.totalPriceIncl) * 100) / 100;
    await expect
      .poll(() => headerFigure(page, "balance").textContent(), { timeout: 10_000 })
      .toBe(rand(invoicedBalance));
    const after = await callApi(baseUrl, "POST", "/api/Users/GetCustomerDetails", {
      token: buyer,
      answer: CustomerDetails,
    });
    expect(after.dcBalance).toBe(invoicedBalance);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await page.context().close();
  });

  it("shows a cart changed in another tab or device without a reload", async () => {
    const page = await openPage(browser, PHONE);
    await openWithToken(page, baseUrl, buyer, "/products?category=home");
    await page.locator("[data-realtime=live]").waitFor();
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 0 items");

    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token: buyer,
      body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Biscuits" },
      answer: ProductSearchResult,
    });
    const skus = search.skuResults.filter((p) => !p.isLiquor).slice(0, 2);
    for (const p of skus) {
      await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
        token: buyer,
        body: { skuCode: p.skuCode, quantity: 2 },
      });
    }
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 2 items");
    await callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", { token: buyer });
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 0 items");
    await page.context().close();
  });

  it("asks for a customer's cart, wishlist and account figures once as a page opens: the stream's ready reloads none of them (decision 139)", async () => {
    // An account of its own, so no other test's orders change it while the page opens.
    const token = await newCustomerLogin(baseUrl, "CUS0035", { tenant: "coastal" });
    const liveReads = [
      "/api/Account/Membership",
      "/api/Cart/GetUserCart",
      "/api/Users/GetCreditDetails",
      "/api/Users/GetCustomerDetails",
      "/api/Wishlist/GetUserWishlist",
    ];
    const page = await openPage(browser, PHONE);
    await storeToken(page, baseUrl, token);
    const reads: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (liveReads.includes(pathname)) reads.push(pathname);
    });
    await page.goto(`${baseUrl}/products?category=home`);
    await page.locator("[data-realtime=live]").waitFor();
    // Each is asked for once the page's parts that show it have rendered, which on a busy machine
    // can be after the stream is live; then a reload on ready would follow at once: this leaves a
    // slow machine time to show one.
    await expect.poll(() => new Set(reads).size).toBe(liveReads.length);
    await page.waitForTimeout(1500);
    expect(reads.sort()).toEqual(liveReads);
    await page.context().close();
  });

  it("shows the account dashboard with its charts and the figures the API gives, on a phone and a desktop", async () => {
    const token = await apiToken(baseUrl, "trader");
    const credit = await callApi(baseUrl, "POST", "/api/Users/GetCreditDetails", {
      token,
      answer: CreditDetails,
    });
    const details = await callApi(baseUrl, "POST", "/api/Users/GetCustomerDetails", {
      token,
      answer: CustomerDetails,
    });
    const top = await callApi(baseUrl, "GET", "/api/Reports/TopProducts?limit=5", {
      token,
      answer: TopProducts,
    });
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage(browser, viewport);
      await openLoggedIn(page, baseUrl, "trader", "/account-dashboard");
      await page.getByRole("heading", { level: 1, name: "My Account" }).waitFor();
      const main = page.getByRole("main");
      await main.getByText(`${details.name} · ${details.accountId}`).waitFor();

      const creditPanel = main.getByRole("region", { name: "Balance and credit" });
      await creditPanel.getByText("Credit limit").waitFor();
      expect(await creditPanel.textContent()).toContain(rand(credit.totalCredit));
      // Recharts draws once it has measured its box.
      await creditPanel.locator(".recharts-surface").first().waitFor();
      expect(await creditPanel.locator(".recharts-surface").count()).toBe(1);

      const spend = main.getByRole("region", { name: "Spend per month" });
      await spend.locator(".recharts-bar-rectangle").first().waitFor();
      await spend.getByText("Show the figures").click();
      expect(await spend.getByRole("table").getByRole("row").count()).toBe(13);

      const topPanel = main.getByRole("region", { name: "Top products" });
      await topPanel.getByRole("listitem").first().waitFor();
      expect(await topPanel.getByRole("link").allTextContents()).toEqual(
        top.products.map((p) => p.productDescription),
      );
      await topPanel.getByRole("button", { name: "By quantity" }).click();
      await expect
        .poll(() => topPanel.getByRole("button", { name: "By quantity" }).getAttribute("aria-pressed"))
        .toBe("true");

      const recent = main.getByRole("region", { name: "Recent orders" });
      const latest = recent.getByRole("list", { name: "Latest orders" });
      await latest.getByRole("listitem").first().waitFor();
      expect(await latest.getByRole("listitem").count()).toBe(5);
      const byStatus = recent.getByRole("list", { name: "Orders in the last 12 months by status" });
      await byStatus.getByRole("listitem").first().waitFor();
      expect(await byStatus.getByRole("listitem").count()).toBeGreaterThan(1);
      await noHorizontalScroll(page);
      await expectNoBlockingViolations(page, `account dashboard ${viewport.width}px`);
      await page.context().close();
    }
  });

  it("lists the account's delivery addresses, the default first", async () => {
    const token = await apiToken(baseUrl, "trader");
    const addresses = await callApi(baseUrl, "GET", "/api/Users/GetCustomerAddresses", {
      token,
      answer: CustomerAddress.array(),
    });
    const page = await openPage(browser, PHONE);
    await openLoggedIn(page, baseUrl, "trader", "/addresses");
    const list = page.getByRole("list", { name: "Delivery addresses" });
    await list.getByRole("listitem").first().waitFor();
    const headings = await list.getByRole("heading").allTextContents();
    expect(headings).toHaveLength(addresses.length);
    expect(headings[0]).toBe(`${addresses[0]!.label}Default`);
    await noHorizontalScroll(page);
    await expectNoBlockingViolations(page, "addresses");
    await page.context().close();
  });

  it("opens the hand-off queue for staff and keeps customers out", async () => {
    const page = await openPage(browser, DESKTOP);
    await openLoggedIn(page, baseUrl, "staff", "/products?category=home");
    await page
      .getByRole("navigation", { name: "Product categories" })
      .getByRole("link", { name: "Hand-offs" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Order hand-offs" }).waitFor();
    await page.getByRole("button", { name: "Done" }).click();
    await page.waitForURL(/\/hand-offs\?state=done$/);
    await expect
      .poll(() => page.getByRole("button", { name: "Done" }).getAttribute("aria-pressed"))
      .toBe("true");
    await expectNoBlockingViolations(page, "hand-offs");
    await page.context().close();

    const customer = await openPage(browser, DESKTOP);
    await openLoggedIn(customer, baseUrl, "trader", "/hand-offs");
    await customer.waitForURL(/\/authorization-denied$/);
    await customer.context().close();
  });
});
