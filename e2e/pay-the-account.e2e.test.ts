// Paying the account in the browser (docs/payments.md), on a shop of this file's own whose
// back office (the simulator) shares a secret with the test, so the test can post invoices to
// an account's ledger as the back office would:
// - 390 px: a cart over the remaining credit; checkout offers to place it and pay the part over
//   credit; the built-in PayFast sandbox's page takes the payment; the shop's payment page says
//   it is paid; the order goes to the back office; the header's Remaining Credit is raised live;
// - 1280 px: the statement's Pay panel pays part of the balance due, and the receipt downloads;
//   a payment cancelled at PayFast changes nothing and says so;
// - a proof of an EFT payment uploaded on the statement at 390 px and matched by staff at
//   /payment-proofs at 1280 px: the account's credit rises by it, once, and the customer sees it
//   matched.
// Screenshots go to /tmp/pay-*.png for a person to look at.
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreditDetails } from "@trade-shop/contracts/accounts";
import { Order } from "@trade-shop/contracts/orders";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, uniqueName } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { signedBackOfficePost } from "./support/back-office";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { rand } from "./support/catalogue-api";
import { productsInStock } from "./support/orders";
import { apiToken, newCustomerLogin, openWithToken } from "./support/session";
import { startOwnShop } from "./support/shop";
import { type ShopServer } from "../scripts/shop-server.mjs";

const shot = (name: string) => path.join(os.tmpdir(), `pay-${name}.png`);
const SECRET = "a-back-office-secret-for-the-payments-test-2026";

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  browser = await launchBrowser();
  shop = await startOwnShop({
    BACKOFFICE_SECRET: SECRET,
    BACKOFFICE_SIMULATOR_STEP_MS: "2000",
    AUTH_RATE_LIMIT_FACTOR: "20",
    REALTIME_READ_SLACK_MS: "0",
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** An invoice of `amount` on the account's ledger, as the back office reports one. */
async function invoice(accountId: string, amount: number) {
  const answer = await signedBackOfficePost(shop.baseUrl, SECRET, "/api/BackOffice/AccountDocument", {
    tenantId: "gauteng",
    accountId,
    kind: "Invoice",
    reference: uniqueName("INV").slice(0, 30),
    date: new Date(Date.now() - 60_000).toISOString(),
    amount,
    description: "Invoice for the payments test",
  });
  expect(answer.status, answer.text).toBe(200);
}

const credit = (token: string) =>
  callApi(shop.baseUrl, "POST", "/api/Users/GetCreditDetails", { token, answer: CreditDetails });

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

describe("paying the account", () => {
  it("places an order over credit and pays the part over it at PayFast; the order goes to us and the credit rises live (390 px)", async () => {
    const baseUrl = shop.baseUrl;
    const token = await newCustomerLogin(baseUrl, "CUS0007");
    // Leave R100.00 of credit.
    const before = await credit(token);
    await invoice("CUS0007", Math.round((before.remainingCredit - 100) * 100) / 100);
    expect((await credit(token)).remainingCredit).toBe(100);
    const product = (await productsInStock(baseUrl, token, "Chips", 30))[0]!;
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token,
      body: { skuCode: product.skuCode, quantity: 20 },
    });

    const page = await openPage(browser, PHONE);
    await openWithToken(page, baseUrl, token, "/checkout");
    const notice = page.getByRole("alert").filter({ hasText: "over your remaining credit" });
    await notice.waitFor();
    const pay = notice.getByRole("button", { name: /^Place order and pay R[\d ]+\.\d\d now$/ });
    await page.screenshot({ path: shot("checkout-390"), fullPage: true });
    await expectNoViolations(page, "checkout over credit with Pay now (390 px)");
    await pay.click();

    // PayFast's page (the built-in sandbox), then back to the shop.
    await page.getByRole("heading", { name: "PayFast sandbox" }).waitFor();
    await page.screenshot({ path: shot("payfast-390"), fullPage: true });
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("heading", { name: /^Thank you: R[\d ]+\.\d\d is paid$/ }).waitFor();
    await page.getByText(/Order TS\d+ has gone to us for picking\./).waitFor();
    await page.screenshot({ path: shot("paid-390"), fullPage: true });
    await expectNoViolations(page, "payment paid (390 px)");

    // Paid back up to its limit: nothing over credit remains, and the header says so as it happens.
    await expect.poll(() => text(page, "header-credit"), { timeout: 15_000 }).toBe(rand(0));
    const orderLink = page.getByRole("link", { name: /^See order TS\d+$/ });
    await orderLink.click();
    await page.waitForURL(/\/orders-history\/\d+$/);
    const orderId = Number(page.url().split("/").at(-1));
    const order = await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${orderId}`, {
      token,
      answer: Order,
    });
    expect(order.currentPastelStatus).not.toBe("Awaiting payment");
    expect(order.payfastPaymentId).toMatch(/^\d+$/);
    // The simulated back office takes it (it would put it On Hold were the account still over).
    await expect
      .poll(
        async () =>
          (await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${orderId}`, { token, answer: Order }))
            .currentPastelStatus,
        { timeout: 20_000 },
      )
      .toMatch(/Picking|Invoiced|Dispatched|Delivered/);
  });

  it("pays part of the balance from the statement and downloads the receipt; a payment cancelled at PayFast changes nothing (1280 px)", async () => {
    const baseUrl = shop.baseUrl;
    const token = await newCustomerLogin(baseUrl, "CUS0008");
    await invoice("CUS0008", 2500);
    const before = await credit(token);

    const page = await openPage(browser, DESKTOP);
    await openWithToken(page, baseUrl, token, "/statements");
    const panel = page.getByRole("region", { name: "Pay your account" });
    await panel.getByText("Account number").waitFor();
    await panel.getByText("CUS0008", { exact: true }).waitFor();
    await page.screenshot({ path: shot("statement-1280"), fullPage: true });
    await expectNoViolations(page, "statement with the Pay panel (1280 px)");

    // Too little is refused on the page, before PayFast.
    await panel.getByLabel("Amount to pay (R)").fill("20");
    // An amount it cannot pay names none on the button.
    await panel.getByRole("button", { name: "Pay now" }).click();
    await panel
      .getByRole("alert")
      .getByText(/^Pay from R50\.00 up to R[\d ]+\.\d\d, the balance due\.$/)
      .waitFor();

    // Cancelled at PayFast: nothing paid, nothing changed.
    await panel.getByLabel("Amount to pay (R)").fill("300");
    await panel.getByRole("button", { name: "Pay R300.00 now" }).click();
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.getByRole("heading", { name: "Payment cancelled" }).waitFor();
    await page.getByText("nothing was paid and nothing changed").waitFor();
    expect((await credit(token)).remainingCredit).toBe(before.remainingCredit);

    // Paid: R1 000.50 off the balance.
    await openWithToken(page, baseUrl, token, "/statements");
    await panel.getByLabel("Amount to pay (R)").fill("1000.50");
    await panel.getByRole("button", { name: "Pay R1 000.50 now" }).click();
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("heading", { name: "Thank you: R1 000.50 is paid" }).waitFor();
    await page.screenshot({ path: shot("paid-1280"), fullPage: true });
    expect((await credit(token)).remainingCredit).toBeCloseTo(before.remainingCredit + 1000.5, 2);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download receipt" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-PAY-[0-9A-Z]{10}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    // The statement lists it with its method.
    await page.getByRole("link", { name: "Statements" }).last().click();
    await page.getByRole("table").getByText("PayFast payment (card or instant EFT)").first().waitFor();
  });

  it("takes a proof of an EFT payment on the statement (390 px), which staff match at /payment-proofs (1280 px)", async () => {
    const baseUrl = shop.baseUrl;
    const token = await newCustomerLogin(baseUrl, "CUS0009");
    await invoice("CUS0009", 3000);
    const before = await credit(token);

    const phone = await openPage(browser, PHONE);
    await openWithToken(phone, baseUrl, token, "/statements");
    const form = phone.getByRole("form", { name: "Send a proof of payment" });
    await form.getByLabel("Amount paid (R)").fill("1234.56");
    await form.getByLabel("Reference on the payment", { exact: false }).fill("FNB 778812");
    await form.getByLabel("Proof of payment").setInputFiles({
      name: "proof-of-payment.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
    });
    await form.getByRole("button", { name: "Send proof of payment" }).click();
    await phone
      .getByText("Proof of payment sent: we will match it to your account within a working day.")
      .waitFor();
    const sent = phone.getByRole("list", { name: "Proofs you sent" });
    await sent.getByText("R1 234.56").waitFor();
    await phone.screenshot({ path: shot("proof-sent-390"), fullPage: true });
    await expectNoViolations(phone, "statement with a proof sent (390 px)");

    const staff = await openPage(browser, DESKTOP);
    // Staff work in one tenant at a time: the account's.
    await staff.goto(`${baseUrl}/not-found`);
    await staff.evaluate(() => localStorage.setItem("tradeshop.tenant", "gauteng"));
    await openWithToken(staff, baseUrl, await apiToken(baseUrl, "staff"), "/payment-proofs");
    const what = /^Match R1 234\.56 from .+…$/;
    await staff.getByRole("button", { name: what }).first().click();
    await staff.getByRole("button", { name: "Match R1 234.56" }).click();
    await expect
      .poll(async () => (await credit(token)).remainingCredit, { timeout: 10_000 })
      .toBeCloseTo(before.remainingCredit + 1234.56, 2);
    await staff.screenshot({ path: shot("proofs-staff-1280"), fullPage: true });
    await expectNoViolations(staff, "/payment-proofs (1280 px)");

    await phone.reload();
    await phone.getByRole("list", { name: "Proofs you sent" }).getByText("Matched").first().waitFor();
    expect((await credit(token)).remainingCredit).toBeCloseTo(before.remainingCredit + 1234.56, 2);
  });
});
