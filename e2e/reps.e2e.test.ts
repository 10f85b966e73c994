// Sales reps in the browser (decision 127): the demo rep logs in, chooses an assigned
// account (Umlazi Liquor Store, CUS0040) by keyboard, sees "Ordering for" it in the header,
// orders at the customer's prices, and stops; the customer then finds the order "Placed by" the
// rep and the confirmation e-mail at the account's address. The bar fits a phone, and the
// chooser and bar pass axe. Uses the coastal accounts CUS0040-CUS0043, which no other test buys for.
import { Cart } from "@trade-shop/contracts/cart";
import { ProductSearchResult, type Product } from "@trade-shop/contracts/catalogue";
import { CreditDetails, CustomerDetails } from "@trade-shop/contracts/accounts";
import { OrderHistory } from "@trade-shop/contracts/orders";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoViolations } from "./support/axe";
import { callApi } from "./support/api";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { rand } from "./support/catalogue-api";
import { lastMessageId, waitForMessage } from "./support/mailbox";
import { DEMO_PASSWORD, newCustomerLogin, openWithToken } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

const ACCOUNT = { accountId: "CUS0040", name: "Umlazi Liquor Store" };
const REP_NAME = "Sipho Khumalo";
const COASTAL = { TenantId: "coastal" };

const text = async (locator: Locator) => (await locator.textContent()) ?? "";
const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const cartButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Cart, / });
const actingBar = (page: Page) => page.getByRole("banner").getByRole("region", { name: "Ordering for" });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("a sales rep ordering for a customer", () => {
  let browser: Browser;
  let page: Page;
  let repToken: string;
  let customerToken: string;
  const asRep = () => ({ token: repToken, headers: { ...COASTAL, "X-Acting-For": ACCOUNT.accountId } });

  beforeAll(async () => {
    browser = await launchBrowser();
    customerToken = await newCustomerLogin(baseUrl, ACCOUNT.accountId, { tenant: "coastal" });
    page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel(/user ?name/i).fill("rep");
    await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    repToken = (await page.evaluate(() => localStorage.getItem("tradeshop.session")))!;
    expect(repToken).toBeTruthy();
    await callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", asRep());
  });
  afterAll(async () => {
    if (repToken) await callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", asRep());
    await browser?.close();
  });

  it("chooses an assigned account, orders at its prices, and the customer sees it placed by the rep and gets the e-mail", async () => {
    // Not ordering for anyone yet: the products offer the chooser instead of a cart that has no account.
    await page.goto(`${baseUrl}/products?category=home`);
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Choose an account to order" }).first().waitFor();
    await expect(main.getByRole("button", { name: "Add to cart" }).count()).resolves.toBe(0);
    // And the header says so and leads to the chooser.
    const banner = page.getByRole("banner");
    await banner.getByText("You are not ordering for a customer.").waitFor();
    await banner.getByRole("link", { name: "Choose an account" }).click();
    await page.waitForURL(/\/rep-accounts$/);
    await page.getByRole("heading", { level: 1, name: "Order for a customer" }).waitFor();
    const accounts = page.getByRole("list", { name: "Your accounts" }).getByRole("listitem");
    await expect.poll(() => accounts.count()).toBe(3);
    expect(await accounts.getByRole("heading").allTextContents()).toContain(ACCOUNT.name);
    await expectNoViolations(page, "/rep-accounts (desktop)");

    // By keyboard: the account's button takes focus and Enter chooses it.
    const choose = page.getByRole("button", { name: `Order for ${ACCOUNT.name}`, exact: true });
    await choose.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/products\?category=home$/);
    await expect.poll(() => text(actingBar(page))).toContain(`Ordering for ${ACCOUNT.name}`);
    await expectNoViolations(page, "the Ordering for bar (desktop)");

    // The customer's prices: a product priced for CUS0040's own login.
    const found = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token: customerToken,
      body: { pageNumber: 1, resultsPerPage: 48, inStockOnly: true, categoryFilter: "Biscuits" },
      answer: ProductSearchResult,
    });
    const product: Product | undefined = found.skuResults.find((p) => !p.isLiquor && p.stockOnHand >= 200);
    if (!product) throw new Error("no Biscuits product with stock to spare for CUS0040");
    await page.goto(`${baseUrl}/products/${encodeURIComponent(product.skuCode)}`);
    await page.getByRole("heading", { level: 1, name: product.skuDescription }).waitFor();
    await page.getByRole("main").getByRole("button", { name: "Add to cart" }).first().click();
    await notifications(page).locator("[data-sonner-toast]", { hasText: "Item(s) added to cart" }).waitFor();
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 1 item");
    const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { ...asRep(), answer: Cart });
    expect(cart.cartItems.map((i) => i.productId)).toEqual([product.skuCode]);
    const dealAtOne = product.minOrderQuantityDiscount !== null && product.minOrderQuantityDiscount <= 1;
    expect(cart.cartItems[0]!.unitPriceExcl).toBe(
      dealAtOne && product.discountPriceExcl !== null ? product.discountPriceExcl : product.listPriceExcl,
    );
    // The account's own remaining credit shows in the strip under the header.
    const credit = await callApi(baseUrl, "POST", "/api/Users/GetCreditDetails", {
      token: customerToken,
      answer: CreditDetails,
    });
    await expect.poll(() => text(page.getByTestId("header-credit"))).toBe(rand(credit.remainingCredit));
    const details = await callApi(baseUrl, "POST", "/api/Users/GetCustomerDetails", {
      token: customerToken,
      answer: CustomerDetails,
    });

    const mailFrom = await lastMessageId(baseUrl);
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    expect(await text(page.getByRole("region", { name: "Order summary" }))).toContain(
      rand(cart.totalPriceIncl),
    );
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/orders-history\/\d+$/);
    await notifications(page).locator("[data-sonner-toast]", { hasText: "Order has been Placed" }).waitFor();
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 0 items");

    // The order is the customer's, placed by the rep.
    const history = await callApi(baseUrl, "GET", "/api/Order", {
      token: customerToken,
      answer: OrderHistory,
    });
    const order = history[0]!;
    expect(order.totalPriceIncl).toBe(cart.totalPriceIncl);
    expect(order.accountId).toBe(ACCOUNT.accountId);
    expect(order.createdBy).toBe("rep");

    // The rep stops; the header says so again.
    await actingBar(page)
      .getByRole("button", { name: `Stop ordering for ${ACCOUNT.name}` })
      .click();
    await page.waitForURL(/\/rep-accounts$/);
    await page.getByRole("banner").getByText("You are not ordering for a customer.").waitFor();
    expect(await actingBar(page).count()).toBe(0);

    // The confirmation went to the account's address, naming the order and the rep.
    const mail = await waitForMessage(baseUrl, details.contactEmail!, new RegExp(order.orderId), {
      after: mailFrom,
    });
    expect(mail.subject).toContain(order.orderId);
    expect(mail.body).toContain(`by ${REP_NAME}`);

    // The customer sees "Placed by" the rep in the history and on the order (the placedBy of the
    // order API and screens, from the work on several buyers per account).
    const customerPage = await openPage(browser, DESKTOP);
    await openWithToken(customerPage, baseUrl, customerToken, "/orders-history");
    const first = customerPage.getByRole("list", { name: "Your orders" }).getByRole("listitem").first();
    await first.getByRole("link", { name: order.orderId, exact: true }).waitFor();
    await expect.poll(() => text(first)).toContain(`Placed by ${REP_NAME}`);
    await first.getByRole("link", { name: order.orderId, exact: true }).click();
    await customerPage.getByRole("heading", { level: 1, name: `Order ${order.orderId}` }).waitFor();
    const placedBy = customerPage
      .getByRole("term")
      .filter({ hasText: /^Placed by$/ })
      .locator("xpath=following-sibling::dd[1]");
    await expect.poll(() => text(placedBy)).toBe(REP_NAME);
    await customerPage.context().close();
  });

  it("shows the Ordering for bar on a phone, with a way out that fits", async () => {
    const phone = await openPage(browser, PHONE);
    await openWithToken(phone, baseUrl, repToken, "/rep-accounts");
    await phone.getByRole("button", { name: `Order for ${ACCOUNT.name}`, exact: true }).click();
    await phone.waitForURL(/\/products\?category=home$/);
    const bar = actingBar(phone);
    await expect.poll(() => text(bar)).toContain(`Ordering for ${ACCOUNT.name}`);
    const stop = bar.getByRole("button", { name: `Stop ordering for ${ACCOUNT.name}` });
    expect(await stop.isVisible()).toBe(true);
    const box = (await stop.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await noHorizontalScroll(phone);
    await expectNoViolations(phone, "the Ordering for bar (phone)");
    await stop.click();
    await phone.waitForURL(/\/rep-accounts$/);
    await phone.context().close();
  });
});
