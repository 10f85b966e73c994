// Before the click: an add beyond the warehouse's stock adds what there is and says so
// at once; a cart line that stock sold since has left short is marked in the cart and at
// checkout, with "Reduce to available", and Place order waits until it is; a total over the
// remaining credit is said once, by how much, and cannot be submitted. At 390 and 1280 px.
import { CreditDetails, CustomerDetails } from "@trade-shop/contracts/accounts";
import { Cart } from "@trade-shop/contracts/cart";
import { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { toCents } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import { Order } from "@trade-shop/contracts/orders";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCreateOrder } from "../apps/web/src/features/orders/create-order";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { expectProblem } from "./support/page-errors";
import { newCustomerLogin, openWithToken } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

let browser: Browser;
let pool: Buyer[];
let warehouse: string;
let other: Buyer;

interface Buyer {
  token: string;
  warehouse: string;
  remainingCredit: number;
}

/**
 * Logins of their own on demo customer accounts that have none (CUS0006 on, at most CUS0013;
 * CUS0005 is the account test's and CUS0015 on are share-and-menu's), so no other test's cart or
 * orders get in the way. CUS0006-CUS0013 are three JHB and five PTA accounts: enough for the three
 * buyers of one warehouse and the four others the tests take.
 */
async function newBuyers(count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let n = 6; n < 6 + count; n++) {
    const token = await newCustomerLogin(baseUrl, `CUS${String(n).padStart(4, "0")}`);
    const details = await callApi(baseUrl, "POST", "/api/Users/GetCustomerDetails", {
      token,
      answer: CustomerDetails,
    });
    const credit = await callApi(baseUrl, "POST", "/api/Users/GetCreditDetails", {
      token,
      answer: CreditDetails,
    });
    buyers.push({
      token,
      warehouse: details.stockingWarehouseCode ?? "",
      remainingCredit: credit.remainingCredit,
    });
  }
  return buyers;
}

/** Takes out of `pool` a buyer of `warehouse` (any when not given). */
function take(pool: Buyer[], warehouse?: string): Buyer {
  const index = pool.findIndex((b) => warehouse === undefined || b.warehouse === warehouse);
  if (index < 0) throw new Error(`no demo account left in ${warehouse}`);
  return pool.splice(index, 1)[0]!;
}

/** The warehouse most of the pool buys from. */
function busiestWarehouse(pool: Buyer[]): string {
  const counts = new Map<string, number>();
  for (const b of pool) counts.set(b.warehouse, (counts.get(b.warehouse) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

const cartOf = (token: string) => callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
const clearCart = (token: string) => callApi(baseUrl, "POST", "/api/Cart/ClearUserCart", { token, body: {} });

/** A product the buyer's warehouse holds only a few of (6 to 30), late in the list so other tests leave it alone. */
async function scarceProduct(token: string): Promise<Product> {
  for (const categoryFilter of ["Hygiene", "Biscuits", "Sweets", "Chips", "Beverages"]) {
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token,
      body: { pageNumber: 3, resultsPerPage: 48, inStockOnly: true, categoryFilter },
      answer: ProductSearchResult,
    });
    const found = search.skuResults
      .filter((p) => !p.isLiquor && p.stockOnHand >= 6 && p.stockOnHand <= 30)
      .at(-1);
    if (found) return found;
  }
  throw new Error("no product with 6 to 30 packs in stock");
}

async function stockOf(token: string, skuCode: string): Promise<number> {
  const found = await callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", {
    token,
    body: { skuCode },
    answer: Product,
  });
  return found.stockOnHand;
}

beforeAll(async () => {
  browser = await launchBrowser();
  pool = await newBuyers(8);
  warehouse = busiestWarehouse(pool);
  // Buys from the same warehouse as the stock tests' buyers, to sell their stock from under them.
  other = take(pool, warehouse);
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const)("stock before the click on a %s", (_name, viewport) => {
  it("adds only what is in stock and says so at once; a line left short is marked, reduced to available, and only then can be ordered", async () => {
    const { token: buyer } = take(pool, warehouse);
    const product = await scarceProduct(buyer);
    const stock = await stockOf(buyer, product.skuCode);
    const page = await openPage(browser, viewport);
    await openWithToken(page, baseUrl, buyer, `/products/${product.skuCode}`);

    const main = page.getByRole("main");
    await main
      .getByLabel(/Quantity/)
      .first()
      .fill(String(stock + 5));
    await main.getByRole("button", { name: "Add to cart" }).first().click();
    await page.getByText(`Only ${stock} in stock — ${stock} added`).waitFor();
    expect((await cartOf(buyer)).cartItems.find((l) => l.productId === product.skuCode)?.quantity).toBe(
      stock,
    );

    // Two packs sold to someone else: the buyer's line now asks for two more than there are.
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token: other.token,
      body: { skuCode: product.skuCode, quantity: 2 },
    });
    await callApi(baseUrl, "POST", "/api/Order", {
      token: other.token,
      body: buildCreateOrder(await cartOf(other.token), { homeDelivery: true, reference: "" }, new Date()),
      answer: Order,
    });
    const left = stock - 2;

    await page.goto(`${baseUrl}/cart`);
    const notice = main
      .getByRole("alert")
      .filter({ hasText: "One product asks for more than we have in stock." });
    await notice.waitFor();
    await expect(main.getByText(`Only ${left} in stock`, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(
      main.getByRole("button", { name: `Reduce to available: ${product.skuDescription}` }).isVisible(),
    ).resolves.toBe(true);
    await expectNoViolations(page, `the cart with a short line at ${viewport.width} px`);

    await page.goto(`${baseUrl}/checkout`);
    const place = main.getByRole("button", { name: "Place order" });
    await main
      .getByRole("alert")
      .filter({ hasText: "One product asks for more than we have in stock." })
      .waitFor();
    await expect(place.isDisabled(), "Place order waits while a line is short").resolves.toBe(true);
    await expect(main.getByText(`Only ${left} in stock`, { exact: true }).isVisible()).resolves.toBe(true);
    await expectNoViolations(page, `the checkout with a short line at ${viewport.width} px`);

    await main.getByRole("button", { name: "Reduce all to available" }).click();
    await expect.poll(() => place.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect((await cartOf(buyer)).cartItems.find((l) => l.productId === product.skuCode)?.quantity).toBe(left);
    await expect(main.getByRole("alert").count()).resolves.toBe(0);

    await clearCart(buyer);
    await page.context().close();
  });

  it("refuses at once an add when the cart already holds all there is", async () => {
    const { token: buyer } = take(pool);
    const product = await scarceProduct(buyer);
    const stock = await stockOf(buyer, product.skuCode);
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token: buyer,
      body: { skuCode: product.skuCode, quantity: stock },
    });
    const page = await openPage(browser, viewport);
    expectProblem(page, "stock_short", "/api/Cart/AdditemToCart");
    await openWithToken(page, baseUrl, buyer, `/products/${product.skuCode}`);
    // In the cart already: the page's stepper shows the packs there, and one more is refused at once.
    await page
      .getByRole("main")
      .getByRole("button", { name: `One pack more of ${product.skuDescription}` })
      .first()
      .click();
    await page
      .getByText(`Only ${stock} of ${product.skuDescription} in stock, and your cart already has ${stock}.`)
      .waitFor();
    expect((await cartOf(buyer)).cartItems.find((l) => l.productId === product.skuCode)?.quantity).toBe(
      stock,
    );
    await clearCart(buyer);
    await page.context().close();
  });
});

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const)("credit before the click on a %s", (_name, viewport) => {
  it("shows remaining credit beside the total, says by how much the order is over it, and cannot be submitted", async () => {
    // The account with the least credit left, and enough stock in its cart to go over it.
    const lowest = [...pool].sort((a, b) => a.remainingCredit - b.remainingCredit)[0]!;
    pool.splice(pool.indexOf(lowest), 1);
    const { token: buyer, remainingCredit } = lowest;
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token: buyer,
      body: { pageNumber: 1, resultsPerPage: 48, inStockOnly: true, categoryFilter: "Beverages" },
      answer: ProductSearchResult,
    });
    let total = 0;
    for (const product of search.skuResults.filter((p) => !p.isLiquor && p.stockOnHand >= 20)) {
      if (total > remainingCredit && total > 0) break;
      const added = await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
        token: buyer,
        body: { skuCode: product.skuCode, quantity: Math.min(product.stockOnHand, 200) },
        answer: Cart,
      });
      total = added.totalPriceIncl;
    }
    const cart = await cartOf(buyer);
    const remaining = (
      await callApi(baseUrl, "POST", "/api/Users/GetCreditDetails", { token: buyer, answer: CreditDetails })
    ).remainingCredit;
    expect(cart.totalPriceIncl).toBeGreaterThan(remaining);
    const overBy = formatRandCents(toCents(cart.totalPriceIncl) - toCents(remaining));

    const page = await openPage(browser, viewport);
    await openWithToken(page, baseUrl, buyer, "/checkout");
    const main = page.getByRole("main");
    const message = main.getByRole("alert").filter({ hasText: "over your remaining credit" });
    await message.waitFor();
    await expect(message.textContent()).resolves.toContain(`${overBy} over your remaining credit`);
    await expect(main.getByRole("alert").count(), "one message, not three").resolves.toBe(1);
    const summary = main.getByRole("region", { name: "Order summary" });
    await expect(summary.getByText("Remaining credit").isVisible()).resolves.toBe(true);
    const place = main.getByRole("button", { name: "Place order", exact: true });
    await expect(place.isDisabled()).resolves.toBe(true);
    await expectNoViolations(page, `the checkout over credit at ${viewport.width} px`);

    await message.getByRole("link", { name: "Reduce your cart" }).click();
    await page.waitForURL(/\/cart$/);
    await clearCart(buyer);
    await page.context().close();
  });
});
