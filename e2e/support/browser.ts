// Debian's Chromium driven by playwright-core: no browser download, headless, and none of
// the background networking this machine's closed network would refuse. Every page opened
// here is watched for errors (page-errors.ts): one the test did not declare fails it.
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumPath } from "./chromium";
import { watchPageErrors } from "./page-errors";

/** `extraArgs` go after the usual switches (a fake camera, say: support/fake-camera.ts). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  { userAgent }: { userAgent?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: "en-ZA",
    timezoneId: "Africa/Johannesburg",
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  watchPageErrors(page);
  return page;
}
