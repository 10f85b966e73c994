// What the catalogue tells a buyer before the click: an account without a liquor
// licence sees "Licensed liquor customers only" in place of Add to cart on liquor, on the
// product list and the product page; a saved product's heart is filled and says "In wishlist",
// and a product in the cart shows its packs there in a stepper that changes them in place,
// after a reload too. At 390 and 1280 px.
import { Cart } from "@trade-shop/contracts/cart";
import { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, PHONE } from "./support/browser";
import { browserFile, phoneAndDesktop } from "./support/browser-file";
import { apiToken, newCustomerLogin, openLoggedIn, openWithToken } from "./support/session";
import { formatCount } from "../apps/web/src/entities/products/product-labels";

const { baseUrl, openPage } = browserFile();
const NOTICE = "Licensed liquor customers only";
/** The in-place stepper of a product already in the cart. */
const inCart = (scope: Locator) => scope.getByRole("spinbutton", { name: /^In cart \(packs\)/ }).first();

describe.each(phoneAndDesktop())("liquor for an unlicensed account on a %s", (_name, viewport) => {
  it("shows the licence notice in place of Add to cart on the list and the product page; a licensed account can add", async () => {
    const spaza = await apiToken(baseUrl, "spaza");
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token: spaza,
      body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Liquor" },
      answer: ProductSearchResult,
    });
    const liquor = search.skuResults[0]!;
    expect(liquor.isLiquor).toBe(true);

    const page = await openPage(viewport);
    await openLoggedIn(
      page,
      baseUrl,
      "spaza",
      `/products?searchText=${encodeURIComponent(liquor.skuDescription)}`,
    );
    const main = page.getByRole("main");
    const card = main.getByRole("article").filter({ hasText: liquor.skuDescription }).first();
    await card.getByText(NOTICE, { exact: true }).waitFor();
    await expect(card.getByText(NOTICE, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByRole("button", { name: /Add to cart/ }).count()).resolves.toBe(0);
    await expectNoViolations(
      page,
      `liquor on the product list for an unlicensed account at ${viewport.width} px`,
    );

    await page.goto(`${baseUrl}/products/${liquor.skuCode}`);
    await main.getByText(NOTICE, { exact: true }).waitFor();
    await expect(main.getByRole("button", { name: /Add to cart/ }).count()).resolves.toBe(0);
    await expectNoViolations(page, `a liquor product page for an unlicensed account at ${viewport.width} px`);
    await page.context().close();

    const licensed = await openPage(viewport);
    await openLoggedIn(licensed, baseUrl, "trader", `/products/${liquor.skuCode}`);
    await licensed.getByRole("main").getByRole("button", { name: "Add to cart" }).first().waitFor();
    await expect(licensed.getByRole("main").getByText(NOTICE, { exact: true }).count()).resolves.toBe(0);
    await licensed.context().close();
  });
});

/** A customer account of its own per width. */
const accounts = phoneAndDesktop("CUS0020", "CUS0021");
describe.each(accounts)("saved state on a %s", (_name, viewport, customerAccount) => {
  it("fills the heart of a wishlisted product and shows the packs in the cart, after a reload too", async () => {
    const token = await newCustomerLogin(baseUrl, customerAccount);
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token,
      body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Biscuits" },
      answer: ProductSearchResult,
    });
    const [saved, carted] = search.skuResults.filter((p) => p.stockOnHand >= 10);
    await callApi(baseUrl, "POST", "/api/Wishlist/AdditemToWishlist", {
      token,
      body: { skuCode: saved!.skuCode, quantity: 1 },
    });
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token,
      body: { skuCode: carted!.skuCode, quantity: 4 },
    });

    const page = await openPage(viewport);
    for (const load of ["first", "reload"]) {
      if (load === "first") await openWithToken(page, baseUrl, token, `/products/${saved!.skuCode}`);
      else await page.reload();
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "In wishlist" }).waitFor();
      await expect(main.getByRole("button", { name: "Add to wishlist" }).count()).resolves.toBe(0);
    }
    // The saved heart is in the shop's danger red, not the text colour (both classes were on it,
    // and the stylesheet's order gave the text colour).
    const heartColour = await page
      .getByRole("main")
      .getByRole("button", { name: "In wishlist" })
      .evaluate((button) => getComputedStyle(button).color);
    const dangerColour = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement("span"));
      probe.style.color = "var(--ts-danger)";
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(heartColour).toBe(dangerColour);
    await expectNoViolations(page, `a wishlisted product at ${viewport.width} px`);
    for (const load of ["first", "reload"]) {
      if (load === "first") await page.goto(`${baseUrl}/products/${carted!.skuCode}`);
      else await page.reload();
      await expect.poll(() => inCart(page.getByRole("main")).inputValue()).toBe("4");
    }
    await page.goto(`${baseUrl}/products?searchText=${encodeURIComponent(carted!.skuDescription)}`);
    const card = page
      .getByRole("main")
      .getByRole("article")
      .filter({ hasText: carted!.skuDescription })
      .first();
    await expect.poll(() => inCart(card).inputValue()).toBe("4");
    await expect(card.getByRole("button", { name: "Add to cart" }).count()).resolves.toBe(0);

    // The card changes the cart's packs in place: one more, then down to one and out of the cart.
    const packsInCartNow = async () => {
      const cart = await callApi(baseUrl, "GET", "/api/Cart/GetUserCart", { token, answer: Cart });
      return cart.cartItems.find((line) => line.productId === carted!.skuCode)?.quantity ?? 0;
    };
    await card.getByRole("button", { name: `One pack more of ${carted!.skuDescription}` }).click();
    await expect.poll(packsInCartNow).toBe(5);
    await expect.poll(() => inCart(card).inputValue()).toBe("5");
    await inCart(card).fill("1");
    await inCart(card).press("Enter");
    await expect.poll(packsInCartNow).toBe(1);
    await expectNoViolations(page, `a product card in the cart at ${viewport.width} px`);
    await card.getByRole("button", { name: `Remove ${carted!.skuDescription} from the cart` }).click();
    await card.getByRole("button", { name: "Add to cart" }).waitFor();
    await expect.poll(packsInCartNow).toBe(0);

    // A phone's first screen of the product page holds the price and Add to cart (a buy bar when
    // the page's own controls are below it).
    const third = search.skuResults.filter((p) => p.stockOnHand >= 10)[2]!;
    await page.goto(`${baseUrl}/products/${third.skuCode}`);
    await page.getByRole("heading", { level: 1, name: third.skuDescription }).waitFor();
    const { height } = page.viewportSize()!;
    const buttons = page.getByRole("button", { name: "Add to cart" });
    await buttons.first().waitFor();
    // The page's own button, or on a phone the buy bar's, once it has noticed the other is below.
    const inFirstScreen = async () => {
      for (const button of await buttons.all()) {
        const box = await button.boundingBox();
        if (box && box.y >= 0 && box.y + box.height <= height) return button;
      }
      return null;
    };
    await expect
      .poll(async () => (await inFirstScreen()) !== null, { message: "Add to cart is in the first screen" })
      .toBe(true);
    const add = (await inFirstScreen()) ?? buttons.first();
    await expectNoViolations(page, `a product page at ${viewport.width} px`);
    await add.click();
    await expect.poll(() => inCart(page.getByRole("main")).inputValue()).toBe("1");
    await page.context().close();
  });
});

describe("stock a visitor sees", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)(
    "is one warehouse's figure, named on the list and the product page, as a customer's is (%s)",
    async (_name, viewport) => {
      const body = { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Chips" };
      const visitorSearch = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
        body,
        answer: ProductSearchResult,
      });
      const shown = visitorSearch.skuResults[0]!;
      expect(shown.stockingWarehouseCode).toBe("JHB");

      const page = await openPage(viewport);
      await page.goto(`${baseUrl}/products?category=Chips`);
      const main = page.getByRole("main");
      await main.getByText(/ · stock at JHB$/).waitFor();
      await page.goto(`${baseUrl}/products/${shown.skuCode}`);
      await main
        .getByText("Stock at our JHB warehouse. Log in to see the stock of the warehouse that supplies you.")
        .waitFor();
      const figure = shown.stockOnHand > 10 ? `In stock: ${formatCount(shown.stockOnHand)}` : /Only \d+ left/;
      await expect(main.getByText(figure).first().isVisible()).resolves.toBe(true);
      // A visitor is offered Log in to order, on a phone in the buy bar too, never Add to cart.
      if (viewport === PHONE) {
        await page
          .getByRole("region", { name: "Buy" })
          .getByRole("link", { name: "Log in to order" })
          .waitFor();
      }
      await expect(page.getByRole("button", { name: /Add to cart/ }).count()).resolves.toBe(0);
      await expectNoViolations(page, `a product page's stock for a visitor at ${viewport.width} px`);

      // A customer sees the warehouse that supplies them named instead.
      const token = await apiToken(baseUrl, "spaza");
      const own = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
        token,
        body,
        answer: ProductSearchResult,
      });
      const warehouse = own.skuResults[0]!.stockingWarehouseCode;
      await openLoggedIn(page, baseUrl, "spaza", `/products/${shown.skuCode}`);
      await main.getByText(`Stock at ${warehouse}, the warehouse that supplies you.`).waitFor();
      await page.context().close();
    },
  );
});

describe("image paths for a visitor", () => {
  it("sends a page visit under /images/ to the root, while real image files still load", async () => {
    const page = await openPage(PHONE);
    await page.goto(`${baseUrl}/images/products`);
    await page.waitForURL(/\/products\?category=home$/);
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Chips" },
      answer: ProductSearchResult,
    });
    const imageUrl = search.skuResults.find((p) => p.imageUrl)!.imageUrl!;
    const image = await page.request.get(new URL(imageUrl, baseUrl).href);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
    await page.context().close();
  });
});

describe("focus after a page change or a search", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("lands on the results heading, not the top of the page (%s)", async (_name, viewport) => {
    const page = await openPage(viewport);
    await page.goto(`${baseUrl}/products?category=Chips`);
    const main = page.getByRole("main");
    await main
      .getByRole("button", { name: "Log in to order" })
      .or(main.getByRole("link", { name: "Log in to order" }))
      .first()
      .waitFor();
    await main.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/pageNumber=2/);
    const headingFocused = () => page.evaluate(() => document.activeElement?.tagName === "H1");
    await expect.poll(headingFocused).toBe(true);

    await page.getByRole("banner").getByRole("combobox", { name: "Search for products" }).fill("rusks");
    await page.keyboard.press("Enter");
    await page.waitForURL(/searchText=rusks/);
    await main.getByRole("heading", { level: 1, name: /rusks/ }).waitFor();
    await expect.poll(headingFocused).toBe(true);
    await page.context().close();
  });
});

describe("the No Images work list", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("can be searched by product code or description (%s)", async (_name, viewport) => {
    const page = await openPage(viewport);
    await openLoggedIn(page, baseUrl, "staff", "/manage");
    const main = page.getByRole("main");
    const finder = main.getByRole("search", { name: "Find in the work list" });
    // The work list's items open the editor (?sku=…).
    const items = main.locator('a[href*="sku="]');
    const first = items.first();
    await first.waitFor();
    const code = /([A-Z]{3}\d{4}) ·/.exec((await first.textContent()) ?? "")![1]!;
    await finder.getByRole("searchbox").fill(code.toLowerCase());
    await finder.getByRole("button", { name: "Find" }).click();
    await page.waitForURL(new RegExp(`search=${code.toLowerCase()}`));
    await expect.poll(() => items.count()).toBe(1);
    await expect(items.first().textContent()).resolves.toContain(code);
    await finder.getByRole("searchbox").fill("no product is called this");
    await finder.getByRole("button", { name: "Find" }).click();
    await main.getByText("No product without a picture matches", { exact: false }).waitFor();
    await expectNoViolations(page, `the No Images work list at ${viewport.width} px`);
    await page.context().close();
  });
});
