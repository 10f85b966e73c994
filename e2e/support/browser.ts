// Debian's Chromium driven by playwright-core: no browser download, headless, and none of
// the background networking this machine's closed network would refuse.
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(`Chromium is required for the browser tests but ${candidate} does not exist (apt-get install chromium).`);
  }
  return candidate;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function openPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: "en-ZA", timezoneId: "Africa/Johannesburg" });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  return page;
}
