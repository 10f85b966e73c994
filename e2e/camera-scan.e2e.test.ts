// The camera scanner in Chromium with a fake camera that shows a demo product's
// barcode (drawn from the GS1 tables into a YUV4MPEG2 video, support/fake-camera.ts): on the
// quick order pad each scan puts a pack on the pad and the checked line names the product; in
// the header's search a scan opens the product's page. At 390 px, on the coastal tenant's
// account CUS0030 (a login of its own). Desktop Chromium on Linux has no BarcodeDetector, so
// this is the WebAssembly reader at work.
import { Product, ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { launchBrowser, openPage, PHONE } from "./support/browser";
import { fakeCameraShowing, type FakeCamera } from "./support/fake-camera";
import { newCustomerLogin, openWithToken } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

let browser: Browser;
let camera: FakeCamera;
let token: string;
let product: Product & { barcode: string };

/** A biscuit this account may buy, with the barcode printed on its pack. */
async function productWithBarcode(): Promise<Product & { barcode: string }> {
  const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
    token,
    body: { pageNumber: 1, resultsPerPage: 12, categoryFilter: "Biscuits", inStockOnly: true },
    answer: ProductSearchResult,
  });
  for (const { skuCode } of search.skuResults) {
    const found = await callApi(baseUrl, "POST", "/api/Product/GetProductBySkuCode", {
      token,
      body: { skuCode },
      answer: Product,
    });
    const barcode = found.extendedData?.primaryGTIN;
    if (barcode?.length === 13 && !found.isLiquor) return { ...found, barcode };
  }
  throw new Error("no biscuit with an EAN-13 on the first page");
}

beforeAll(async () => {
  token = await newCustomerLogin(baseUrl, "CUS0030", { tenant: "coastal" });
  product = await productWithBarcode();
  camera = fakeCameraShowing(product.barcode);
  browser = await launchBrowser(camera.args);
});
afterAll(async () => {
  await browser?.close();
  camera?.remove();
});

/** Whether the element is wholly inside the viewport. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize()!;
  return (
    box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
  );
}

/**
 * Waits for `done` or for the scanner to say why it stopped (no camera, or a reader that could
 * not start: a Content-Security-Policy without 'wasm-unsafe-eval'), failing with its sentence.
 */
async function unlessScannerStops(page: Page, done: Locator): Promise<void> {
  const stopped = page.getByRole("dialog").getByRole("alert");
  await done.or(stopped).first().waitFor();
  if (await stopped.isVisible()) throw new Error(`the scanner stopped: ${await stopped.textContent()}`);
}

describe("the camera scanner on a phone", () => {
  it("puts a pack on the quick order pad for a barcode held up to the camera", async () => {
    const page = await openPage(browser, PHONE);
    await openWithToken(page, baseUrl, token, "/quick-order");
    await page.getByRole("button", { name: "Scan with camera" }).click();
    const scanner = page.getByRole("dialog", { name: "Scan barcodes" });
    await unlessScannerStops(page, scanner.getByRole("status").getByText(`Scanned ${product.barcode}`));
    await expect(inViewport(page, scanner.getByRole("button", { name: "Done" }))).resolves.toBe(true);
    await expectNoViolations(page, "the camera scanner on the quick order pad at 390 px");

    await scanner.getByRole("button", { name: "Done" }).click();
    await scanner.waitFor({ state: "detached" });
    // The pack in view all along was one scan.
    await expect(page.getByLabel("Lines: what to order and how many").inputValue()).resolves.toBe(
      `${product.barcode}, 1`,
    );
    const checked = page.getByRole("list", { name: "Checked lines" });
    await checked.getByText(product.skuDescription).waitFor();
    await page.context().close();
  });

  it("opens the product's page from the header's search with one scan", async () => {
    const page = await openPage(browser, PHONE);
    await openWithToken(page, baseUrl, token, "/products?category=home");
    const banner = page.getByRole("banner");
    const scan = banner.getByRole("button", { name: "Scan a barcode" });
    // The camera button fits in the phone's one-row shop bar beside a still usable search box.
    await expect(inViewport(page, scan)).resolves.toBe(true);
    await expect(inViewport(page, banner.getByRole("button", { name: /^Cart, / }))).resolves.toBe(true);
    const box = banner.getByRole("combobox", { name: "Search for products" });
    expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(80);

    await scan.click();
    await unlessScannerStops(page, page.getByRole("heading", { level: 1, name: product.skuDescription }));
    expect(page.url()).toBe(`${baseUrl}/products/${product.skuCode}`);
    await expect(page.getByRole("dialog", { name: "Scan a barcode" }).count()).resolves.toBe(0);
    await expect(box.inputValue()).resolves.toBe("");
    await page.context().close();
  });
});
