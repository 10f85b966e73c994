// Logging a browser page in without clicking through the form (for tests about other
// screens): the token comes from the real API and is stored where the web app keeps it.
import { LoginResult } from "@trade-shop/contracts/identity";
import type { Page } from "playwright-core";
import { callApi, uniqueName } from "./api";
import { expectProblem } from "./page-errors";

export const DEMO_PASSWORD = "Demo-Trade-2026";
const SESSION_KEY = "tradeshop.session";

export async function apiToken(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const body = { username, password };
  return (await callApi(baseUrl, "POST", "/api/Users/Authenticate", { body, answer: LoginResult })).token;
}

/** Keeps `token` where the web app keeps its login, from a page of the shop that asks for nothing of a login. */
export async function storeToken(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.goto(`${baseUrl}/not-found`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION_KEY, token]);
}

/** Opens the app with `token` stored as its session, then goes to `path`. */
export async function openWithToken(page: Page, baseUrl: string, token: string, path = "/"): Promise<void> {
  await storeToken(page, baseUrl, token);
  await page.goto(`${baseUrl}${path}`);
}

/** Opens the app logged in as `username`, then goes to `path`. */
export async function openLoggedIn(page: Page, baseUrl: string, username: string, path = "/"): Promise<void> {
  await openWithToken(page, baseUrl, await apiToken(baseUrl, username), path);
}

/**
 * For a Customer login a test made without a customer account: the web app still asks for its
 * cart, wishlist and account figures, which the server refuses or does not find.
 */
export function expectNoCustomerAccount(page: Page): void {
  expectProblem(page, "not_a_customer", "/api/Cart/GetUserCart");
  expectProblem(page, "not_a_customer", "/api/Wishlist/GetUserWishlist");
  expectProblem(page, "not_found", "/api/Users/GetCustomerDetails");
  expectProblem(page, "not_found", "/api/Users/GetCreditDetails");
  // The account menu asks whether the login owns its account (Buyers, decision 128).
  expectProblem(page, "not_a_customer", "/api/Account/Membership");
  // The header's bell asks for the login's alerts (issue 36).
  expectProblem(page, "not_a_customer", "/api/Alerts");
}

/**
 * A Customer login of its own on a demo customer account that has none yet (each test file
 * keeps to its own accounts), made through the admin API; resolves with its token. The demo's
 * gauteng accounts are CUS0004-CUS0025, its coastal ones CUS0026-CUS0043.
 */
export async function newCustomerLogin(
  baseUrl: string,
  customerAccount: string,
  { password = "Own-Login-For-A-Test-2026", tenant = "gauteng" }: { password?: string; tenant?: string } = {},
): Promise<string> {
  const username = uniqueName("e2e-buyer-");
  await callApi(baseUrl, "POST", "/api/Users", {
    token: await apiToken(baseUrl, "admin"),
    body: {
      username,
      firstname: "Zanele",
      lastname: "Mthembu",
      email: `${username}@e2e.test`,
      password,
      roles: ["Customer"],
      tenants: [tenant],
      customerAccount,
    },
  });
  return apiToken(baseUrl, username, password);
}
