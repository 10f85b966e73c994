// The staff hand-off queue against a back office that refuses orders: a shop of its own, set to
// post orders over HTTP to a stand-in back office in this test that first refuses them (422; a
// 503 would only be tried again within seconds, decision 157). With one attempt allowed, the
// order is parked at once; staff see it with its error, fix nothing but the back office, press
// Retry, and the order reaches the back office exactly once.
import { createServer, type Server } from "node:http";
import { BackOfficeHandOff } from "@trade-shop/contracts/backoffice";
import { ProductSearchResult } from "@trade-shop/contracts/catalogue";
import { Order, OrderHistory } from "@trade-shop/contracts/orders";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoBlockingViolations } from "./support/axe";
import { callApi } from "./support/api";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { apiToken, openLoggedIn } from "./support/session";
import { startOwnShop } from "./support/shop";
import { freePort, type ShopServer } from "../scripts/shop-server.mjs";

interface Received {
  idempotencyKey: string | undefined;
  orderId: string;
  answered: number;
}

describe("hand-off queue with the back office refusing", () => {
  let browser: Browser;
  let shop: ShopServer;
  let backOffice: Server;
  let up = false;
  const received: Received[] = [];

  beforeAll(async () => {
    const port = await freePort();
    backOffice = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        // A hand-off outside the contract is refused and recorded with the reason, for the test to show.
        const handOff = BackOfficeHandOff.safeParse(JSON.parse(body));
        const answered = handOff.success ? (up ? 200 : 422) : 400;
        received.push({
          idempotencyKey: req.headers["idempotency-key"] as string | undefined,
          orderId: handOff.success ? handOff.data.order.orderId : `not a hand-off: ${handOff.error.message}`,
          answered,
        });
        res.writeHead(answered, { "content-type": "application/json" });
        res.end(
          answered === 200
            ? JSON.stringify({ salesOrderNumber: `SO-E2E-${received.length}` })
            : JSON.stringify({ error: "Pastel is closed for month-end" }),
        );
      });
    });
    await new Promise<void>((resolve) => backOffice.listen(port, "127.0.0.1", resolve));
    [browser, shop] = await Promise.all([
      launchBrowser(),
      startOwnShop({
        BACKOFFICE_MODE: "http",
        BACKOFFICE_URL: `http://127.0.0.1:${port}/orders`,
        BACKOFFICE_SECRET: "e2e-back-office-shared-secret-0123456789",
        OUTBOX_MAX_ATTEMPTS: "1",
        OUTBOX_POLL_MS: "200",
        AUTH_RATE_LIMIT_FACTOR: "20",
      }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await new Promise((resolve) => backOffice?.close(resolve));
  });

  it("shows a parked hand-off with its error, and Retry sends the order once the back office is back", async () => {
    const baseUrl = shop.baseUrl;
    const trader = await apiToken(baseUrl, "trader");
    const search = await callApi(baseUrl, "POST", "/api/Product/ProductSearch", {
      token: trader,
      body: { pageNumber: 1, resultsPerPage: 12, inStockOnly: true, categoryFilter: "Chips" },
      answer: ProductSearchResult,
    });
    await callApi(baseUrl, "POST", "/api/Cart/AdditemToCart", {
      token: trader,
      body: { skuCode: search.skuResults[0]!.skuCode, quantity: 1 },
    });
    // The trader places it at checkout as usual; nothing tells them the back office is down.
    const buyer = await openPage(browser, DESKTOP);
    await openLoggedIn(buyer, baseUrl, "trader", "/checkout");
    await buyer.getByRole("region", { name: "Order summary" }).getByText(/^1 x /).waitFor();
    await buyer.locator("[data-realtime=live]").waitFor();
    await buyer.getByRole("button", { name: "Place order" }).click();
    const landed = buyer.waitForURL(/\/orders-history\/\d+$/, { timeout: 60_000 }).then(() => null);
    const refused = buyer
      .getByRole("main")
      .getByRole("alert")
      .waitFor({ timeout: 60_000 })
      .then(async () => buyer.getByRole("main").getByRole("alert").textContent())
      // Once the page has moved on (or closed), no alert is coming.
      .catch(() => "the checkout neither placed the order nor said why");
    // Null when the order was placed; a refusal's text otherwise, so a failure says what happened.
    expect(await Promise.race([landed, refused])).toBeNull();
    await buyer.context().close();
    const [order] = await callApi(baseUrl, "GET", "/api/Order", { token: trader, answer: OrderHistory });
    if (!order) throw new Error("the order was not placed");
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(received[0]).toMatchObject({
      orderId: order.orderId,
      answered: 422,
      idempotencyKey: `order:${order.id}`,
    });

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/not-found`);
      await page.evaluate(() => localStorage.setItem("tradeshop.tenant", "gauteng"));
      await openLoggedIn(page, baseUrl, "staff", "/hand-offs?state=parked");
      // The list is filtered by state, so the same locator finds the entry under Parked, then Done.
      const entry = page
        .getByRole("list", { name: "Hand-offs" })
        .getByRole("listitem")
        .filter({ hasText: order.orderId });
      await entry.waitFor({ timeout: 15_000 });
      expect(await entry.textContent()).toContain("parked");
      expect(await entry.textContent()).toContain("422");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expectNoBlockingViolations(page, `hand-offs with a parked order ${viewport.width}px`);
      if (viewport === PHONE) {
        await page.context().close();
        continue;
      }

      up = true;
      await entry.getByRole("button", { name: `Retry order ${order.orderId}` }).click();
      await page.getByText(`Order ${order.orderId} will be sent to the back office again.`).waitFor();
      await expect.poll(() => received.filter((r) => r.answered === 200).length, { timeout: 15_000 }).toBe(1);
      await page.getByRole("button", { name: "Done" }).click();
      await entry.filter({ hasText: "done" }).waitFor({ timeout: 15_000 });
      await page.context().close();
    }

    // One successful hand-off, under the same key as the failed one: one sales order.
    expect(received.map((r) => r.answered)).toEqual([422, 200]);
    expect(new Set(received.map((r) => r.idempotencyKey)).size).toBe(1);
    const placed = await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${order.id}`, {
      token: trader,
      answer: Order,
    });
    expect(placed.currentPastelStatus).toBe("Submitted");
  });
});
