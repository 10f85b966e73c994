// The quick order pad at 390 and 1280 px: 30 lines pasted as from a spreadsheet, one
// unknown code marked and fixed in the box, all 30 added at once and found in the cart; the
// sample file uploaded and read. A login of its own per width (CUS0024, CUS0025).
import { Cart } from "@trade-shop/contracts/cart";
import { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { describe, expect, it } from "vitest";
import { SAMPLE_CSV } from "../apps/web/src/features/quick-order/parse-lines";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();

/** A customer account of its own per width. */
const accounts = phoneAndDesktop("CUS0024", "CUS0025");
describe.each(accounts)("the quick order pad on a %s", (name, viewport, customerAccount) => {
  it("checks 30 pasted lines, marks an unknown code, and adds all 30 once it is fixed", async () => {
    const token = await newCustomerLogin(baseUrl, customerAccount);
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token,
      body: { pageNumber: 1, resultsPerPage: 48, inStockOnly: true, categoryFilter: "Sweets" },
      answer: ProductSearchResult,
    });
    const products = search.skuResults.filter((p) => !p.isLiquor && p.stockOnHand >= 5).slice(0, 30);
    expect(products).toHaveLength(30);
    const quantityOf = (i: number) => (i % 3) + 1;
    // As copied from a spreadsheet: code, tab, quantity; line 17 has a code nobody uses.
    const rows = products.map((p, i) => `${i === 16 ? "ZZZ99999" : p.skuCode}\t${quantityOf(i)}`);

    const page = await openPage(viewport);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    // A phone reaches the pad from the side menu, a desktop from the category strip.
    if (name === "phone") {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page
        .getByRole("navigation", { name: "Ordering menu" })
        .getByRole("link", { name: "Quick order" })
        .click();
    } else {
      await page
        .getByRole("navigation", { name: "Product categories" })
        .getByRole("link", { name: "Quick order" })
        .click();
    }
    const box = page.getByLabel("Lines: what to order and how many");
    await box.fill(rows.join("\n"));
    await page.getByRole("button", { name: "Check lines" }).click();
    const results = page.getByRole("heading", { level: 2, name: /lines checked/ });
    await expect.poll(() => results.textContent()).toBe("30 lines checked · 1 to fix");
    const checked = page.getByRole("list", { name: "Checked lines" });
    await checked.getByText("No product has the code ZZZ99999.").waitFor();
    await expectNoViolations(page, `the quick order pad with a line to fix at ${viewport.width} px`);

    // Fixed in the box and checked again.
    await box.fill(
      rows.map((row, i) => (i === 16 ? `${products[16]!.skuCode}\t${quantityOf(16)}` : row)).join("\n"),
    );
    await page.getByRole("button", { name: "Check lines" }).click();
    await expect.poll(() => results.textContent()).toBe("30 lines checked · all ready");
    await page.getByRole("button", { name: "Add 30 lines to cart" }).click();
    await page.getByRole("status").getByText("30 lines added to your cart.").waitFor();
    const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
    expect(Object.fromEntries(cart.cartItems.map((l) => [l.productId, l.quantity]))).toEqual(
      Object.fromEntries(products.map((p, i) => [p.skuCode, quantityOf(i)])),
    );
    await expectNoViolations(page, `the quick order pad after adding at ${viewport.width} px`);

    // The sample file, uploaded, is read line by line (its header row skipped).
    await page.locator('input[type="file"]').setInputFiles({
      name: "quick-order-sample.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(SAMPLE_CSV),
    });
    await expect.poll(() => results.textContent()).toMatch(/^2 lines checked/);
    await page.context().close();
  });
});
