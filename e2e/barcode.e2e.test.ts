// A barcode in the header search: a USB or Bluetooth scanner types the digits into
// the focused search box and presses Enter (a keyboard wedge); the product's page opens. An
// unknown barcode is named in the error toast and stays in the box. At 390 and 1280 px.
import { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { gtinCheckDigit } from "@trade-shop/contracts/gtin";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { expectProblem } from "./support/page-errors";

const { baseUrl, openPage } = browserFile();

/** A product with the supplier's data, so its barcode is on the pack (extendedData.primaryGTIN). */
async function productWithBarcode(): Promise<Product & { barcode: string }> {
  const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
    body: { pageNumber: 1, resultsPerPage: 12, categoryFilter: "Biscuits" },
    answer: ProductSearchResult,
  });
  for (const { skuCode } of search.skuResults) {
    const product = await callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", {
      body: { skuCode },
      answer: Product,
    });
    const barcode = product.extendedData?.primaryGTIN;
    if (barcode) return { ...product, barcode };
  }
  throw new Error("no biscuit with a barcode on the first page");
}

describe.each(phoneAndDesktop())("a barcode in the search box on a %s", (_name, viewport) => {
  it("opens the product's page when a scanner types it and Enter; names an unknown one", async () => {
    const product = await productWithBarcode();
    const page = await openPage(viewport);
    await page.goto(`${baseUrl}/products?category=home`);
    const box = page.getByRole("combobox", { name: "Search for products" });
    await box.click();
    // A keyboard wedge: digits at typing speed, then Enter.
    await page.keyboard.type(product.barcode, { delay: 5 });
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/products/${product.skuCode}`);
    await page.getByRole("heading", { level: 1, name: product.skuDescription }).waitFor();
    // Emptied for the next scan, which the scanner types after whatever the box holds.
    await expect(box.inputValue()).resolves.toBe("");
    await expectNoViolations(page, `a product opened by its barcode at ${viewport.width} px`);

    const body = "600999999999";
    const unknown = `${body}${gtinCheckDigit(body)}`;
    expectProblem(page, "not_found", `/api/Product/GetProductByBarcode/${unknown}`);
    await box.click();
    await page.keyboard.type(unknown, { delay: 5 });
    await page.keyboard.press("Enter");
    await page.getByText(`No product has the barcode ${unknown}.`).waitFor();
    expect(page.url()).toBe(`${baseUrl}/products/${product.skuCode}`);
    await expect(box.inputValue()).resolves.toBe(unknown);
    await page.context().close();
  });
});
