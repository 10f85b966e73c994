// Debian's Chromium driven by playwright-core: no browser download, headless, and none of
// the background networking this machine's closed network would refuse. Every page opened
// here is watched for errors (page-errors.ts): one the test did not declare fails it.
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumPath } from "./chromium";
import { watchPageErrors } from "./page-errors";

/**
 * The features Chromium runs without: playwright-core's own list (1.65, less its Windows and
 * Edge names), which a second `--disable-features` would replace whole (Chromium keeps the last
 * value of a switch), and the address bar's suggestion popup, a page of Chromium's own that every
 * browser would otherwise start in a renderer of its own, about a second of CPU a launch that no
 * test looks at.
 */
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // ours
  "WebUIOmniboxPopup",
  "PreloadTopChromeWebUI",
];

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
      `--disable-features=${DISABLED_FEATURES.join(",")}`,
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
  waitForTheAppOnLoad(page);
  return page;
}

/**
 * A page of the shop arrives rendered by the server (docs/decisions/0140): it shows before its
 * code has run, and a click then does nothing. Every load of `page` (goto, reload, Back, Forward)
 * resolves once the app answers (data-app="ready" on <html>), as a user's tap would be answered;
 * a load that is not the app (a PDF, an API answer) resolves at once.
 */
function waitForTheAppOnLoad(page: Page): void {
  const ready = () =>
    page
      .waitForFunction(
        () => !document.getElementById("root") || document.documentElement.dataset.app === "ready",
        undefined,
        {
          timeout: 30_000,
        },
      )
      .catch(() => undefined); // not a page that can be read (a download): the test's own checks say what is wrong
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const load = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await load(...args);
        await ready();
        return response;
      },
    });
  }
}
