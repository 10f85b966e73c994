// The catalogue in the browser: searching from the header, narrowing by category and
// brand, paging, a product's own page, customer prices, and the staff's No Images work list.
import type { ProductSearchRequest } from "@trade-shop/contracts/catalogue";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoBlockingViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { productAs, productImages, rand, searchAs } from "./support/catalogue-api";
import { solidPng } from "./support/png";
import { expectProblem } from "./support/page-errors";
import { openLoggedIn } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();
const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

const text = async (locator: Locator) => (await locator.textContent()) ?? "";
const results = (page: Page) => page.getByRole("main").getByRole("article");
const resultCount = (page: Page) => page.getByRole("main").locator("p[aria-live]");
const pager = (page: Page) => page.getByRole("navigation", { name: "Product pages" });

/** The number in a facet link's name, e.g. 249 in "Potato Chips, 249 products". */
function countIn(name: string): number {
  const match = /(\d[\d ]*) products?$/.exec(name);
  if (!match) throw new Error(`no count in "${name}"`);
  return Number(match[1]!.replace(/ /g, ""));
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("the catalogue", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [label, viewport] of VIEWPORTS) {
    it(`finds chocolates from the header search box, typo and all (${label})`, async () => {
      const page = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/products?category=home`);
      const searchBox = page.getByRole("combobox", { name: "Search for products" });
      await searchBox.fill("choclate");
      await searchBox.press("Enter");
      await page.waitForURL(/\/products\?searchText=choclate/);
      await page.getByRole("heading", { level: 1, name: "Results for “choclate”" }).waitFor();
      await expect.poll(() => text(resultCount(page))).toMatch(/of \d[\d ]* products/);
      const names = await results(page).evaluateAll((cards) =>
        cards.slice(0, 6).map((card) => card.querySelector("h3")?.textContent ?? ""),
      );
      expect(names).toHaveLength(6);
      for (const name of names) expect(name).toMatch(/chocolate/i);
      await noHorizontalScroll(page);
      await page.context().close();
    });
  }

  it("narrows by category and brand with the counts the facets promise", async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/products?category=home`);
    const filters = page.getByRole("complementary", { name: "Filters" });
    const categories = filters.getByRole("region", { name: "Categories" });

    const chips = categories.getByRole("link", { name: /^Chips\W/ });
    const chipsCount = countIn(await text(chips));
    await chips.click();
    await page.waitForURL(/category=Chips/);
    await expect.poll(() => text(resultCount(page))).toContain(`of ${chipsCount} products`);

    const potato = categories.getByRole("link", { name: /^Potato Chips\W/ });
    const potatoCount = countIn(await text(potato));
    await potato.click();
    await page.waitForURL(/subCategory=Potato\+Chips/);
    await expect.poll(() => text(resultCount(page))).toContain(`of ${potatoCount} products`);
    expect(await text(categories.locator('[aria-current="true"]'))).toMatch(/^Potato Chips/);

    const firstBrand = filters.getByRole("region", { name: "Brands" }).getByRole("link").first();
    const brand = (await text(firstBrand)).trim();
    await firstBrand.click();
    await page.waitForURL((url) => url.searchParams.get("brand") === brand);
    await expect.poll(() => text(resultCount(page))).toContain(`from ${brand}`);
    const brandLines = await results(page).evaluateAll((cards) =>
      cards.map((card) => card.querySelector("p")?.textContent ?? ""),
    );
    expect(brandLines.length).toBeGreaterThan(0);
    for (const line of brandLines) expect(line.startsWith(`${brand} ·`)).toBe(true);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByText(brand, { exact: true }).waitFor();

    // Choosing the selected sub-category again steps back to the whole category.
    await categories.getByRole("link", { name: /^Potato Chips\W/ }).click();
    await page.waitForURL(
      (url) => !url.searchParams.has("subCategory") && url.searchParams.get("brand") === brand,
    );
    await page.context().close();
  });

  it("offers the filters in a sheet on a phone", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/products?category=home`);
    await page.getByRole("button", { name: /^Filters/ }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.waitFor();
    await sheet
      .getByRole("region", { name: "Categories" })
      .getByRole("link", { name: /^Sweets\W/ })
      .click();
    await page.waitForURL(/category=Sweets/);
    await sheet.waitFor({ state: "hidden" });
    await page.getByRole("heading", { level: 1, name: "Sweets" }).waitFor();
    await noHorizontalScroll(page);
    await page.context().close();
  });

  it("pages through with Next, a page number and Previous, and clamps a page past the end", async () => {
    const { total } = await searchAs(baseUrl, null, { categoryFilter: "Chips", resultsPerPage: 24 });
    const last = Math.ceil(total / 24);
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/products?category=Chips&pageNumber=1`);
    const current = pager(page).locator('[aria-current="page"]');
    await current.waitFor();
    expect(await text(current)).toBe("Page 1");
    const firstOnPage1 = await text(results(page).first().getByRole("heading"));

    await pager(page).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/pageNumber=2/);
    await expect.poll(() => text(current)).toBe("Page 2");
    await expect.poll(() => text(results(page).first().getByRole("heading"))).not.toBe(firstOnPage1);

    await pager(page).getByRole("link", { name: "Page 5" }).click();
    await page.waitForURL(/pageNumber=5/);
    await expect.poll(() => text(current)).toBe("Page 5");
    expect(await pager(page).getByRole("link").count()).toBeLessThanOrEqual(7 + 2);

    await pager(page).getByRole("link", { name: "Previous" }).click();
    await page.waitForURL(/pageNumber=4/);
    await expect.poll(() => text(current)).toBe("Page 4");

    await page.goto(`${baseUrl}/products?category=Chips&pageNumber=999`);
    await expect.poll(() => text(current)).toBe(`Page ${last}`);
    expect(await pager(page).getByRole("link", { name: "Next" }).count()).toBe(0);
    await pager(page).getByText("Next").waitFor();
    await page.context().close();
  });

  it("pages compactly on a phone", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/products?category=Chips&pageNumber=2`);
    await pager(page)
      .getByText(/^Page 2 of \d+$/)
      .waitFor();
    expect(await pager(page).getByRole("link", { name: "Page 3" }).isVisible()).toBe(false);
    await pager(page).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/pageNumber=3/);
    await pager(page)
      .getByText(/^Page 3 of \d+$/)
      .waitFor();
    await noHorizontalScroll(page);
    await page.context().close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`opens a product's own page with its nutrition and prices (${label})`, async () => {
      const page = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/products?searchText=choclate`);
      const link = results(page).first().getByRole("heading").getByRole("link");
      const name = await text(link);
      await link.click();
      await page.waitForURL(/\/products\/[A-Z]+\d+$/);
      const skuCode = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
      const product = await productAs(baseUrl, null, skuCode);

      await page.getByRole("heading", { level: 1, name }).waitFor();
      const nutrition = page.getByRole("table", { name: "Typical nutritional values" });
      await nutrition.getByRole("rowheader", { name: "Energy" }).waitFor();
      expect(await text(nutrition.getByRole("columnheader").nth(1))).toMatch(/^Per 100 (g|ml)$/);
      expect(await text(nutrition.getByRole("columnheader").nth(2))).toMatch(/^Per serving/);
      const main = await text(page.getByRole("main"));
      expect(main).toContain(`${rand(product.listPriceIncl)} incl. VAT`);
      expect(main).toContain(`${rand(product.listPriceExcl)} excl. VAT`);
      await page.getByRole("main").getByRole("link", { name: "Log in to order" }).first().waitFor();
      await page
        .getByRole("navigation", { name: "Breadcrumb" })
        // exact: the brand's crumb may be "Ndlovu Chocolates".
        .getByRole("link", { name: "Chocolates", exact: true })
        .waitFor();
      await noHorizontalScroll(page);
      await expectNoBlockingViolations(page, page.url());

      // The address is shareable: opened on its own it shows the same product.
      await page.goto(`${baseUrl}/products/${encodeURIComponent(skuCode)}`);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await page.context().close();
    });
  }

  it("says once that a product's address is not one of ours, and offers the catalogue (phone)", async () => {
    const page = await openPage(browser, PHONE);
    expectProblem(page, "not_found", "/api/Product/GetProductBySkuCode");
    expectProblem(page, "not_found", "/api/Product/GetProductImages/NOPE999");
    await page.goto(`${baseUrl}/products/NOPE999`);
    await page.getByRole("heading", { level: 1, name: "We could not find that product" }).waitFor();
    const errors = page
      .getByRole("region", { name: /Notifications/ })
      .locator('[data-sonner-toast][data-type="error"]');
    await errors.first().waitFor();
    // Both the product's call and its pictures' are answered 404; the pictures' adds no toast.
    await page.waitForLoadState("networkidle");
    expect(await errors.count()).toBe(1);
    expect(await text(errors.first())).toContain("There is no product with the code NOPE999.");
    await page.getByRole("main").getByRole("link", { name: "Browse all products" }).click();
    await page.waitForURL(/\/products\?/);
    await page.context().close();
  });

  it("shows a logged-in trader their own prices and deals, and a visitor the list price", async () => {
    const request: Partial<ProductSearchRequest> = {
      categoryFilter: "Chips",
      sortBy: "description",
      resultsPerPage: 24,
    };
    const [visitorView, traderView] = await Promise.all([
      searchAs(baseUrl, null, request),
      searchAs(baseUrl, "trader", request),
    ]);
    const asVisitor = visitorView.skuResults[0]!;
    const asTrader = traderView.skuResults[0]!;
    expect(asTrader.skuCode).toBe(asVisitor.skuCode);
    expect(asTrader.listPriceIncl).not.toBe(asVisitor.listPriceIncl);
    const url = "/products?category=Chips&sort=description&pageNumber=1";

    const visitor = await openPage(browser, DESKTOP);
    await visitor.goto(`${baseUrl}${url}`);
    const visitorCard = visitor.getByRole("article", { name: asVisitor.skuDescription });
    await expect.poll(() => text(visitorCard)).toContain(rand(asVisitor.listPriceIncl));
    const login = visitorCard.getByRole("link", { name: "Log in to order" });
    expect(await login.getAttribute("href")).toBe(
      `/login?returnUrl=${encodeURIComponent(url).replace(/%20/g, "+")}`,
    );
    await visitor.context().close();

    const trader = await openPage(browser, DESKTOP);
    await openLoggedIn(trader, baseUrl, "trader", url);
    const traderCard = trader.getByRole("article", { name: asTrader.skuDescription });
    await expect.poll(() => text(traderCard)).toContain(rand(asTrader.listPriceIncl));
    expect(await text(traderCard)).toContain(rand(asTrader.listPriceExcl));
    expect(await text(traderCard)).not.toContain(rand(asVisitor.listPriceIncl));
    await traderCard.getByRole("spinbutton", { name: "Quantity (packs)" }).waitFor();
    await traderCard.getByRole("button", { name: "Add to cart" }).waitFor();

    // A deal shows its minimum quantity, and becomes "your price" once the quantity reaches it.
    const deal = traderView.skuResults.find(
      (p) => p.minOrderQuantityDiscount !== null && p.minOrderQuantityDiscount > 1,
    );
    expect(deal).toBeDefined();
    const dealCard = trader.getByRole("article", { name: deal!.skuDescription });
    expect(await text(dealCard)).toContain(`Deal from ${deal!.minOrderQuantityDiscount} packs`);
    expect(await text(dealCard)).toContain(rand(deal!.discountPriceIncl!));
    const dealBox = dealCard.locator("dl > div").filter({ hasText: "Deal price" });
    expect(await text(dealBox)).not.toContain("your price");
    await dealCard
      .getByRole("spinbutton", { name: "Quantity (packs)" })
      .fill(String(deal!.minOrderQuantityDiscount));
    await expect.poll(() => text(dealBox)).toContain("your price");
    await dealCard.getByRole("spinbutton", { name: "Quantity (packs)" }).fill("0");
    await dealCard.getByText("Quantity must be at least 1").waitFor();
    await expectNoBlockingViolations(trader, trader.url());
    await trader.context().close();
  });

  it("shows the No Images link only to NoImage users, and sends a logged-out images URL home", async () => {
    const trader = await openPage(browser, DESKTOP);
    await openLoggedIn(trader, baseUrl, "trader", "/products?category=home");
    await results(trader).first().waitFor();
    expect(await trader.getByRole("link", { name: "No Images" }).count()).toBe(0);
    await trader.context().close();

    const staff = await openPage(browser, DESKTOP);
    await openLoggedIn(staff, baseUrl, "staff", "/products?category=home");
    await staff
      .getByRole("navigation", { name: "Product categories" })
      .getByRole("link", { name: "No Images" })
      .click();
    await staff.waitForURL(/\/manage$/);
    await staff.context().close();

    const visitor = await openPage(browser, DESKTOP);
    await visitor.goto(`${baseUrl}/manage/images`);
    await visitor.waitForURL(/\/products\?category=home$/);
    await visitor.context().close();
  });

  it("lets staff upload pictures on /manage, set the cover and correct the description", async () => {
    const page = await openPage(browser, DESKTOP);
    await openLoggedIn(page, baseUrl, "staff", "/manage");
    const workList = page.getByRole("region", { name: /^Products without images/ });
    const first = workList.getByRole("listitem").first().getByRole("link");
    await first.waitFor();
    const listedAs = await text(first);
    const href = (await first.getAttribute("href")) ?? "";
    const skuCode = new URLSearchParams(href.split("?")[1]).get("sku")!;
    await first.click();
    await page.waitForURL(new RegExp(`sku=${skuCode}`));
    const editor = page.getByRole("region", { name: "Edit product" });
    await editor.getByText("This product has no pictures yet.").waitFor();

    await editor.getByLabel("Choose pictures").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: solidPng(64, 64, [200, 30, 30]) },
      { name: "back.png", mimeType: "image/png", buffer: solidPng(64, 48, [30, 30, 200]) },
    ]);
    await editor.getByRole("img", { name: "Preview of front.png" }).waitFor();
    await editor.getByRole("img", { name: "Preview of back.png" }).waitFor();
    await editor.getByRole("button", { name: "Upload 2 pictures" }).click();
    await page.getByText("Files uploaded successfully").waitFor();

    // The first upload became the cover; choose the second instead.
    await editor.getByRole("radio", { name: "Picture 1, current cover" }).waitFor();
    const second = editor.getByRole("radio", { name: "Picture 2" });
    const chosenUrl = (await second.getAttribute("value"))!;
    await second.check();
    await editor.getByRole("button", { name: "Set as cover" }).click();
    await page.getByText("Cover Image set successfully").waitFor();
    await expect
      .poll(async () => (await productImages(baseUrl, skuCode)).find((i) => i.isCover)?.url)
      .toBe(chosenUrl);
    await expect
      .poll(() => editor.getByRole("radio", { name: "Picture 1, current cover" }).getAttribute("value"))
      .toBe(chosenUrl);

    // With a picture it has left the work list.
    await editor.getByText("This product has a picture, so it is not on the work list.").waitFor();
    await expect.poll(() => workList.getByRole("link", { name: listedAs }).count()).toBe(0);

    const description = editor.getByRole("textbox", { name: "Description" });
    const newDescription = `${await description.inputValue()} <b>new label</b>`;
    await description.fill(newDescription);
    await editor.getByRole("button", { name: "Save description" }).click();
    await page.getByText("Product Description Updated Successfully").waitFor();
    await editor.getByRole("heading", { level: 2, name: newDescription }).waitFor();
    // The catalogue is every tenant's: the editor says so and lists what was changed, by whom.
    await editor.getByText("Every shop shares the catalogue.").waitFor();
    const changes = editor.getByRole("list", { name: "Changes to this product" });
    await expect
      .poll(() => changes.getByRole("listitem").allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Changed the description\n+.*Pieter van der Merwe \(staff\) in \w+\n+Was: /s),
        expect.stringMatching(
          /^Chose picture 2 as the cover\n+\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} · Pieter/,
        ),
        expect.stringMatching(/^Added 2 pictures\n+/),
      ]);

    // The product's page shows the new cover first and the description as plain text.
    await editor.getByRole("link", { name: "View the product page" }).click();
    await page.waitForURL(new RegExp(`/products/${skuCode}$`));
    await page.getByRole("heading", { level: 1, name: newDescription }).waitFor();
    const hash = /\/images\/products\/([0-9a-f]+)\./.exec(chosenUrl)![1]!;
    const mainPicture = page.getByRole("img", { name: `${newDescription}, picture 1 of 2` });
    expect(await mainPicture.getAttribute("src")).toContain(hash);
    expect(await page.locator("main b").count()).toBe(0);
    await page.context().close();
  });

  it("keeps the work list usable on a phone and passes an accessibility check", async () => {
    const page = await openPage(browser, PHONE);
    await openLoggedIn(page, baseUrl, "staff", "/manage");
    const workList = page.getByRole("region", { name: /^Products without images/ });
    await workList.getByRole("listitem").first().getByRole("link").click();
    await page.getByRole("region", { name: "Edit product" }).getByLabel("Choose pictures").waitFor();
    await noHorizontalScroll(page);
    await expectNoBlockingViolations(page, page.url());
    await page.getByRole("link", { name: "Back to the work list" }).click();
    await workList.waitFor();
    await page.context().close();
  });

  it("keeps the quantity's − and + in the keyboard's path, − included at one pack, and never below one", async () => {
    const page = await openPage(browser, PHONE);
    await openLoggedIn(page, baseUrl, "trader", "/products/CHO1325");
    const main = page.getByRole("main");
    const quantity = main.getByLabel("Quantity (packs)");
    await quantity.waitFor();
    await expect(quantity.inputValue()).resolves.toBe("1");
    await quantity.focus();
    await page.keyboard.press("Shift+Tab");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    await expect(focused()).resolves.toBe("One pack fewer");
    await page.keyboard.press("Enter");
    await expect(quantity.inputValue()).resolves.toBe("1");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(focused()).resolves.toBe("One pack more");
    await page.keyboard.press("Enter");
    await expect(quantity.inputValue()).resolves.toBe("2");
    await page.context().close();
  });

  it("works from the keyboard alone, in reading order, with a visible focus ring", async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/products?category=Chips&pageNumber=1`);
    await results(page).first().waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // "Skip to main content"
    const stops: { name: string; ring: boolean }[] = [];
    for (let i = 0; i < 40 && !stops.some((stop) => stop.name === "Log in to order"); i++) {
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
          const style = getComputedStyle(element);
          const label =
            element.labels?.[0]?.textContent ?? element.getAttribute("aria-label") ?? element.innerText;
          const name = (label ?? "").trim().split("\n")[0] ?? "";
          return { name, ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
        }),
      );
    }
    const names = stops.map((stop) => stop.name);
    expect(names[0]).toBe("Home");
    const corn = names.findIndex((name) => name.startsWith("Corn Snacks"));
    const sort = names.indexOf("Sort by");
    const size = names.indexOf("Per page");
    const login = names.indexOf("Log in to order");
    expect(corn).toBeGreaterThan(0);
    expect([corn < sort, sort < size, size < login]).toEqual([true, true, true]);
    expect(stops.filter((stop) => !stop.ring)).toEqual([]);

    // A product opens from its name with Enter.
    await page.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/products\/[A-Z]+\d+$/);
    await page.context().close();
  });

  // One test per theme: six axe runs in one test took 53 of its 60 seconds on a slow machine.
  it.each(["light-theme", "dark-theme"])(
    "passes an accessibility check on the catalogue and a product page in the %s",
    async (theme) => {
      const pages = [
        ["/products?category=Chips&subCategory=Potato%20Chips&pageNumber=2", DESKTOP],
        ["/products?category=Chips&subCategory=Potato%20Chips&pageNumber=2", PHONE],
        ["/products/CHO1325", DESKTOP],
      ] as const;
      for (const [path, viewport] of pages) {
        const page = await openPage(browser, viewport);
        await page.goto(`${baseUrl}/not-found`);
        await page.evaluate((value) => localStorage.setItem("tradeshop.theme", value), theme);
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
        await page.getByRole("main").locator("picture img").first().waitFor();
        await noHorizontalScroll(page);
        await expectNoBlockingViolations(page, page.url());
        await page.context().close();
      }
    },
  );
});
