// Logging a browser page in without clicking through the form (for tests about other
// screens): the token comes from the real API and is stored where the web app keeps it.
import type { Page } from "playwright-core";

export const DEMO_PASSWORD = "Demo-Trade-2026";
const SESSION_KEY = "tradeshop.session";

export async function apiToken(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const xsrf = "e2e-xsrf-token";
  const res = await fetch(`${baseUrl}/api/Users/Authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`log-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Opens the app logged in as `username`, then goes to `path`. */
export async function openLoggedIn(page: Page, baseUrl: string, username: string, path = "/"): Promise<void> {
  const token = await apiToken(baseUrl, username);
  await page.goto(`${baseUrl}/not-found`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION_KEY, token]);
  await page.goto(`${baseUrl}${path}`);
}
