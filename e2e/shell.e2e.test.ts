// The storefront shell on every route of docs/screens.md, logged out and logged in, on a phone and a
// desktop: header and footer texts, landmarks, no sideways scrolling on a phone, 44 px touch
// targets in the shell, and no serious or critical axe (WCAG 2.2 AA) violation anywhere.
// Then the shell's behaviour: side menu, skip link, theme, search, back-to-top, scroll
// restoration, the flagged-browser notice and the contact form.
import { OrderHistory } from "@trade-shop/contracts/orders";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoBlockingViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { apiToken, openLoggedIn } from "./support/session";
import { shopUrl } from "./support/shop";

const baseUrl = shopUrl();

const HOURS = "Mon-Fri 8:00AM-6:00PM";
const THANK_YOU = "Thank you for your message. The provider will contact you shortly";

type LoginState = "logged out" | "trader";
interface Visit {
  page: Page;
  state: LoginState;
  phone: boolean;
}

interface RouteCase {
  path: string;
  /** Where the app should end up, when it redirects. */
  lands?: Partial<Record<LoginState, RegExp>>;
  check?: (visit: Visit) => Promise<void>;
}

/**
 * Waits until no page spinner or "Loading…" has shown for 200 ms: a page's data comes in well
 * within that of its first paint, so a page that is still loading shows one of them.
 */
async function settle(page: Page) {
  await page.locator("main").waitFor();
  await page.waitForFunction(
    () => {
      const busy =
        document.querySelector('[role="progressbar"][aria-label="Loading"]') !== null ||
        Array.from(document.querySelectorAll('[role="status"]')).some(
          (el) => el.textContent?.trim() === "Loading…",
        );
      const w = window as unknown as { quietSince?: number };
      if (busy) {
        w.quietSince = undefined;
        return false;
      }
      w.quietSince ??= performance.now();
      return performance.now() - w.quietSince > 200;
    },
    undefined,
    { polling: 50, timeout: 20_000 },
  );
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

async function heading(page: Page) {
  return (await page.getByRole("heading", { level: 1 }).first().textContent())?.trim();
}

/** Controls in `scope` smaller than 44 x 44 px; links inside running text are exempt (WCAG 2.5.8). */
function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const small: string[] = [];
    const controls = document.querySelectorAll(
      `${scope} :is(a[href], button, input:not([type="hidden"]), select, textarea, summary)`,
    );
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not rendered, visually hidden (sr-only) or hidden from everyone on purpose.
      if (
        box.width <= 1 ||
        box.height <= 1 ||
        style.visibility === "hidden" ||
        el.closest('[aria-hidden="true"]')
      )
        continue;
      if (el.matches("a") && style.display === "inline" && el.closest("p, li, dd, td")) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, scope);
}

async function expectShell({ page, state, phone }: Visit) {
  const header = page.getByRole("banner");
  const footer = page.getByRole("contentinfo");
  await expect(header.isVisible()).resolves.toBe(true);
  await expect(header.getByText(HOURS, { exact: true }).first().isVisible()).resolves.toBe(true);
  await expect(header.getByRole("link", { name: "Sales Support" }).isVisible()).resolves.toBe(true);
  await expect(header.getByRole("link", { name: /WhatsApp/ }).isVisible()).resolves.toBe(true);
  await expect(header.getByRole("link", { name: "Contact", exact: true }).isVisible()).resolves.toBe(true);
  await expect(header.getByRole("combobox", { name: "Search for products" }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole("navigation", { name: "Product categories" }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole("main").count()).resolves.toBe(1);
  await expect(page.getByRole("complementary", { name: "Browser notice" }).count()).resolves.toBe(0);

  for (const text of ["7 warehouses", "3000+ products", "Copyright © 2025", HOURS]) {
    await expect(footer.getByText(text).first().isVisible(), `footer shows "${text}"`).resolves.toBe(true);
  }
  for (const name of ["Contact", "Access to Information (PAIA)"]) {
    await expect(footer.getByRole("link", { name }).isVisible()).resolves.toBe(true);
  }
  await expect(footer.getByRole("link", { name: /Terms & Conditions/ }).getAttribute("href")).resolves.toBe(
    "/docs/terms-and-conditions.pdf",
  );
  await expect(footer.getByRole("img", { name: /Map showing/ }).isVisible()).resolves.toBe(true);

  const accountLinks = ["My Account", "Wishlist", "Checkout"];
  if (state === "logged out") {
    await expect(header.getByRole("link", { name: "Login" }).first().isVisible()).resolves.toBe(true);
    for (const name of accountLinks)
      await expect(footer.getByRole("link", { name }).count()).resolves.toBe(0);
  } else {
    await expect(header.getByRole("link", { name: "Login" }).count()).resolves.toBe(0);
    await expect(header.getByRole("link", { name: /^Wishlist/ }).isVisible()).resolves.toBe(true);
    const cart = header
      .getByRole("link", { name: /cart/i })
      .or(header.getByRole("button", { name: /cart/i }));
    await expect(cart.first().isVisible()).resolves.toBe(true);
    for (const name of accountLinks)
      await expect(footer.getByRole("link", { name }).isVisible()).resolves.toBe(true);
    if (!phone) {
      await expect(header.getByRole("button", { name: "Logout" }).isVisible()).resolves.toBe(true);
      await expect(visible(page, "Thabo Mokoena")).resolves.toBe(true);
    }
  }

  if (phone) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no horizontal scroll on a phone").toBeLessThanOrEqual(0);
    await expect(smallTargets(page, "header")).resolves.toEqual([]);
    await expect(smallTargets(page, "footer")).resolves.toEqual([]);
  }
}

async function expectCategorySelected(page: Page, label: string) {
  const nav = page.getByRole("navigation", { name: "Product categories" });
  await expect(
    nav.getByRole("link", { name: label, exact: true }).getAttribute("aria-current"),
  ).resolves.toBe("page");
  await expect(nav.locator('[aria-current="page"]').count()).resolves.toBe(1);
}

async function expectAuthDenied({ page, state }: Visit) {
  if (state === "logged out") await expect(heading(page)).resolves.toBe("Auth denied");
}

async function sendEnquiry({ page, state, phone }: Visit) {
  const form = page.getByRole("region", { name: "Send us a message" });
  if (state === "logged out") await form.getByLabel("Your name").fill("Sipho Mokoena");
  else await expect(form.getByLabel("Your name").inputValue()).resolves.not.toBe("");
  await form
    .getByLabel("E-mail address")
    .fill(`shell-${state.replace(" ", "-")}-${phone ? "phone" : "desktop"}@spaza.example`);
  await form.getByLabel("Phone number").fill("082 555 0123");
  await form.getByLabel(/Customer account/).fill("CUS0002");
  await form.getByLabel("Message").fill("Do you deliver to Orlando East on Saturdays?");
  await form.getByRole("button", { name: "Send message" }).click();
  await page.getByText(THANK_YOU, { exact: true }).first().waitFor();
  await expect(form.getByText(THANK_YOU, { exact: true }).isVisible()).resolves.toBe(true);
  // docs/api.md: a success envelope also shows a success toast at the bottom centre, on a phone
  // too (there full width, clear of the shop bar's search and cart).
  const toaster = page.locator('[data-sonner-toaster][data-y-position="bottom"][data-x-position="center"]');
  // React renders the toast in its own update, a frame after the form's own text.
  await toaster.getByText(THANK_YOU).waitFor({ timeout: 5000 });
  // Let the toast finish sliding in, so axe measures its colours rather than a blend mid-fade.
  await page.waitForFunction(() => {
    const toast = document.querySelector('[data-sonner-toast][data-type="success"]');
    return toast !== null && getComputedStyle(toast).opacity === "1";
  });
}

async function expectNotFound({ page }: Visit) {
  await expect(heading(page)).resolves.toBe("UH OH! You're lost.");
  const image = page.locator("main img").first();
  const box = await image.boundingBox();
  expect([box?.width, box?.height]).toEqual([200, 200]);
  await expect(page.getByRole("main").getByRole("link", { name: "Home" }).isVisible()).resolves.toBe(true);
}

function routeTable(orderId: number): RouteCase[] {
  const guarded = { "logged out": /\/authorization-denied\?returnUrl=/ };
  return [
    {
      path: "/",
      lands: { "logged out": /\/products\?category=home$/, trader: /\/products\?category=home$/ },
      check: ({ page }) => expectCategorySelected(page, "Home"),
    },
    { path: "/products?category=home", check: ({ page }) => expectCategorySelected(page, "Home") },
    {
      path: "/products?category=Chips&pageNumber=1",
      check: ({ page }) => expectCategorySelected(page, "Chips"),
    },
    {
      path: "/featured",
      lands: { "logged out": /\/products\?category=featured$/, trader: /\/products\?category=featured$/ },
      check: ({ page }) => expectCategorySelected(page, "FEATURED"),
    },
    { path: "/products?searchText=cola" },
    { path: "/auth", lands: { "logged out": /\/auth\/login$/ } },
    { path: "/login" },
    { path: "/register-account" },
    { path: "/auth/forgot-password" },
    { path: "/orders-history", lands: guarded, check: expectAuthDenied },
    { path: `/orders-history/${orderId}`, lands: guarded, check: expectAuthDenied },
    { path: "/checkout" },
    { path: "/wish-list" },
    { path: "/cart" },
    {
      path: "/contact",
      check: async (visit) => {
        await expect(heading(visit.page)).resolves.toBe("Contact us");
        await expect(visit.page.getByRole("main").getByText(HOURS).isVisible()).resolves.toBe(true);
        await expect(smallTargets(visit.page, "main")).resolves.toEqual([]);
      },
    },
    {
      path: "/access-to-information",
      check: async ({ page }) => {
        await expect(heading(page)).resolves.toBe("Access to Information (PAIA) Manual");
        for (const name of [
          /Information Officer/,
          /Records available without a request/,
          /How to request access/,
          /Fees/,
          /Grounds for refusal/,
          /Remedies/,
        ]) {
          await expect(page.getByRole("heading", { level: 2, name }).count()).resolves.toBe(1);
        }
      },
    },
    {
      path: "/terms-and-conditions",
      check: async ({ page }) => {
        await expect(heading(page)).resolves.toBe("Terms & Conditions of Trade");
        await expect(page.getByRole("link", { name: /Download as PDF/ }).getAttribute("href")).resolves.toBe(
          "/docs/terms-and-conditions.pdf",
        );
        await expect(page.getByRole("heading", { level: 2, name: /Orders/ }).count()).resolves.toBe(1);
      },
    },
    { path: "/addresses" },
    { path: "/account-dashboard" },
    {
      path: "/under-construction",
      check: async ({ page }) => expect(heading(page)).resolves.toBe("Under construction"),
    },
    { path: "/not-found", check: expectNotFound },
    {
      path: "/authorization-denied",
      check: async ({ page }) => expect(heading(page)).resolves.toBe("Auth denied"),
    },
    {
      path: "/no-such-page",
      lands: { "logged out": /\/not-found$/, trader: /\/not-found$/ },
      check: expectNotFound,
    },
    // docs/screens.md "{returnUrl}/{returnUrl}": two unknown segments open the login area.
    {
      path: "/cart/checkout",
      check: async ({ page, state }) => {
        if (state === "logged out")
          await expect(
            page
              .getByLabel(/password/i)
              .first()
              .isVisible(),
          ).resolves.toBe(true);
      },
    },
  ];
}

let browser: Browser;
let orderId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await apiToken(baseUrl, "trader");
  const [latest] = await callApi(baseUrl, "GET", "/api/Order", { token, answer: OrderHistory });
  if (!latest) throw new Error("trader has no orders to show");
  orderId = latest.id;
});
afterAll(() => browser?.close());

const combos = [
  { state: "logged out", viewport: PHONE, label: "phone" },
  { state: "logged out", viewport: DESKTOP, label: "desktop" },
  { state: "trader", viewport: PHONE, label: "phone" },
  { state: "trader", viewport: DESKTOP, label: "desktop" },
] as const;

for (const combo of combos) {
  describe(`every route, ${combo.state}, ${combo.label} (${combo.viewport.width} px)`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await openPage(browser, combo.viewport);
      if (combo.state === "trader") await openLoggedIn(page, baseUrl, "trader", "/not-found");
    });
    afterAll(() => page.context().close());

    // Built lazily: the order id is known only once the file's beforeAll has run.
    const paths = routeTable(0).map((route) => route.path);
    paths.forEach((_, index) => {
      const name = paths[index]!.replace("/0", "/{id}");
      it(name, async () => {
        const route = routeTable(orderId)[index]!;
        const visit: Visit = { page, state: combo.state, phone: combo.viewport === PHONE };
        await page.goto(`${baseUrl}${route.path}`);
        const lands = route.lands?.[combo.state];
        if (lands) await page.waitForURL(lands);
        await settle(page);
        await expectShell(visit);
        await route.check?.(visit);
        await expectNoBlockingViolations(page, `${route.path} (${combo.state}, ${combo.label})`);
        if (route.path === "/contact") {
          await sendEnquiry(visit);
          await expectNoBlockingViolations(page, `/contact after sending (${combo.state}, ${combo.label})`);
        }
      });
    });
  });
}

describe("dark theme", () => {
  const darkRoutes = [
    "/products?category=home",
    "/contact",
    "/terms-and-conditions",
    "/access-to-information",
    "/not-found",
    "/authorization-denied",
    "/under-construction",
    "/login",
  ];
  for (const combo of [combos[0], combos[3]]) {
    it(`has no serious or critical violations (${combo.state}, ${combo.label})`, async () => {
      const page = await openPage(browser, combo.viewport);
      if (combo.state === "trader") await openLoggedIn(page, baseUrl, "trader", "/not-found");
      else await page.goto(`${baseUrl}/not-found`);
      await page.evaluate(() => localStorage.setItem("tradeshop.theme", "dark-theme"));
      const failures: string[] = [];
      for (const path of darkRoutes) {
        await page.goto(`${baseUrl}${path}`);
        await settle(page);
        await expect(
          page.evaluate(() => document.documentElement.classList.contains("dark-theme")),
        ).resolves.toBe(true);
        await expectNoBlockingViolations(
          page,
          `${path} in the dark theme (${combo.state}, ${combo.label})`,
        ).catch((error: Error) => failures.push(error.message));
      }
      await page.context().close();
      expect(failures.join("\n\n")).toBe("");
    }, 120_000);
  }
});

describe("shell behaviour", () => {
  it("opens the side menu on a phone with account, categories and hours; Escape closes it and focus returns", async () => {
    const page = await openPage(browser, PHONE);
    await openLoggedIn(page, baseUrl, "trader", "/contact");
    await settle(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    await expect(menu.getByText("Thabo Mokoena").first().isVisible()).resolves.toBe(true);
    await expect(menu.getByRole("button", { name: "Logout" }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole("link", { name: "Chips" }).isVisible()).resolves.toBe(true);
    await expect(menu.getByText(HOURS).isVisible()).resolves.toBe(true);
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await expectNoBlockingViolations(page, "the open side menu");
    await expect(smallTargets(page, "dialog")).resolves.toEqual([]);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await toggle.click();
    await menu.getByRole("link", { name: "Sweets" }).click();
    await page.waitForURL(/category=Sweets/);
    await menu.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("scrolls the selected category tab into view in the phone's category strip, without scrolling the page", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/products?category=Hygiene`);
    await settle(page);
    const strip = page.getByRole("navigation", { name: "Product categories" });
    const tab = strip.getByRole("link", { name: "Hygiene" });
    await expect(tab.getAttribute("aria-current")).resolves.toBe("page");
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    // Back to the first category: it comes back into view too.
    await strip.getByRole("link", { name: "Home" }).scrollIntoViewIfNeeded();
    await strip.getByRole("link", { name: "Chips" }).click();
    await page.waitForURL(/category=Chips/);
    const chips = (await strip.getByRole("link", { name: "Chips" }).boundingBox())!;
    expect(chips.x).toBeGreaterThanOrEqual(0);
    expect(chips.x + chips.width).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it("offers a skip link as the first stop of the keyboard, which moves focus to the main content", async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/terms-and-conditions`);
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const box = await skip.boundingBox();
    expect(box?.width).toBeGreaterThan(40);
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");
    // The focus ring is visible: a 3 px outline.
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth);
    expect(outline).toBe("3px");
    await page.context().close();
  });

  it("switches to the dark theme and keeps it after a reload", async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/contact`);
    await settle(page);
    const toggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    await toggle.click();
    await expect(page.evaluate(() => document.documentElement.className)).resolves.toContain("dark-theme");
    await page.reload();
    await settle(page);
    await expect(page.evaluate(() => document.documentElement.className)).resolves.toContain("dark-theme");
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await page.context().close();
  });

  it("searches from the header on Enter", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/contact`);
    await settle(page);
    await page.getByRole("combobox", { name: "Search for products" }).fill("cheese puffs");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/products\?searchText=cheese\+puffs$/);
    await page.context().close();
  });

  it("shows back-to-top with its progress once scrolled, goes up, and restores scroll on Back", async () => {
    const page = await openPage(browser, PHONE);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${baseUrl}/terms-and-conditions`);
    await settle(page);
    const backToTop = page.getByRole("button", { name: "Back to top" });
    await expect(backToTop.isVisible()).resolves.toBe(false);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await backToTop.waitFor({ state: "visible" });
    await expect(backToTop.getAttribute("title")).resolves.toMatch(/\d+% scrolled/);
    await backToTop.click();
    await page.waitForFunction(() => window.scrollY === 0);

    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    // A DOM click, so nothing scrolls the link into view first and the position saved is 1500.
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>('footer a[href="/access-to-information"]')?.click(),
    );
    await page.waitForURL(/\/access-to-information$/);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForURL(/\/terms-and-conditions$/);
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    await page.context().close();
  });

  it("notes a flagged browser without blocking the shop, and stays away once dismissed", async () => {
    const page = await openPage(browser, DESKTOP, {
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    });
    await page.goto(`${baseUrl}/contact`);
    await settle(page);
    const notice = page.getByRole("complementary", { name: "Browser notice" });
    await expect(notice.getByText(/You are using Safari/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("banner").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" }).isVisible()).resolves.toBe(true);
    await expectNoBlockingViolations(page, "the browser notice");
    await notice.getByRole("button", { name: "Dismiss browser notice" }).click();
    await expect(notice.count()).resolves.toBe(0);
    await page.reload();
    await settle(page);
    await expect(notice.count()).resolves.toBe(0);
    await page.context().close();
  });

  it("checks the enquiry form before sending and puts focus on the first field to fix", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/contact`);
    await settle(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Enter your name").waitFor();
    for (const message of [
      "Enter your e-mail address",
      "Enter a phone number we can call you on",
      "Enter your message",
    ]) {
      await expect(page.getByText(message).isVisible()).resolves.toBe(true);
    }
    const name = page.getByLabel("Your name");
    await expect(name.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(name.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expectNoBlockingViolations(page, "the contact form with errors");
    await page.context().close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])(
    "paints index.html's shell before any script, with the header's and the category strip's sizes (%s)",
    async (_name, viewport) => {
      const bars = (page: Page) =>
        Promise.all(
          [page.locator("header").first(), page.getByRole("navigation", { name: "Product categories" })].map(
            (bar) => bar.boundingBox(),
          ),
        );
      const noScripts = await browser.newContext({ viewport, javaScriptEnabled: false });
      const bare = await noScripts.newPage();
      await bare.goto(`${baseUrl}/products?category=home`);
      await expect(bare.getByRole("link", { name: "Login" }).first().isVisible()).resolves.toBe(true);
      await expect(visible(bare, HOURS)).resolves.toBe(true);
      const shell = await bars(bare);
      await noScripts.close();

      const page = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/products?category=home`);
      await settle(page);
      expect(await bars(page)).toEqual(shell);
      await page.context().close();
    },
  );

  it("serves the terms as a PDF", async () => {
    const res = await fetch(`${baseUrl}/docs/terms-and-conditions.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
    expect((await res.text()).startsWith("%PDF-1.4")).toBe(true);
  });
});
