// Logging in and out, a wrong password, self-registration with a PIN from the mailbox, and a
// password reset by e-mailed link, in the built app. The demo logins are only ever logged in
// with their own password: users whose state changes are made here (through the admin API, or
// by registering CUS0003), so other test files sharing this server are unaffected.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, uniqueName } from "./support/api";
import { DESKTOP, PHONE, launchBrowser, openPage } from "./support/browser";
import { lastMessageId, waitForMessage } from "./support/mailbox";
import { expectProblem } from "./support/page-errors";
import { apiToken, expectNoCustomerAccount } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username or e-mail address").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("tradeshop.session"));
}

describe("identity in the browser", () => {
  let browser: Browser;
  // A customer login of our own, for the wrong password and the reset (never a demo login).
  const person = { username: uniqueName("e2e-id-"), firstname: "Zanele", lastname: "Khumalo" };
  const email = `${person.username}@e2e.test`;
  const firstPassword = "Bakkie-Route-Seven-71";

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await apiToken(baseUrl, "admin");
    await callApi(baseUrl, "POST", "/api/Users", {
      token: adminToken,
      body: { ...person, email, password: firstPassword, roles: ["Customer"], tenants: ["gauteng"] },
    });
  });
  afterAll(() => browser.close());

  it("logs in from the access-denied page, returns to the page asked for, then logs out to /featured", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/orders-history`);
    await page.waitForURL(/\/authorization-denied\?returnUrl=%2Forders-history$/);
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await page.waitForURL(/\/login\?returnUrl=/);

    await fillLogin(page, "trader", "Demo-Trade-2026");
    await page.waitForURL(/\/orders-history$/);
    await notifications(page).getByText("You have successfully logged in").waitFor();
    const banner = page.getByRole("banner");
    await banner.getByText("Thabo Mokoena").filter({ visible: true }).waitFor();
    expect(await storedSession(page)).not.toBeNull();

    await banner.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/products\?category=featured$/);
    await banner.getByRole("link", { name: "Login" }).first().waitFor();
    expect(await banner.getByText("Thabo Mokoena").count()).toBe(0);
    expect(await storedSession(page)).toBeNull();

    // The last user name is offered next time.
    await page.goto(`${baseUrl}/login`);
    expect(await page.getByLabel("Username or e-mail address").inputValue()).toBe("trader");
    await page.context().close();
  });

  it("shows a wrong password, keeps the visitor logged out, and validates before sending", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByText("Enter your username or e-mail address").waitFor();
    await page.getByText("Enter your password").waitFor();

    expectProblem(page, "bad_credentials", "/api/Users/Authenticate");
    await fillLogin(page, person.username, "Not-The-Password-1");
    const message = "The username or password is incorrect.";
    await page.getByRole("main").getByText(message).waitFor();
    await notifications(page).getByText(message).waitFor();
    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await password.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy.split(" ").at(-1)}"]`).textContent()).toContain(message);
    expect(page.url()).toMatch(/\/login$/);
    expect(await storedSession(page)).toBeNull();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("resets a forgotten password with the e-mailed link, once, and logs in with the new one", async () => {
    const page = await openPage(browser);
    // The person is a Customer without an account, and the second use of the link is refused.
    expectNoCustomerAccount(page);
    expectProblem(page, "validation", "/api/Users/ResetPassword");
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(/\/auth\/forgot-password$/);
    const before = await lastMessageId(baseUrl);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.waitForURL(/\/login$/);
    await page
      .getByRole("main")
      .getByText("If that address has an account, we've e-mailed a reset link.")
      .waitFor();

    const mail = await waitForMessage(baseUrl, email, /\/auth\/reset-password\?hash=/, { after: before });
    const hash = /reset-password\?hash=([\w-]+)/.exec(mail.body)![1]!;
    const resetUrl = `${baseUrl}/auth/reset-password?hash=${hash}`;
    const newPassword = "Township-Tuckshop-Ledger-9";

    await page.goto(resetUrl);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password", { exact: true }).fill("Something-else-entirely");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("The passwords do not match").waitFor();
    await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(/\/login$/);
    const toast = notifications(page).locator("[data-sonner-toast]", {
      hasText: "Password successfully reset.",
    });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Password Reset");
    expect(await page.getByLabel("Username or e-mail address").inputValue()).toBe(person.username);

    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(/\/products\?category=home$/);
    await page
      .getByRole("banner")
      .getByText(`${person.firstname} ${person.lastname}`)
      .filter({ visible: true })
      .waitFor();

    // The link works once.
    await page.goto(resetUrl);
    await page.getByLabel("New password", { exact: true }).fill("Another-Fine-Password-5");
    await page.getByLabel("Confirm new password", { exact: true }).fill("Another-Fine-Password-5");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page
      .getByRole("alert")
      .getByText(/already used/)
      .waitFor();
    await page.getByRole("alert").getByRole("link", { name: "Request a new link" }).waitFor();
    await page.context().close();
  });

  it("registers account CUS0003 with a PIN read from the mailbox and lands logged in on /featured", async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/products?category=home`);
    await page.getByRole("banner").getByRole("link", { name: "Register" }).first().click();
    await page.waitForURL(/\/register-account$/);

    await page.getByLabel("Customer account number").fill("CUS0003");
    expectProblem(page, "not_found", "/api/Users/GetUserOtpDetails");
    await page.getByLabel("E-mail address on the account").fill("nobody@demo.shop");
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("main")
      .getByText(/do not match our records/)
      .first()
      .waitFor();

    await page.getByLabel("E-mail address on the account").fill("newshop@demo.shop");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: /Receive a PIN/ }).waitFor();
    const byEmail = page.getByRole("checkbox", { name: /^E-mail to ne\*+@demo\.shop$/ });
    expect(await byEmail.isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: /^SMS to \+27\*+0003$/ }).waitFor();

    const before = await lastMessageId(baseUrl);
    await page.getByRole("button", { name: "Send PIN" }).click();
    await notifications(page).getByText("OTP SENT", { exact: true }).waitFor();
    await page.getByRole("heading", { name: /Create your login/ }).waitFor();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-describedby")).toBeTruthy();
    await page.getByText("at least 10 characters").waitFor();

    const mail = await waitForMessage(baseUrl, "newshop@demo.shop", /PIN for account CUS0003 is \d{6}/, {
      after: before,
    });
    const pin = /is (\d{6})/.exec(mail.body)![1]!;
    const password = "Tembisa-Corner-Shop-2026";

    // A wrong PIN first: the server's message, titled Registration Error, and the step stays.
    const wrongPin = pin === "000000" ? "111111" : "000000";
    expectProblem(page, "validation", "/api/Users/RegisterExternalUser");
    await page.getByLabel("PIN", { exact: true }).fill(wrongPin);
    await page.getByLabel("First name").fill("Lerato");
    await page.getByLabel("Last name").fill("Molefe");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Register" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Registration Error" });
    await failure.getByText(/The PIN is incorrect/).waitFor();

    await page.getByLabel("PIN", { exact: true }).fill(pin);
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(/\/products\?category=featured$/);
    await notifications(page).getByText("Registration Complete").waitFor();
    await page.getByRole("banner").getByText("Lerato Molefe").filter({ visible: true }).waitFor();
    expect(await storedSession(page)).not.toBeNull();
    await page.context().close();
  });
});
