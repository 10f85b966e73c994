// The quick order pad's other ways in, at 390 and 1280 px (coastal CUS0032, CUS0033):
// a product found by the keyboard alone in the line finder; a USB scanner's digits and Enter
// typed with no field focused (a keyboard wedge), twice, adding up; the checked lines saved as
// a new order list; an Excel workbook uploaded; and a product card's packs added to that list.
import { Cart } from "@trade-shop/contracts/cart";
import { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { OrderList, type OrderListSummary } from "@trade-shop/contracts/order-lists";
import { describe, expect, it } from "vitest";
import { simpleWorkbook } from "../apps/web/src/features/quick-order/testing/xlsx-writer";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { newCustomerLogin, openWithToken } from "./support/session";

const { baseUrl, openPage } = browserFile();

/** A customer account of its own per width. */
const accounts = phoneAndDesktop("CUS0032", "CUS0033");
describe.each(accounts)("the quick order pad's tools on a %s", (_name, viewport, customerAccount) => {
  it("finds a product by keyboard, takes a scanner's codes, saves a list, reads a workbook and adds a card to the list", async () => {
    const token = await newCustomerLogin(baseUrl, customerAccount, { tenant: "coastal" });
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token,
      body: { pageNumber: 1, resultsPerPage: 24, inStockOnly: true, categoryFilter: "Biscuits" },
      answer: ProductSearchResult,
    });
    const inStock = search.skuResults.filter((p) => !p.isLiquor && p.stockOnHand >= 20);
    const withBarcodes = await Promise.all(
      inStock.map((p) =>
        callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", {
          token,
          body: { skuCode: p.skuCode },
          answer: Product,
        }),
      ),
    );
    const scanned = withBarcodes.find((p) => p.extendedData?.primaryGTIN);
    if (!scanned) throw new Error("no biscuit in stock with a barcode");
    const barcode = scanned.extendedData!.primaryGTIN!;
    const found = inStock.find((p) => p.skuCode !== scanned.skuCode)!;

    const page = await openPage(viewport);
    await openWithToken(page, baseUrl, token, "/quick-order");
    const box = page.getByLabel("Lines: what to order and how many");

    // The finder by keyboard alone: the code typed, the first suggestion taken, focus on Packs
    // with its value selected, 3 typed over it, Enter.
    const finder = page.getByRole("combobox", { name: "Find a product by code or name" });
    await finder.fill(found.skuCode);
    const suggestions = page.getByRole("listbox", { name: "Products found" });
    await suggestions
      .getByRole("option", { name: new RegExp(found.skuDescription) })
      .first()
      .waitFor();
    await finder.press("ArrowDown");
    await expect.poll(() => finder.getAttribute("aria-activedescendant")).toBeTruthy();
    await finder.press("Enter");
    const packs = page.getByLabel("Packs", { exact: true });
    await expect.poll(() => packs.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("3");
    await expect(packs.inputValue()).resolves.toBe("3");
    await page.keyboard.press("Enter");
    await expect.poll(() => box.inputValue()).toBe(`${found.skuCode}, 3`);
    await expect.poll(() => finder.evaluate((el) => el === document.activeElement)).toBe(true);
    // A number typed before the words is the packs.
    await finder.fill(`2 ${found.skuCode}`);
    await suggestions
      .getByRole("option", { name: new RegExp(found.skuDescription) })
      .first()
      .waitFor();
    await finder.press("ArrowDown");
    await finder.press("Enter");
    await expect.poll(() => packs.inputValue()).toBe("2");
    await page.keyboard.press("Enter");
    await expect.poll(() => box.inputValue()).toBe(`${found.skuCode}, 5`);
    await box.fill(`${found.skuCode}, 3`);
    await expectNoViolations(page, `the quick order pad's finder at ${viewport.width} px`);

    // A keyboard wedge with nothing focused: digits at a scanner's speed, then Enter; twice.
    await page.getByRole("heading", { level: 1, name: "Quick order" }).click();
    for (let scan = 0; scan < 2; scan++) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      // The scanner's keys, one task in the page: a few milliseconds apart however busy the
      // machine (typed one by one from here, a loaded machine spaced them past the 80 ms a
      // scanner's keys may be apart, and the scan read as typing).
      await page.evaluate((code) => {
        for (const key of [...code, "Enter"])
          document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      }, barcode);
    }
    await expect.poll(() => box.inputValue()).toBe(`${found.skuCode}, 3\n${barcode}, 2`);
    const results = page.getByRole("heading", { level: 2, name: /lines? checked/ });
    await expect.poll(() => results.textContent()).toBe("2 lines checked · all ready");
    const checked = page.getByRole("list", { name: "Checked lines" });
    await checked.getByText(scanned.skuDescription).waitFor();

    // The checked lines become a new order list.
    await page.getByRole("button", { name: "Save to an order list" }).click();
    const dialog = page.getByRole("dialog", { name: "Add to an order list" });
    await dialog.getByText("2 lines from the quick order pad").waitFor();
    await dialog.getByLabel("Name of the new list").fill("Biscuit run");
    await expectNoViolations(page, `the order list dialog at ${viewport.width} px`);
    await dialog.getByRole("button", { name: "Add to list" }).click();
    await dialog.waitFor({ state: "detached" });
    const lists = await callApi(baseUrl, "GET", "/api/OrderLists", { token });
    const saved = (lists as OrderListSummary[]).find((l) => l.name === "Biscuit run")!;
    const listLines = async () => {
      const list = await callApi(baseUrl, "GET", `/api/OrderLists/${saved.id}`, { token, answer: OrderList });
      return Object.fromEntries(list.lines.map((l) => [l.skuCode, l.quantity]));
    };
    expect(await listLines()).toEqual({ [found.skuCode]: 3, [scanned.skuCode]: 2 });

    await page.getByRole("button", { name: "Add 2 lines to cart" }).click();
    await page.getByRole("status").getByText("2 lines added to your cart.").waitFor();
    const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
    expect(Object.fromEntries(cart.cartItems.map((l) => [l.productId, l.quantity]))).toEqual({
      [found.skuCode]: 3,
      [scanned.skuCode]: 2,
    });

    // An Excel workbook: a header row, then a code and a barcode stored as a number.
    const third = inStock.find((p) => p.skuCode !== found.skuCode && p.skuCode !== scanned.skuCode)!;
    const workbook = await simpleWorkbook([
      ["Code", "Qty"],
      [third.skuCode, 4],
      [Number(barcode), 1],
    ]);
    await page.locator('input[type="file"]').setInputFiles({
      name: "order.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await workbook.arrayBuffer()),
    });
    await expect.poll(() => box.inputValue()).toBe(`Code\tQty\n${third.skuCode}\t4\n${barcode}\t1`);
    await expect.poll(() => results.textContent()).toBe("2 lines checked · all ready");

    // A product card's packs go onto the list chosen in the dialog.
    await page.goto(`${baseUrl}/products?${new URLSearchParams({ searchText: third.skuCode })}`);
    const card = page.getByRole("article", { name: third.skuDescription });
    await card.getByLabel("Quantity (packs)").fill("5");
    await card.getByRole("button", { name: "Add to an order list" }).click();
    await dialog.getByText(`${third.skuDescription}, 5 packs`).waitFor();
    await dialog.getByRole("radio", { name: /^Biscuit run/ }).check();
    await dialog.getByRole("button", { name: "Add to list" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(listLines).toEqual({ [found.skuCode]: 3, [scanned.skuCode]: 2, [third.skuCode]: 5 });
    await page.context().close();
  });
});
