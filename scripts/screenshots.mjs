// `npm run screenshots`: pictures of the shop's main screens on a phone (390 px) and a desktop
// (1280 px), for reviews and the README. Builds the app when its sources are newer than the
// build, starts the built shop on a free port with fresh demo data in a temporary folder, logs
// in as the demo trader (with something in the cart), saves PNGs into screenshots/ and stops.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { startShop } from "./shop-server.mjs";
/* global document, window -- the functions passed to page.evaluate run in the browser */

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "screenshots");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const VIEWPORTS = [
  { name: "390", viewport: { width: 390, height: 844 } },
  { name: "1280", viewport: { width: 1280, height: 800 } },
];
const DEMO_PASSWORD = "Demo-Trade-2026";
const XSRF = "screenshots-xsrf";

function newestSource(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return latest;
}

function buildIfNeeded() {
  const outputs = ["apps/web/dist/index.html", "apps/server/dist/main.js"].map((p) => path.join(root, p));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
  const sources = Math.max(
    ...["apps/web", "apps/server/src", "packages/contracts/src"].map((p) => newestSource(path.join(root, p))),
  );
  if (built > sources) return;
  console.log("Building the app first (npm run build)…");
  const run = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) throw new Error("npm run build failed");
}

/** Calls the API as the web app does: JSON, bearer token and the double-submit XSRF token. */
async function api(baseUrl, method, url, { token, body } = {}) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      accept: "application/json",
      cookie: `XSRF-TOKEN=${XSRF}`,
      "x-xsrf-token": XSRF,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The demo trader's token, a few products in their cart (the first one's SKU), and one of their orders. */
async function prepareTrader(baseUrl) {
  const { token } = await api(baseUrl, "POST", "/api/Users/Authenticate", {
    body: { username: "trader", password: DEMO_PASSWORD },
  });
  const search = await api(baseUrl, "POST", "/api/Product/ProductSearch", {
    token,
    body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Chips" },
  });
  const skus = search.skuResults.slice(0, 3).map((product) => product.skuCode);
  for (const [index, skuCode] of skus.entries()) {
    await api(baseUrl, "POST", "/api/Cart/AdditemToCart", { token, body: { skuCode, quantity: index + 1 } });
  }
  const orders = await api(baseUrl, "GET", "/api/Order", { token });
  if (!orders[0]) throw new Error("the demo trader has no orders");
  return { token, orderId: orders[0].id, productSku: skus[0] };
}

/** Waits until no API request has been in flight and no spinner shown for half a second. */
async function settle(page) {
  await page.locator("main").waitFor();
  await page.waitForFunction(
    () => {
      const busy =
        document.querySelector('[role="progressbar"][aria-label="Loading"]') !== null ||
        Array.from(document.querySelectorAll('[role="status"]')).some(
          (el) => el.textContent?.trim() === "Loading…",
        );
      if (busy) {
        window.quietSince = undefined;
        return false;
      }
      window.quietSince ??= performance.now();
      return performance.now() - window.quietSince > 500;
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
  // A full-page picture shows images below the first screen too, so lazy ones load now.
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = "eager";
    const pending = images.filter((img) => !img.complete);
    await Promise.all(
      pending.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener("load", resolve, { once: true });
            img.addEventListener("error", resolve, { once: true });
            setTimeout(resolve, 3000);
          }),
      ),
    );
  });
}

async function shoot(page, file, fullPage) {
  await page.screenshot({ path: path.join(outDir, file), fullPage, animations: "disabled" });
  console.log(`  screenshots/${file}`);
}

async function cartDropdown(page, baseUrl, width) {
  await page.goto(`${baseUrl}/products?category=home`);
  await settle(page);
  const button = page.getByRole("banner").getByRole("button", { name: /cart/i }).first();
  if (await button.isVisible().catch(() => false)) {
    await button.click();
    await page.waitForTimeout(400);
    await shoot(page, `cart-dropdown-${width}.png`, false);
  } else {
    await page.goto(`${baseUrl}/cart`);
    await settle(page);
    await shoot(page, `cart-${width}.png`, true);
  }
}

async function main() {
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium is needed at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  buildIfNeeded();
  mkdirSync(outDir, { recursive: true });
  const shop = await startShop();
  const { baseUrl } = shop;
  const browser = await chromium
    .launch({
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
      ],
    })
    .catch(async (error) => {
      await shop.stop();
      throw error;
    });

  try {
    const { token, orderId, productSku } = await prepareTrader(baseUrl);
    for (const { name, viewport } of VIEWPORTS) {
      console.log(`${viewport.width} px:`);
      const context = await browser.newContext({
        viewport,
        locale: "en-ZA",
        timezoneId: "Africa/Johannesburg",
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/not-found`);
      await page.evaluate((value) => localStorage.setItem("tradeshop.session", value), token);

      await page.goto(`${baseUrl}/products?category=home`);
      await settle(page);
      await shoot(page, `home-${name}.png`, false);

      await page.goto(`${baseUrl}/products?searchText=chips`);
      await settle(page);
      await shoot(page, `products-search-${name}.png`, false);

      await page.goto(`${baseUrl}/products/${productSku}`);
      await settle(page);
      await shoot(page, `product-${name}.png`, false);

      await cartDropdown(page, baseUrl, name);

      await page.goto(`${baseUrl}/cart`);
      await settle(page);
      await shoot(page, `cart-page-${name}.png`, false);

      await page.goto(`${baseUrl}/checkout`);
      await settle(page);
      await shoot(page, `checkout-${name}.png`, true);

      await page.goto(`${baseUrl}/orders-history/${orderId}`);
      await settle(page);
      await shoot(page, `order-details-${name}.png`, true);

      await page.goto(`${baseUrl}/account-dashboard`);
      await settle(page);
      await shoot(page, `account-dashboard-${name}.png`, true);
      await context.close();
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
  console.log(`Saved in ${path.relative(process.cwd(), outDir) || "."}/`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
