import { ProblemDetails } from "@trade-shop/contracts/common";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

describe("routing of the built app", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`sends the empty path to the home category (${label})`, async () => {
      const page = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(/\/products\?category=home$/);
      await expect(page.getByRole("banner").isVisible()).resolves.toBe(true);
      await expect(page.getByRole("contentinfo").isVisible()).resolves.toBe(true);
      await expect(
        page.getByRole("combobox", { name: "Search for products" }).count(),
      ).resolves.toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }

  it("sends /featured to the featured category", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/featured`);
    await page.waitForURL(/\/products\?category=featured$/);
    await page.context().close();
  });

  it("shows the 404 page for an unknown path, and its Home button goes home", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(/\/not-found$/);
    await page.getByText("UH OH! You're lost.").waitFor();
    const image = page.locator("main img").first();
    const box = await image.boundingBox();
    expect(box?.width).toBe(200);
    expect(box?.height).toBe(200);
    await page.getByRole("main").getByRole("link", { name: "Home" }).click();
    await page.waitForURL(/\/products\?category=home/);
    await page.context().close();
  });

  it("answers an unknown API path with a problem, not the app", async () => {
    const res = await fetch(`${baseUrl}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(ProblemDetails.parse(await res.json())).toMatchObject({ code: "not_found", status: 404 });
  });
});
