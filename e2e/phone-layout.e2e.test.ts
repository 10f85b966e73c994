// A phone layout for the thumb: the shop bar (search, wishlist, cart) stays in reach
// while the page scrolls, the first product shows in the first screen and nothing moves as the
// list arrives, the top bar never wraps for an admin at 1280 px, and a full page load opens at
// the top while Back still restores.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, PHONE } from "./support/browser";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { searchAs } from "./support/catalogue-api";
import { openLoggedIn } from "./support/session";

const { baseUrl, openPage } = browserFile();

/** Whether the element is wholly inside the viewport now. */
async function inViewport(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize()!;
  return (
    box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width
  );
}

async function productListReady(page: Page) {
  await page
    .getByRole("button", { name: /^Add .* to cart$|^Add to cart$/ })
    .first()
    .waitFor();
}

describe.each(phoneAndDesktop())("the shop bar on a %s", (_name, viewport) => {
  it("keeps search, wishlist and cart in reach after scrolling far down the product list", async () => {
    const page = await openPage(viewport);
    await openLoggedIn(page, baseUrl, "trader", "/products?category=home");
    await productListReady(page);
    const banner = page.getByRole("banner");
    const reachable = [
      banner.getByRole("combobox", { name: "Search for products" }),
      banner.getByRole("link", { name: /^Wishlist/ }),
      banner.getByRole("button", { name: /^Cart, / }),
    ];
    // Scrolled again until it sticks: the list may still be growing as its images arrive.
    await page.waitForFunction(() => {
      window.scrollTo(0, 2500);
      return window.scrollY >= 2400;
    });
    for (const control of reachable)
      await expect(inViewport(page, control), `${control} stays on screen`).resolves.toBe(true);
    // The bar sits at the very top and covers little of the screen.
    const bar = await reachable[0]!.boundingBox();
    expect(bar!.y).toBeLessThan(20);
    await page.context().close();
  });
});

describe("a phone's first screen", () => {
  it("shows the first product with its price and Add to cart without scrolling", async () => {
    const page = await openPage(PHONE);
    await openLoggedIn(page, baseUrl, "trader", "/products?category=home");
    await productListReady(page);
    // The first card's order control: Add to cart, or its in-cart stepper when another test
    // has put the product in the trader's cart.
    const first = page.getByRole("main").getByRole("article").first();
    const add = first
      .getByRole("button", { name: /^Add .* to cart$|^Add to cart$/ })
      .or(first.getByRole("button", { name: /^One pack more of / }))
      .first();
    await expect(inViewport(page, add), "the first Add to cart is on the first screen").resolves.toBe(true);
    await expectNoViolations(page, "the product list on a phone");
    await page.context().close();
  });

  it("moves nothing on screen as a visitor's product list arrives", async () => {
    const page = await openPage(PHONE);
    await page.goto(`${baseUrl}/products?category=home`);
    await page.getByRole("main").getByRole("article").first().waitFor();
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              sources: { node?: Node | null }[];
            })[])
              seen.push(`${entry.value.toFixed(4)} ${entry.sources.map((s) => s.node?.nodeName).join(",")}`);
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(seen), 100);
        }),
    );
    expect(shifts, "layout shifts while the list loaded").toEqual([]);
    await page.context().close();
  });

  it("keeps every header control 44 px and the page free of sideways scroll", async () => {
    const page = await openPage(PHONE);
    await openLoggedIn(page, baseUrl, "trader", "/products?searchText=chips");
    await productListReady(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await page.getByRole("banner").evaluate((header) =>
      Array.from(header.querySelectorAll<HTMLElement>("a, button, input, select"))
        .filter((el) => el.getClientRects().length > 0 && !el.closest("dialog"))
        .map((el) => ({
          name: el.getAttribute("aria-label") ?? el.textContent?.trim(),
          box: el.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
        .map(({ name, box }) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    await page.context().close();
  });
});

describe("a product's breadcrumb on a phone", () => {
  it("stays one line, opened at its nearest way back, and every crumb is reachable by keyboard", async () => {
    // The product with the longest trail of the first Chips page: every category level it has
    // and its brand sit in front of it, more than a 390 px line holds.
    const { skuResults } = await searchAs(baseUrl, null, { categoryFilter: "Chips" });
    const levels = (p: (typeof skuResults)[number]) =>
      [p.skuCategory, p.skuSubCategory, p.skuSubCategory2, p.skuSubCategory3].filter(Boolean).length;
    const product = skuResults.reduce((a, b) => (levels(b) > levels(a) ? b : a));
    expect(levels(product), "a product with at least three category levels").toBeGreaterThanOrEqual(3);

    const page = await openPage(PHONE);
    await page.goto(`${baseUrl}/products/${encodeURIComponent(product.skuCode)}`);
    await page.getByRole("heading", { level: 1, name: product.skuDescription }).waitFor();
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    const brand = trail.getByRole("link", { name: product.skuBrand, exact: true });
    await brand.waitFor();
    // One line: a 44 px crumb and the space above it, not two lines of them.
    expect((await trail.boundingBox())!.height).toBeLessThan(60);
    await expect(inViewport(page, brand), "the brand, the nearest way back, is in view").resolves.toBe(true);
    const home = trail.getByRole("link", { name: "Home", exact: true });
    expect(await inViewport(page, home), "the start of the long trail is scrolled out of view").toBe(false);
    await home.focus();
    await expect(inViewport(page, home), "a focused crumb scrolls into view").resolves.toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the page itself does not scroll sideways").toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe("the admin's top bar at 1280 px", () => {
  it("holds the hours, contact links and every account link on one line", async () => {
    const page = await openPage(DESKTOP);
    await openLoggedIn(page, baseUrl, "admin", "/products?category=home");
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).waitFor();
    const wrapped = await page.getByRole("banner").evaluate((header) => {
      const bar = header.firstElementChild as HTMLElement;
      // An item whose visible text sits on line boxes more than 8 px apart has wrapped.
      return Array.from(bar.querySelectorAll<HTMLElement>("a, button, p, label"))
        .filter((el) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const tops: number[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of Array.from(range.getClientRects()))
              if (r.width > 1 && r.height > 1) tops.push(r.top);
          }
          return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 8;
        })
        .map((el) => el.textContent?.trim());
    });
    expect(wrapped, "no item breaks onto a second line").toEqual([]);
    const barHeight = await page
      .getByRole("banner")
      .evaluate((h) => h.firstElementChild!.getBoundingClientRect().height);
    expect(barHeight, "the bar is a single row").toBeLessThanOrEqual(48);
    await page.context().close();
  });
});

describe("scroll position on a full page load", () => {
  const TERMS = "/terms-and-conditions";

  async function scrolledTerms(page: Page) {
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
  }

  it("opens at the top on a refresh and on a typed URL, and Back still brings the position back", async () => {
    const page = await openPage(PHONE);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${baseUrl}${TERMS}`);
    await scrolledTerms(page);

    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForTimeout(300); // a restore would have happened by now
    await expect(
      page.evaluate(() => window.scrollY),
      "a refresh opens at the top",
    ).resolves.toBe(0);

    await scrolledTerms(page);
    await page.goto(`${baseUrl}/access-to-information`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.goto(`${baseUrl}${TERMS}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForTimeout(300);
    await expect(
      page.evaluate(() => window.scrollY),
      "a typed URL opens at the top",
    ).resolves.toBe(0);

    await page.goBack();
    await page.waitForURL(/\/access-to-information$/);
    await page.waitForFunction(() => Math.abs(window.scrollY - 700) < 2, undefined, { timeout: 5000 });
    await page.context().close();
  });
});
