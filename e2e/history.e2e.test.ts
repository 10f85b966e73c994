// Order history: found by product or order number and by day, focus on the results
// heading after a search, Reorder on each row (through the quick order pad), at 390 and 1280 px.
import { Cart } from "@trade-shop/contracts/cart";
import { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { Order } from "@trade-shop/contracts/orders";
import { describe, expect, it } from "vitest";
import { buildCreateOrder } from "../apps/web/src/features/orders/create-order";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();

/** A customer account of its own per width. */
const accounts = phoneAndDesktop("CUS0022", "CUS0023");
describe.each(accounts)("order history on a %s", (_name, viewport, customerAccount) => {
  it("finds an order by product and by day, moves focus to the results, and reorders a row", async () => {
    const token = await newCustomerLogin(baseUrl, customerAccount);
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token,
      body: { pageNumber: 2, resultsPerPage: 24, inStockOnly: true, categoryFilter: "Sweets" },
      answer: ProductSearchResult,
    });
    const product = search.skuResults.find((p) => !p.isLiquor && p.stockOnHand >= 20)!;
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token,
      body: { skuCode: product.skuCode, quantity: 2 },
    });
    const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
    const placed = await callApi(baseUrl, "POST", "/api/Order", {
      token,
      body: buildCreateOrder(cart, { homeDelivery: true, reference: "" }, new Date()),
      answer: Order,
    });

    const page = await openPage(viewport);
    await openWithToken(page, baseUrl, token, "/orders-history");
    const main = page.getByRole("main");
    const finder = main.getByRole("search", { name: "Find orders" });
    await finder.getByLabel("Order number, reference or product").fill(product.skuCode);
    await finder.getByRole("button", { name: "Find" }).click();
    const heading = main.getByRole("heading", { level: 2, name: /found$/ });
    await heading.waitFor();
    await page.waitForURL(new RegExp(`search=${product.skuCode}`));
    await expect
      .poll(() => heading.evaluate((el) => el === document.activeElement), { timeout: 5000 })
      .toBe(true);
    const rows = main.getByRole("list", { name: "Your orders" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(1);
    await expect(
      rows.first().getByRole("link", { name: placed.orderId, exact: true }).isVisible(),
    ).resolves.toBe(true);

    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Africa/Johannesburg" });
    await finder.getByLabel("Order number, reference or product").fill("");
    await finder.getByLabel("From").fill(today);
    await finder.getByLabel("To").fill(today);
    await finder.getByRole("button", { name: "Find" }).click();
    await page.waitForURL(new RegExp(`from=${today}&to=${today}`));
    await rows.getByRole("link", { name: placed.orderId, exact: true }).waitFor();

    await finder.getByLabel("Order number, reference or product").fill("no order is called this");
    await finder.getByRole("button", { name: "Find" }).click();
    await main.getByText("No orders match.", { exact: false }).waitFor();
    await finder.getByRole("button", { name: "Clear" }).click();
    await rows.getByRole("link", { name: placed.orderId, exact: true }).waitFor();
    await expectNoViolations(page, `the order history at ${viewport.width} px`);

    await rows
      .filter({ hasText: placed.orderId })
      .getByRole("link", { name: `Reorder ${placed.orderId}` })
      .click();
    // The order's lines come onto the quick order pad, checked; the buyer takes one pack more.
    await page.waitForURL(/\/quick-order\?reorder=/);
    const box = page.getByLabel("Lines: what to order and how many");
    await expect.poll(() => box.inputValue()).toBe(`${product.skuCode}, 2`);
    const checked = page.getByRole("heading", { level: 2, name: /checked/ });
    await expect.poll(() => checked.textContent()).toBe("1 line checked · all ready");
    await page.getByText(`Reordering order ${placed.orderId}`, { exact: false }).waitFor();
    await box.fill(`${product.skuCode}, 3`);
    await page.getByRole("button", { name: "Check lines" }).click();
    await page.getByRole("list", { name: "Checked lines" }).getByText("3 packs").waitFor();
    await page.getByRole("button", { name: "Add 1 line to cart" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("banner")
          .getByRole("button", { name: /^Cart, / })
          .getAttribute("aria-label"),
      )
      .toBe("Cart, 1 item");
    const again = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
    expect(again.cartItems.map((l) => [l.productId, l.quantity])).toEqual([[product.skuCode, 3]]);
    await page.context().close();
  });
});
