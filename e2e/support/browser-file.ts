// How a browser test file starts: the built shop's address (shop.ts) and one Chromium
// for all of the file's tests, launched before the first and closed after the last, whose pages
// are watched for errors (browser.ts, page-errors.ts); and the two widths a screen is tried at.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./browser";
import { shopUrl } from "./shop";

export type Viewport = typeof DESKTOP;
type PageOptions = Parameters<typeof openPage>[2];

export interface BrowserFile {
  /** The shop global-setup.ts started for the file's worker (shop.ts). */
  baseUrl: string;
  /** A new page of the file's browser, in a context of its own, `viewport` wide (DESKTOP unless said). */
  openPage(viewport?: Viewport, options?: PageOptions): Promise<Page>;
}

/** Call once, at the top of a test file: registers the hooks that launch and close its browser. */
export function browserFile(): BrowserFile {
  const baseUrl = shopUrl();
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    openPage(viewport = DESKTOP, options) {
      if (!browser)
        throw new Error("the file's browser is launched in beforeAll: open pages in a test or hook");
      return openPage(browser, viewport, options);
    },
  };
}

type Widths<T extends unknown[]> = readonly [
  readonly ["phone", Viewport, ...T],
  readonly ["desktop", Viewport, ...T],
];

/**
 * The cases of a `describe.each` or `it.each` tried on a phone (390 px) and a desktop (1280 px),
 * named "phone" and "desktop" for the title's %s; each may have a value of its own, say a
 * customer account per width, so the two never share a cart.
 */
export function phoneAndDesktop(): Widths<[]>;
export function phoneAndDesktop<const T>(phone: T, desktop: T): Widths<[T]>;
export function phoneAndDesktop(...perWidth: unknown[]): Widths<unknown[]> {
  return perWidth.length === 0
    ? [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ]
    : [
        ["phone", PHONE, perWidth[0]],
        ["desktop", DESKTOP, perWidth[1]],
      ];
}
