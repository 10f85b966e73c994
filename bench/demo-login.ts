// A demo login's token from a shop's own API, as the login form gets it (with the double-submit
// request-forgery token every POST carries), for benches that load pages as a customer, and
// stored in a browser page as the web app keeps it.
import type { Page } from "playwright-core";

const XSRF = "bench";

export async function demoLoginToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Users/Authenticate`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      cookie: `XSRF-TOKEN=${XSRF}`,
      "x-xsrf-token": XSRF,
    },
    body: JSON.stringify({ username, password: "Demo-Trade-2026" }),
  });
  if (!res.ok) throw new Error(`logging in as ${username} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Stores `token` where the web app keeps its login, from a page of the origin that runs no app,
 * with the cookie the app sets while it holds one (the server then frames the page, decision 140).
 */
export async function storeLogin(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  // Run in the page, where localStorage is the browser's (this file's types are Node's).
  await page.evaluate((value) => {
    const browser = globalThis as unknown as {
      localStorage: { setItem(k: string, v: string): void };
      document: { cookie: string };
    };
    browser.localStorage.setItem("tradeshop.session", value);
    browser.document.cookie = "tradeshop-login=1; Path=/; SameSite=Lax";
  }, token);
}
