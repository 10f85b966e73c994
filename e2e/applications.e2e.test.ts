// Becoming a customer in the browser (docs/applications.md), on a shop of this file's own, each
// step the next one's start:
// - 390 px: a visitor finds "Apply for an account" on the home page and applies: the business,
//   a Soweto pin from the phone's location, a liquor licence, documents (PDF and picture) and
//   credit; a reload gives the draft back; the PIN comes by e-mail; the status page opens;
// - 1280 px: staff ask for more information at /applications;
// - 390 px: the applicant reads the question, adds a document and replies;
// - 1280 px: staff approve with a price list, the nearest warehouse and the credit asked for;
// - the Owner's invitation arrives; the new owner chooses a password through its link, logs in
//   and places an order, on the account the approval made (its price list and warehouse).
// Screenshots go to /tmp/apply-*.png for a person to look at.
import os from "node:os";
import path from "node:path";
import { ApplicationList } from "@trade-shop/contracts/applications";
import { CustomerDetails } from "@trade-shop/contracts/accounts";
import { Order } from "@trade-shop/contracts/orders";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, uniqueName } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { waitForMessage } from "./support/mailbox";
import { solidPng } from "./support/png";
import { apiToken, openWithToken } from "./support/session";
import { startOwnShop } from "./support/shop";
import { type ShopServer } from "../scripts/shop-server.mjs";

const shot = (name: string) => path.join(os.tmpdir(), `apply-${name}.png`);
const OWNER_PASSWORD = "Owning-The-Spaza-2026";
/** Vilakazi Street, Soweto: the Johannesburg warehouse is the nearest. */
const SOWETO = { latitude: -26.2381, longitude: 27.9085 };

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj << >> endobj\n% ${name}\ntrailer << >>\n%%EOF\n`),
});

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  browser = await launchBrowser();
  shop = await startOwnShop({ AUTH_RATE_LIMIT_FACTOR: "20" });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** A phone standing in the shop, its location allowed. */
async function phoneAtTheShop(): Promise<Page> {
  const page = await openPage(browser, PHONE);
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ ...SOWETO, accuracy: 12 });
  return page;
}

/** Staff's page (at 1280 px unless said), in the tenant the application went to. */
async function staffPage(tenant: string, viewport = DESKTOP): Promise<Page> {
  const page = await openPage(browser, viewport);
  await page.goto(`${shop.baseUrl}/not-found`);
  await page.evaluate((id) => localStorage.setItem("tradeshop.tenant", id), tenant);
  await openWithToken(page, shop.baseUrl, await apiToken(shop.baseUrl, "staff"), "/applications");
  return page;
}

describe("applying for an account", () => {
  const businessName = uniqueName("Mama Thandi's Spaza ");
  const email = `${uniqueName("thandi-")}@e2e.test`;
  let applicant: Page;
  let statusUrl = "";
  let tenant = "";

  it("takes a visitor's application with documents and a liquor licence on a phone (390 px)", async () => {
    applicant = await phoneAtTheShop();
    await applicant.goto(`${shop.baseUrl}/products?category=home`);
    await applicant.getByRole("main").getByRole("link", { name: "Apply for an account" }).click();
    await applicant.waitForURL(/\/apply$/);
    await applicant.getByRole("heading", { level: 1, name: "Apply for an account" }).waitFor();
    const form = applicant.getByRole("form", { name: "Apply for an account" });
    const field = (label: string) => form.getByLabel(label, { exact: true });

    await field("Business name").fill(businessName);
    await field("Kind of business").selectOption("Spaza");
    await field("VAT number (optional)").fill("4123456789");
    await field("Company registration (CIPC) (optional)").fill("2015/123456/07");
    // What is typed is kept on the phone: a reload gives it back.
    await expect
      .poll(() => applicant.evaluate(() => localStorage.getItem("tradeshop.applicationDraft") ?? ""))
      .toContain("2015/123456/07");
    await applicant.reload();
    await applicant.getByText("We kept what you typed on this phone").waitFor();
    expect(await field("Business name").inputValue()).toBe(businessName);
    expect(await field("Kind of business").inputValue()).toBe("Spaza");

    await field("Your name").fill("Thandi Nkosi");
    await field("Cellphone").fill("082 123 4567");
    await field("E-mail address").fill(email);
    await field("Street address").fill("12 Vilakazi Street");
    await field("Suburb or township (optional)").fill("Orlando West");
    await field("Town or city").fill("Soweto");
    await field("Province").selectOption("Gauteng");
    await field("Postal code").fill("1804");
    await form.getByRole("button", { name: "Use my location" }).click();
    await form.getByText(/^Pin set from your phone's location, to about \d+ m\.$/).waitFor();
    expect(await field("Latitude").inputValue()).toBe("-26.238100");
    expect(await field("Longitude").inputValue()).toBe("27.908500");
    await field("Delivery day").selectOption("Tuesday");

    await field("I sell liquor").check();
    await field("Licence number").fill("GAU/00123/LL");
    await field("Licence expires on").fill("2030-06-30");
    await field("Liquor licence").setInputFiles(pdf("liquor-licence.pdf"));
    await field("ID or passport").setInputFiles(pdf("thandi-id.pdf"));
    await field("Proof of address").setInputFiles({
      name: "municipal-bill.png",
      mimeType: "image/png",
      buffer: solidPng(40, 30, [220, 220, 210]),
    });

    await field("I want to apply for credit").check();
    await field("Credit limit you ask for (R)").fill("20 000");
    await field("The business's bank").fill("FNB");
    await field("Account holder").fill(businessName);
    await field("Reference 1: supplier").fill("Soweto Cash and Carry");
    await field("Reference 1: phone").fill("011 987 6543");
    await form.getByRole("checkbox", { name: /^I agree that the distributor may check/ }).check();

    await noSideways(applicant);
    await applicant.screenshot({ path: shot("form-390"), fullPage: true });
    await expectNoViolations(applicant, "/apply filled in (390 px)");

    await form.getByRole("button", { name: "Send me a PIN" }).click();
    const mail = await waitForMessage(
      shop.baseUrl,
      email,
      /Your PIN to apply for a Trade Shop account is \d{6}/,
    );
    const pin = /is (\d{6})/.exec(mail.body)![1]!;
    await form.getByText(/^We sent a PIN to /).waitFor();
    await field("PIN").fill(pin);
    await form.getByRole("button", { name: "Send application" }).click();

    await applicant.waitForURL(/\/apply\/status\?token=[A-Za-z0-9_-]+$/);
    statusUrl = applicant.url();
    await applicant.getByRole("heading", { level: 1, name: "Your application" }).waitFor();
    await applicant.getByText(/^APP-[0-9A-Z]{6}$/).waitFor();
    await applicant.getByText(/We have your application and are checking it/).waitFor();
    const documents = applicant.getByRole("list", { name: "Documents" });
    for (const name of ["thandi-id.pdf", "municipal-bill.png", "liquor-licence.pdf"])
      await documents.getByText(name).waitFor();
    await applicant.getByText("R20 000.00").waitFor();
    expect(await applicant.evaluate(() => localStorage.getItem("tradeshop.applicationDraft"))).toBeNull();
    await noSideways(applicant);
    await applicant.screenshot({ path: shot("status-390"), fullPage: true });
    await expectNoViolations(applicant, "/apply/status (390 px)");

    // The tenant it went to: the one whose staff see it.
    const staffToken = await apiToken(shop.baseUrl, "staff");
    for (const id of ["gauteng", "coastal"]) {
      const list = await callApi(shop.baseUrl, "GET", "/api/Applications", {
        token: staffToken,
        headers: { TenantId: id },
        answer: ApplicationList,
      });
      if (list.items.some((item) => item.businessName === businessName)) tenant = id;
    }
    expect(tenant, "a tenant's staff see the application").not.toBe("");
  });

  it("lets staff ask for more information (1280 px), which the applicant answers with a document and a reply (390 px)", async () => {
    const staff = await staffPage(tenant);
    await staff.getByRole("heading", { level: 1, name: "Account applications" }).waitFor();
    await staff.getByRole("list", { name: "Applications" }).getByRole("link", { name: businessName }).click();
    const panel = staff.getByRole("article", { name: businessName });
    await panel.getByText("Orlando West").first().waitFor();
    const warehouses = panel.getByRole("list", { name: "Warehouses, nearest first" });
    expect(await warehouses.getByRole("listitem").first().textContent()).toMatch(/\(JHB\)Nearest[\d.]+ km$/);
    await panel.getByRole("button", { name: "Ask for more information…" }).click();
    await panel
      .getByLabel("What do you need from the applicant? (e-mailed and sent by SMS)")
      .fill("Please send the company's CIPC registration certificate.");
    await panel.getByRole("button", { name: "Ask for more information", exact: true }).click();
    await staff.getByText("Asked for more information").first().waitFor();
    await panel.getByText("More information needed").first().waitFor();
    await noSideways(staff);
    await staff.screenshot({ path: shot("staff-ask-1280"), fullPage: true });
    await expectNoViolations(staff, "/applications with one open (1280 px)");
    await waitForMessage(shop.baseUrl, email, /we need more from you/);

    // On a phone, the list gives way to the application, and Back to the list returns.
    const staffPhone = await staffPage(tenant, PHONE);
    await staffPhone.getByRole("button", { name: "All" }).click();
    await staffPhone
      .getByRole("list", { name: "Applications" })
      .getByRole("link", { name: businessName })
      .click();
    await staffPhone
      .getByRole("article", { name: businessName })
      .getByRole("button", { name: "Approve…" })
      .waitFor();
    expect(await staffPhone.getByRole("list", { name: "Applications" }).isVisible()).toBe(false);
    await noSideways(staffPhone);
    await staffPhone.screenshot({ path: shot("staff-390"), fullPage: true });
    await expectNoViolations(staffPhone, "/applications with one open (390 px)");
    await staffPhone.getByRole("link", { name: "Back to the list" }).click();
    await staffPhone
      .getByRole("list", { name: "Applications" })
      .getByRole("link", { name: businessName })
      .waitFor();
    await staffPhone.context().close();

    await applicant.goto(statusUrl);
    await applicant.getByText("We need more from you").waitFor();
    await applicant
      .getByRole("list", { name: "Messages" })
      .getByText("Please send the company's CIPC registration certificate.")
      .waitFor();
    await applicant.getByRole("button", { name: "Add documents" }).click();
    const add = applicant.getByRole("form", { name: "Add documents" });
    await add.getByLabel("Company registration (optional)", { exact: true }).setInputFiles(pdf("cipc.pdf"));
    await add.getByRole("button", { name: "Send documents" }).click();
    await applicant.getByRole("list", { name: "Documents" }).getByText("cipc.pdf").waitFor();
    await applicant.getByLabel("Your reply").fill("The CIPC certificate is attached.");
    await applicant.getByRole("button", { name: "Reply", exact: true }).click();
    await applicant
      .getByRole("list", { name: "Messages" })
      .getByText("The CIPC certificate is attached.")
      .waitFor();
    await noSideways(applicant);
    await applicant.screenshot({ path: shot("status-answered-390"), fullPage: true });
    await expectNoViolations(applicant, "/apply/status answered (390 px)");
    await staff.context().close();
  });

  it("lets staff approve it (1280 px); the Owner's invitation arrives and the new owner orders (390 px)", async () => {
    const staff = await staffPage(tenant);
    await staff.getByRole("list", { name: "Applications" }).getByRole("link", { name: businessName }).click();
    const panel = staff.getByRole("article", { name: businessName });
    await panel
      .getByRole("list", { name: "Messages" })
      .getByText("The CIPC certificate is attached.")
      .waitFor();
    await panel.getByRole("list", { name: "Documents" }).getByText("cipc.pdf").waitFor();
    await panel.getByRole("button", { name: "Approve…" }).click();
    const approve = panel.getByRole("form", { name: `Approve ${businessName}` });
    const priceList = approve.getByLabel("Price list");
    const firstList = await priceList.locator("option").nth(1).textContent();
    await priceList.selectOption({ label: firstList! });
    expect(await approve.getByLabel("Warehouse").inputValue()).toBe("JHB");
    expect(await approve.getByLabel("Credit limit (R)").inputValue()).toBe("20000");
    expect(await approve.getByLabel("Sell it liquor").isChecked()).toBe(true);
    await staff.screenshot({ path: shot("staff-approve-1280"), fullPage: true });
    await approve.getByRole("button", { name: "Approve and invite the owner" }).click();
    await staff.getByText("Application approved").first().waitFor();
    const approvedLine = await panel.getByText(/: account CUS\d+\.$/).textContent();
    const accountId = /CUS\d+/.exec(approvedLine ?? "")![0];
    await noSideways(staff);
    await staff.screenshot({ path: shot("staff-approved-1280"), fullPage: true });
    await expectNoViolations(staff, "/applications approved (1280 px)");
    await staff.context().close();

    await applicant.goto(statusUrl);
    await applicant.getByText("Approved: welcome to Trade Shop").waitFor();
    await applicant.getByText(accountId).waitFor();
    await applicant.screenshot({ path: shot("status-approved-390"), fullPage: true });

    // The Owner's invitation, and the password chosen through it.
    const invitation = await waitForMessage(shop.baseUrl, email, /\/invitation\?token=/);
    const link = new URL(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/.exec(invitation.body)![0]);
    await applicant.goto(`${shop.baseUrl}${link.pathname}${link.search}`);
    await applicant.getByRole("heading", { level: 1, name: "Accept your invitation" }).waitFor();
    await expect.poll(() => applicant.getByLabel("First name").inputValue()).toBe("Thandi");
    await applicant.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
    await applicant.getByLabel("Confirm password", { exact: true }).fill(OWNER_PASSWORD);
    await applicant.getByRole("button", { name: "Create my login" }).click();
    await applicant.waitForURL(/\/login$/);
    expect(await applicant.getByLabel("Username or e-mail address").inputValue()).toBe(email);
    await applicant.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
    await applicant.getByRole("button", { name: "Login", exact: true }).click();
    await applicant.waitForURL((url) => !url.pathname.startsWith("/login"));

    // The account the approval made: its price list, warehouse, credit and liquor.
    const ownerToken = await apiToken(shop.baseUrl, email, OWNER_PASSWORD);
    const account = await callApi(shop.baseUrl, "POST", "/api/Users/GetCustomerDetails", {
      token: ownerToken,
      answer: CustomerDetails,
    });
    expect(account).toMatchObject({
      accountId,
      mainWarehouseCode: "JHB",
      pricelistName: firstList,
      isLiquorCustomer: true,
    });

    // An order, placed as any customer places one.
    await applicant.goto(`${shop.baseUrl}/products?category=Chips&pageNumber=1`);
    const card = applicant.getByRole("main").getByRole("article").first();
    await card.getByRole("button", { name: /^Add .* to cart$|^Add to cart$/ }).click();
    await applicant.getByText("Item(s) added to cart").first().waitFor();
    await applicant.goto(`${shop.baseUrl}/checkout`);
    // Ready as a buyer sees it: the line in the summary and the stream live, so a late word of
    // the add cannot turn the press into "prices changed".
    await applicant.getByRole("region", { name: "Order summary" }).getByText(/^1 x /).waitFor();
    await applicant.locator("[data-realtime=live]").waitFor();
    const placeOrder = applicant.getByRole("button", { name: "Place order" });
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);
    await placeOrder.click();
    await applicant.waitForURL(/\/orders-history\/\d+$/);
    await applicant.getByRole("heading", { level: 2, name: /^Thank you: order TS\d+ is placed$/ }).waitFor();
    const orderId = Number(applicant.url().split("/").at(-1));
    const order = await callApi(shop.baseUrl, "GET", `/api/Order/GetOrderById/${orderId}`, {
      token: ownerToken,
      answer: Order,
    });
    expect(order.orderLines.length).toBe(1);
    await applicant.screenshot({ path: shot("first-order-390"), fullPage: true });
  });
});
