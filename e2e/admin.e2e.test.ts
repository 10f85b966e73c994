// User administration in the built app: an admin creates a user through the screens, finds
// them, disables them (who then cannot log in), edits them, and learns that no directory is
// configured. Only users made here are changed; the demo logins stay as they are.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, uniqueName } from "./support/api";
import { PHONE, launchBrowser, openPage } from "./support/browser";
import { expectProblem } from "./support/page-errors";
import { apiToken, expectNoCustomerAccount, openLoggedIn, openWithToken } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

describe("user administration", () => {
  let browser: Browser;
  let admin: Page;
  const person = { username: uniqueName("e2e-adm-"), firstname: "Sipho", lastname: "Ndlovu" };
  const email = `${person.username}@e2e.test`;
  const password = "Warehouse-Forklift-Nine-4";

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await openPage(browser);
    await openLoggedIn(admin, baseUrl, "admin", "/products?category=home");
  });
  afterAll(() => browser.close());

  it("creates a user from the header's Users link", async () => {
    await admin.getByRole("banner").getByRole("link", { name: "Users" }).click();
    await admin.waitForURL(/\/admin\/users$/);
    await admin.getByRole("heading", { name: "Users", level: 1 }).waitFor();
    await admin.getByRole("link", { name: "New user" }).click();
    await admin.waitForURL(/\/admin\/users\/new$/);

    // The contract's messages appear before anything is sent.
    await admin.getByRole("button", { name: "Create user" }).click();
    await admin.getByText("Enter a username", { exact: true }).waitFor();
    await admin.getByText("Enter a password", { exact: true }).waitFor();

    await admin.getByLabel("Username", { exact: true }).fill(person.username);
    await admin.getByLabel("E-mail address", { exact: true }).fill(email);
    await admin.getByLabel("Password", { exact: true }).fill(password);
    await admin.getByLabel("First name").fill(person.firstname);
    await admin.getByLabel("Last name").fill(person.lastname);
    // A click, then a wait for React to show it: .check() reads the box at once, and a controlled
    // checkbox on a busy machine can still show its old state for a moment (failed once in CI).
    const customer = admin.getByRole("checkbox", { name: "Customer" });
    await customer.click();
    await expect.poll(() => customer.isChecked()).toBe(true);
    await admin.getByRole("button", { name: "Create user" }).click();
    await admin.waitForURL(/\/admin\/users$/);
    await notifications(admin).getByText("User created").waitFor();

    // The new login works.
    await expect(apiToken(baseUrl, person.username, password)).resolves.toMatch(/\./);
  });

  it("finds the user, disables them after confirming, and they can no longer log in", async () => {
    await admin.getByLabel("Search users").fill(person.username);
    const row = admin.getByRole("row", { name: new RegExp(person.username) });
    await row.getByText("Active", { exact: true }).waitFor();
    expect(await admin.getByText("1 of").textContent()).toMatch(/^1 of \d+ users match$/);

    await row.getByRole("button", { name: `Disable ${person.username}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Disable ${person.firstname} ${person.lastname}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Disable user" }).click();
    await notifications(admin).getByText("User disabled").waitFor();
    await row.getByText("Disabled", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Enable ${person.username}` }).waitFor();

    const visitor = await openPage(browser);
    expectProblem(visitor, "account_disabled", "/api/Users/Authenticate");
    await visitor.goto(`${baseUrl}/login`);
    await visitor.getByLabel("Username or e-mail address").fill(person.username);
    await visitor.getByLabel("Password", { exact: true }).fill(password);
    await visitor.getByRole("button", { name: "Login", exact: true }).click();
    await visitor
      .getByRole("alert")
      .getByText("This account is disabled. Contact your sales representative.")
      .waitFor();
    expect(visitor.url()).toMatch(/\/login$/);
    expect(await visitor.evaluate(() => localStorage.getItem("tradeshop.session"))).toBeNull();
    await visitor.context().close();
  });

  it("edits the user and shows the roles they hold", async () => {
    await admin
      .getByRole("row", { name: new RegExp(person.username) })
      .getByRole("link", { name: `Edit ${person.username}` })
      .click();
    await admin.waitForURL(/\/admin\/users\/\d+$/);
    await admin.getByRole("heading", { name: `${person.firstname} ${person.lastname}`, level: 1 }).waitFor();
    const roles = admin.getByRole("region", { name: "Roles held now" });
    await roles.getByText("Customer", { exact: true }).waitFor();

    await admin.getByLabel("Last name").fill("Ndlovu-Mthembu");
    await admin.getByRole("button", { name: "Save changes" }).click();
    await notifications(admin).getByText("User saved").waitFor();
    await admin.getByRole("heading", { name: `${person.firstname} Ndlovu-Mthembu`, level: 1 }).waitFor();
  });

  it("says plainly when no staff directory is configured", async () => {
    await admin.goto(`${baseUrl}/admin/users/new`);
    expectProblem(admin, "service_unavailable", "/api/Users/SearchActiveDirectoryUsers");
    await admin.getByLabel("Directory username").fill("pieter");
    await admin.getByRole("button", { name: "Search directory" }).click();
    await admin
      .getByRole("alert")
      .getByText("The staff directory is not configured for this shop.")
      .waitFor();
  });

  it("lists users as cards on a phone, without sideways scrolling", async () => {
    const phone = await openPage(browser, PHONE);
    await openLoggedIn(phone, baseUrl, "admin", "/admin/users");
    const cards = phone.getByRole("list", { name: "Users" });
    await cards.getByRole("listitem").first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context().close();
  });

  it("keeps customers out of the admin screens", async () => {
    const customer = { username: uniqueName("e2e-cust-"), firstname: "Thandi", lastname: "Zulu" };
    const customerPassword = "Cash-And-Carry-Aisle-12";
    await callApi(baseUrl, "POST", "/api/Users", {
      token: await apiToken(baseUrl, "admin"),
      body: {
        ...customer,
        email: `${customer.username}@e2e.test`,
        password: customerPassword,
        roles: ["Customer"],
      },
    });
    const page = await openPage(browser);
    expectNoCustomerAccount(page);
    const token = await apiToken(baseUrl, customer.username, customerPassword);
    await openWithToken(page, baseUrl, token, "/admin/users");
    await page.waitForURL(/\/authorization-denied$/);
    expect(await page.getByRole("banner").getByRole("link", { name: "Users" }).count()).toBe(0);
    await page.context().close();
  });
});
