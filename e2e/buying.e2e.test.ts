// Buying in the browser: a trader finds a product, adds a deal quantity, watches the
// header cart, checks out with a PO number and finds the order in history and on its details
// page; the cart page's deal hints; the wishlist; a spaza shop refused liquor; and a cart that
// changed behind the checkout page's back, which must create no order. Every test leaves the
// shared demo users' carts and wishlists empty.
import { CustomerAddress } from "@trade-shop/contracts/accounts";
import { Cart } from "@trade-shop/contracts/cart";
import {
  ProductSearchResult,
  type Product,
  type ProductSearchRequest,
} from "@trade-shop/contracts/catalogue";
import { Order, OrderHistory } from "@trade-shop/contracts/orders";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoBlockingViolations } from "./support/axe";
import { callApi, uniqueName } from "./support/api";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { rand } from "./support/catalogue-api";
import { openLoggedIn } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

const PRICES_CHANGED = "Cart prices updated. Please review cart and place order again.";
const STATUS = /Pending|Submitted|Picking|Invoiced|Dispatched|Delivered|On Hold|Rejected/;

const text = async (locator: Locator) => (await locator.textContent()) ?? "";
const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const cartButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Cart, / });
const cartPanel = (page: Page) => page.getByRole("region", { name: "Your cart" });

/** "21-Nov-2026 14:05" in Johannesburg, worked out apart from the web app's formatter. */
function shopDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Johannesburg",
    day: "2-digit",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("day")}-${part("month")}-${part("year")} ${part("hour")}:${part("minute")}`;
}

type Shopper = "trader" | "spaza";

/**
 * Each shopper logs in once for the whole file (log-ins are rate limited per account, and the
 * other browser tests log the same demo users in): the page's own token serves the API calls.
 */
const tokens = new Map<Shopper, string>();
function tokenOf(username: Shopper): string {
  const token = tokens.get(username);
  if (!token) throw new Error(`${username} has not logged in yet`);
  return token;
}

async function logIn(browser: Browser, username: Shopper): Promise<Page> {
  const page = await openPage(browser, DESKTOP);
  await openLoggedIn(page, baseUrl, username, "/not-found");
  const token = await page.evaluate(() => localStorage.getItem("tradeshop.session"));
  if (!token) throw new Error(`${username} is not logged in`);
  tokens.set(username, token);
  await emptyLists(username);
  return page;
}

async function search(username: Shopper, request: Partial<ProductSearchRequest>): Promise<Product[]> {
  const result = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
    body: { resultsPerPage: 48, inStockOnly: true, ...request },
    token: tokenOf(username),
    answer: ProductSearchResult,
  });
  return result.skuResults;
}

/** A product with a deal from 2+ packs and stock to spare, so other tests' stock is not touched. */
async function dealProduct(
  username: Shopper,
  category: string,
): Promise<Product & { minOrderQuantityDiscount: number }> {
  const found = (await search(username, { categoryFilter: category })).find(
    (p) =>
      !p.isLiquor &&
      p.minOrderQuantityDiscount !== null &&
      p.minOrderQuantityDiscount > 1 &&
      p.discountPriceExcl !== null &&
      p.stockOnHand >= 200,
  );
  if (!found) throw new Error(`no ${category} product with a deal and stock for ${username}`);
  return found as Product & { minOrderQuantityDiscount: number };
}

async function emptyLists(username: Shopper) {
  const token = tokenOf(username);
  await callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", { token });
  await callApi(baseUrl, "POST", "/api/Wishlist/ClearUserWishlist", { token });
}

const cartOf = (username: Shopper) =>
  callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token: tokenOf(username), answer: Cart });
const ordersOf = (username: Shopper) =>
  callApi(baseUrl, "GET", "/api/Order", { token: tokenOf(username), answer: OrderHistory });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("buying as a trader", () => {
  let page: Page;
  beforeAll(async () => {
    page = await logIn(browser, "trader");
  });
  afterEach(async () => {
    await page.setViewportSize(DESKTOP);
    await emptyLists("trader");
  });
  afterAll(() => page?.context().close());

  it("takes a trader from search to a placed order, its history and its details", async () => {
    const product = await dealProduct("trader", "Chips");
    const packs = product.minOrderQuantityDiscount;
    await page.goto(`${baseUrl}/products?category=home`);
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 0 items");

    const searchBox = page.getByRole("combobox", { name: "Search for products" });
    await searchBox.fill(product.skuDescription);
    await searchBox.press("Enter");
    await page.waitForURL(/\/products\?searchText=/);
    const card = page.getByRole("article", { name: product.skuDescription, exact: true });
    await card.getByRole("spinbutton", { name: "Quantity (packs)" }).fill(String(packs));
    await card.getByRole("button", { name: "Add to cart" }).click();
    const added = notifications(page).locator("[data-sonner-toast]", { hasText: "Item(s) added to cart" });
    await added.waitFor();
    expect(await text(added)).toContain("Success");

    // The header's dropdown shows what the server priced: the deal applies at this quantity.
    const cart = await cartOf("trader");
    const line = cart.cartItems[0]!;
    expect(cart.cartItems).toHaveLength(1);
    expect(line.unitPriceExcl).toBe(product.discountPriceExcl);
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 1 item");
    await cartButton(page).click();
    const panel = cartPanel(page);
    await panel.waitFor();
    const lines = panel.getByRole("list", { name: "Products in your cart" }).getByRole("listitem");
    expect(await lines.count()).toBe(1);
    const lineText = await text(lines.first());
    expect(lineText).toContain(product.skuDescription);
    expect(lineText).toContain(`Qty ${packs}`);
    expect(lineText).toContain(rand(line.totalPriceIncl));
    await lines
      .first()
      .getByRole("button", { name: `Remove ${product.skuDescription}` })
      .waitFor();
    expect(await text(panel)).toContain("1 Item(s) selected");
    expect(await text(panel)).toMatch(
      new RegExp(`TOTAL\\s*${rand(cart.totalPriceIncl).replace(/ /g, "\\s")}`),
    );
    await expectNoBlockingViolations(page, "the open cart dropdown");
    // Escape closes it and gives focus back to the cart button.
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await cartButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await cartButton(page).click();
    await panel.getByRole("button", { name: "Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    const summary = page.getByRole("region", { name: "Order summary" });
    await summary.getByText(`${packs} x ${product.skuDescription}`).waitFor();
    expect(await text(summary)).toContain("FREE");
    expect(await text(summary)).toContain(rand(cart.totalPriceIncl));
    // The trader's account has two delivery addresses: deliver to the branch, not the default.
    const addresses = await callApi(baseUrl, "GET", "/api/Users/GetCustomerAddresses", {
      token: tokenOf("trader"),
      answer: CustomerAddress.array(),
    });
    const branch = addresses.find((a) => !a.isDefault)!;
    expect(branch).toBeDefined();
    const defaultChoice = page.getByRole("radio", { name: `Deliver to ${addresses[0]!.label}` });
    await defaultChoice.waitFor();
    expect(await defaultChoice.isChecked()).toBe(true);
    await page.getByRole("radio", { name: `Deliver to ${branch.label}` }).check();
    const po = uniqueName("PO-");
    await page.getByLabel(/Your reference or PO number/).fill(po);
    await expectNoBlockingViolations(page, "checkout");

    const before = await ordersOf("trader");
    await page.getByRole("button", { name: "Place order" }).click();
    // The order's own page is the confirmation (decision 149).
    await page.waitForURL(/\/orders-history\/\d+$/);
    await page.getByRole("heading", { level: 2, name: /^Thank you: order TS\d+ is placed$/ }).waitFor();
    const placed = notifications(page).locator("[data-sonner-toast]", { hasText: "Order has been Placed" });
    await placed.waitFor();
    expect(await text(placed)).toContain("Order Created");
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 0 items");

    const after = await ordersOf("trader");
    expect(after).toHaveLength(before.length + 1);
    const order = after.find((o) => o.suppliedId === po)!;
    expect(order).toBeDefined();
    expect(after[0]!.id).toBe(order.id);
    expect(order.totalPriceIncl).toBe(cart.totalPriceIncl);

    // History lists it first, newest first, with its reference, status and totals.
    await page.getByRole("banner").getByRole("link", { name: "Orders", exact: true }).click();
    await page.waitForURL(/\/orders-history$/);
    const first = page.getByRole("list", { name: "Your orders" }).getByRole("listitem").first();
    await first.getByRole("link", { name: order.orderId, exact: true }).waitFor();
    const row = await text(first);
    expect(row).toContain(shopDateTime(order.createdDate));
    expect(row).toContain(po);
    // The back-office hand-off may already have moved it on from Pending.
    expect(row).toMatch(STATUS);
    expect(row).toContain(rand(order.totalPriceIncl));
    await expectNoBlockingViolations(page, "order history");

    await first.getByRole("link", { name: order.orderId, exact: true }).click();
    await page.waitForURL(new RegExp(`/orders-history/${order.id}$`));
    await page.getByRole("heading", { level: 1, name: `Order ${order.orderId}` }).waitFor();
    const main = page.getByRole("main");
    expect(await text(main)).toContain(`Date Ordered${shopDateTime(order.createdDate)}`);
    expect(await text(main)).toMatch(new RegExp(`Status(${STATUS.source})`));
    expect(await text(main)).toContain(`Home delivery to ${branch.address1}`);
    const table = main.getByRole("table");
    expect(await table.getByRole("columnheader").allTextContents()).toEqual(["PRODUCT", "TOTAL"]);
    const orderLine = table.getByRole("row", { name: `${packs} x ${product.skuDescription}` });
    const placedOrder = await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${order.id}`, {
      token: tokenOf("trader"),
      answer: Order,
    });
    expect(await text(orderLine)).toContain(rand(placedOrder.orderLines[0]!.totalPriceExcl));
    expect(await text(table.getByRole("row", { name: "Shipping" }))).toContain("FREE");
    expect(await text(table.getByRole("row", { name: "TOTAL (excl. VAT)" }))).toContain(
      rand(order.totalPriceExcl),
    );
    expect(await text(table.getByRole("row", { name: "TOTAL (incl. VAT)" }))).toContain(
      rand(order.totalPriceIncl),
    );
    await expectNoBlockingViolations(page, "order details");

    // Reorder checks the lines on the quick order pad at today's price, which has not changed.
    await main.getByRole("link", { name: "Reorder" }).click();
    await page.waitForURL(/\/quick-order\?reorder=/);
    await expect
      .poll(() => main.getByRole("heading", { level: 2, name: /checked/ }).textContent())
      .toBe("1 line checked · all ready");
    expect(await main.getByText(/^Was R/).count()).toBe(0);
    await main.getByRole("button", { name: "Add 1 line to cart" }).click();
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 1 item");
  });

  it("shows the prices warning and creates no order when the cart changed behind the checkout page", async () => {
    const [first, second] = (await search("trader", { categoryFilter: "Biscuits" })).filter(
      (p) => !p.isLiquor && p.stockOnHand >= 200,
    );
    if (!first || !second) throw new Error("no biscuits in stock for trader");
    await page.goto(`${baseUrl}/products/${encodeURIComponent(first.skuCode)}`);
    await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
    await notifications(page).getByText("Item(s) added to cart").waitFor();
    await page.goto(`${baseUrl}/checkout`);
    const summary = page.getByRole("region", { name: "Order summary" });
    await summary.getByText(`1 x ${first.skuDescription}`).waitFor();
    const placeOrder = page.getByRole("button", { name: "Place order" });
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);

    // The same login adds a line from elsewhere (another tab, a phone). The real-time stream
    // brings it onto this page, which says so; the first press of Place order places nothing.
    const token = await page.evaluate(() => localStorage.getItem("tradeshop.session"));
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      body: { skuCode: second.skuCode, quantity: 1 },
      token: token ?? "",
    });
    await page
      .getByRole("status")
      .filter({ hasText: "Your cart changed in another tab or on another device." })
      .waitFor();
    const before = await ordersOf("trader");
    await placeOrder.click();
    const alert = page.getByRole("main").getByRole("alert");
    await alert.getByText(PRICES_CHANGED).waitFor();
    await notifications(page).getByText(PRICES_CHANGED).waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
    // The page now shows the cart as it is, ready to review.
    await summary.getByText(`1 x ${second.skuDescription}`).waitFor();
    expect(await ordersOf("trader")).toHaveLength(before.length);
    await expectNoBlockingViolations(page, "checkout with the prices warning");
  });

  it("edits a cart line on a phone up to the deal price and removes it", async () => {
    const product = await dealProduct("trader", "Sweets");
    const min = product.minOrderQuantityDiscount;
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      body: { skuCode: product.skuCode, quantity: min - 1 },
      token: tokenOf("trader"),
    });
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/cart`);
    const line = page.getByRole("list", { name: "Products in your cart" }).getByRole("listitem");
    await line.getByText("Add 1 more for the deal price").waitFor();
    await noHorizontalScroll(page);
    await expectNoBlockingViolations(page, "the cart page on a phone");

    await line.getByRole("button", { name: `One pack more of ${product.skuDescription}` }).click();
    await line.getByText("Deal price applied").waitFor();
    const cart = await cartOf("trader");
    expect(cart.cartItems[0]!.quantity).toBe(min);
    expect(cart.cartItems[0]!.unitPriceExcl).toBe(product.discountPriceExcl);
    await expect.poll(() => text(line)).toContain(rand(cart.cartItems[0]!.totalPriceIncl));
    expect(await text(page.getByRole("region", { name: "Summary" }))).toContain(rand(cart.totalPriceIncl));

    await line.getByRole("button", { name: `Remove ${product.skuDescription}` }).click();
    await page.getByText("Your cart is empty.").waitFor();
    expect((await cartOf("trader")).cartItems).toHaveLength(0);
  });

  it("forgets the cart and wishlist in this browser on logout", async () => {
    await callApi(baseUrl, "POST", "/api/Wishlist/AdditemToWishlist", {
      body: { skuCode: (await dealProduct("trader", "Chips")).skuCode, quantity: 1 },
      token: tokenOf("trader"),
    });
    await page.goto(`${baseUrl}/wish-list`);
    await page.getByRole("list", { name: "Products on your wishlist" }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("tradeshop.wishlist"))).not.toBeNull();
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/products\?category=featured$/);
    const stored = await page.evaluate(() => [
      localStorage.getItem("tradeshop.cart"),
      localStorage.getItem("tradeshop.wishlist"),
    ]);
    expect(stored).toEqual([null, null]);
  });
});

describe("buying as a spaza shop", () => {
  let page: Page;
  beforeAll(async () => {
    page = await logIn(browser, "spaza");
  });
  afterEach(async () => {
    await page.setViewportSize(DESKTOP);
    await emptyLists("spaza");
  });
  afterAll(() => page?.context().close());

  it("tells a spaza shop without a licence that liquor is for licensed customers, and offers no Add to cart", async () => {
    const liquor = (await search("spaza", { categoryFilter: "Liquor" })).find((p) => p.isLiquor);
    if (!liquor) throw new Error("no liquor in stock for spaza");
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/products/${encodeURIComponent(liquor.skuCode)}`);
    await page.getByRole("heading", { level: 1, name: liquor.skuDescription }).waitFor();
    // Said before the click; the server's refusal has its API test (cart.api.test.ts).
    await page.getByRole("main").getByText("Licensed liquor customers only", { exact: true }).waitFor();
    await expect(page.getByRole("main").getByRole("button", { name: "Add to cart" }).count()).resolves.toBe(
      0,
    );
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 0 items");
    expect((await cartOf("spaza")).cartItems).toHaveLength(0);
  });

  it("keeps a product on the wishlist and moves it to the cart", async () => {
    const [product] = (await search("spaza", { categoryFilter: "Hygiene" })).filter(
      (p) => p.stockOnHand >= 200,
    );
    if (!product) throw new Error("no hygiene product in stock for spaza");
    await page.goto(`${baseUrl}/products/${encodeURIComponent(product.skuCode)}`);
    await page.getByRole("heading", { level: 1, name: product.skuDescription }).waitFor();
    await page.getByRole("main").getByRole("button", { name: "Add to wishlist" }).click();
    await notifications(page).getByText("Item added to wishlist").waitFor();
    const wishlistLink = page.getByRole("banner").getByRole("link", { name: /^Wishlist/ });
    await expect.poll(() => wishlistLink.getAttribute("aria-label")).toBe("Wishlist, 1 item");

    await wishlistLink.click();
    await page.waitForURL(/\/wish-list$/);
    const items = page.getByRole("list", { name: "Products on your wishlist" }).getByRole("listitem");
    await items.getByText(product.skuDescription).waitFor();
    await expectNoBlockingViolations(page, "the wishlist");
    await items.getByRole("button", { name: `Move to cart: ${product.skuDescription}` }).click();
    await page.getByText("Your wishlist is empty.", { exact: false }).waitFor();
    await expect.poll(() => cartButton(page).getAttribute("aria-label")).toBe("Cart, 1 item");
    await expect.poll(() => wishlistLink.getAttribute("aria-label")).toBe("Wishlist, 0 items");
    expect((await cartOf("spaza")).cartItems.map((l) => l.productId)).toEqual([product.skuCode]);
  });
});
