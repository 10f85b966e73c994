// Statements in the browser: a customer opens /statements from the account menu,
// picks a month, sees the figures and ageing, and downloads the statement PDF, which is read
// back and checked against the screen; the page passes axe at phone and desktop widths and
// fits a phone. Uses its own coastal account (CUS0034), so no other test moves its balance.
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { OrderHistory } from "@trade-shop/contracts/orders";
import { Statement } from "@trade-shop/contracts/statements";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoViolations } from "./support/axe";
import { callApi } from "./support/api";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { rand } from "./support/catalogue-api";
import { newCustomerLogin, openWithToken } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

/** The month before this one in Johannesburg, as 2026-10 and "October 2026". */
function lastMonth(): { value: string; label: string } {
  const sast = new Date(Date.now() + 2 * 3_600_000);
  const at = new Date(Date.UTC(sast.getUTCFullYear(), sast.getUTCMonth() - 1, 1));
  return {
    value: at.toISOString().slice(0, 7),
    label: at.toLocaleString("en-ZA", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
}

describe("statements", () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await newCustomerLogin(baseUrl, "CUS0034", { tenant: "coastal" });
  });
  afterAll(() => browser?.close());

  it("downloads the month's statement as a PDF with the figures the screen shows", async () => {
    const month = lastMonth();
    const statement = await callApi(baseUrl, "GET", `/api/Account/GetStatement?month=${month.value}`, {
      token,
      answer: Statement,
    });
    const page = await openPage(browser, DESKTOP);
    await openWithToken(page, baseUrl, token, "/account-dashboard");
    await page.getByRole("banner").getByRole("link", { name: "Statements" }).click();
    await expect.poll(() => page.url()).toContain("/statements");
    await page.getByRole("heading", { level: 1, name: "Statements" }).waitFor();
    await page.getByLabel("Month").selectOption({ label: month.label });
    const closing = page
      .getByRole("term")
      .filter({ hasText: /^Closing balance$/ })
      .locator("xpath=following-sibling::dd");
    await expect.poll(() => closing.textContent()).toBe(rand(statement.closingBalance));
    await page.getByRole("heading", { name: /^Ageing on / }).waitFor();
    await expectNoViolations(page, "/statements (desktop)");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-CUS0034-${month.value}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    expect(pdf.getTitle()).toContain("CUS0034");
    expect(pdf.getSubject()).toBe(`Closing balance ${rand(statement.closingBalance)}`);
    await page.context().close();
  });

  it("downloads a delivered order's tax invoice from its details", async () => {
    const history = await callApi(baseUrl, "GET", "/api/Order?status=Delivered", {
      token,
      answer: OrderHistory,
    });
    const order = history[0]!;
    const page = await openPage(browser, DESKTOP);
    await openWithToken(page, baseUrl, token, `/orders-history/${order.id}`);
    const button = page.getByRole("button", { name: /^Download tax invoice INV\d+$/ });
    const invoiceNumber = (await button.textContent())!.replace("Download tax invoice ", "");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe(`tax-invoice-${invoiceNumber}.pdf`);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getTitle()).toBe(`Tax Invoice ${invoiceNumber} (order ${order.orderId})`);
    expect(pdf.getSubject()).toBe(`Total incl. VAT ${rand(order.totalPriceIncl)}`);
    await expectNoViolations(page, "/orders-history/:id with the invoice button");
    await page.context().close();
  });

  it("fits a phone and passes axe there", async () => {
    const page = await openPage(browser, PHONE);
    await openWithToken(page, baseUrl, token, "/statements");
    await page.getByRole("heading", { name: /^Ageing on / }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoViolations(page, "/statements (phone)");
    await page.context().close();
  });
});
