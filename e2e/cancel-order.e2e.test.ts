// Cancelling an order from its page (docs/rules.md "Cancelling an order", decision 151), on
// shops of this file's own. With no back office (BACKOFFICE_MODE=off) an order never leaves the
// shop: it is cancelled at once, at 390 and 1280 px, its stock back. With a stand-in back office
// over HTTP that has the order, the customer asks; the stand-in receives the signed request and
// answers by a signed status callback, and the open page shows the order Cancelled.
// Screenshots go to /tmp/cancel-*.png for a person to look at.
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { Order } from "@trade-shop/contracts/orders";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { signedStatusCallback } from "./support/back-office";
import { placeOrder, stockOf } from "./support/orders";
import { apiToken, openWithToken } from "./support/session";
import { startOwnShop } from "./support/shop";
import { freePort, type ShopServer } from "../scripts/shop-server.mjs";

const SECRET = "e2e-cancel-back-office-secret-0123456789";
const shot = (name: string) => path.join(os.tmpdir(), `cancel-${name}.png`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("cancelling an order the back office never had", () => {
  let shop: ShopServer;
  beforeAll(async () => {
    shop = await startOwnShop({ BACKOFFICE_MODE: "off", AUTH_RATE_LIMIT_FACTOR: "20" });
  }, 180_000);
  afterAll(() => shop?.stop());

  for (const [viewport, username] of [
    [PHONE, "trader"],
    [DESKTOP, "spaza"],
  ] as const) {
    it(`cancels it at once from its page, its stock back (${viewport.width} px)`, async () => {
      const baseUrl = shop.baseUrl;
      const token = await apiToken(baseUrl, username);
      const { order, product } = await placeOrder(baseUrl, token);
      expect(order.cancel).toBe("now");
      const stockWhilePlaced = await stockOf(baseUrl, token, product.skuCode);

      const page = await openPage(browser, viewport);
      await openWithToken(page, baseUrl, token, `/orders-history/${order.id}`);
      await page.getByRole("button", { name: "Cancel order…" }).click();
      const ask = page.getByRole("region", { name: `Cancel order ${order.orderId}?` });
      await ask.getByText(/it is cancelled at once, its stock goes back/).waitFor();
      await page.screenshot({ path: shot(`ask-${viewport.width}`), fullPage: true });
      await expectNoViolations(page, `the cancel question at ${viewport.width} px`);
      await ask.getByRole("button", { name: "Yes, cancel it" }).click();
      await page.getByTestId("order-status").getByText("Cancelled", { exact: true }).waitFor();
      await page.getByText(`Order ${order.orderId} is cancelled: its stock is back`).waitFor();
      await page.screenshot({ path: shot(`done-${viewport.width}`), fullPage: true });
      // No second way to cancel it, and the stock is back.
      expect(await page.getByRole("button", { name: /cancel/i }).count()).toBe(0);
      expect(await stockOf(baseUrl, token, product.skuCode)).toBe(stockWhilePlaced + 1);
      await page.context().close();
    });
  }
});

describe("cancelling an order the back office has", () => {
  let shop: ShopServer;
  let backOffice: Server;
  const cancellations: { orderId: string; signed: boolean }[] = [];

  beforeAll(async () => {
    const port = await freePort();
    backOffice = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (req.url === "/orders/cancellations") {
          const { orderId } = JSON.parse(body) as { orderId: string };
          cancellations.push({
            orderId,
            signed: /^sha256=/.test(String(req.headers["x-tradeshop-signature"])),
          });
          res.writeHead(202).end();
          return;
        }
        // A hand-off: accepted as a sales order at once.
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ salesOrderNumber: `SO-CANCEL-${Date.now()}` }));
      });
    });
    await new Promise<void>((resolve) => backOffice.listen(port, "127.0.0.1", resolve));
    shop = await startOwnShop({
      BACKOFFICE_MODE: "http",
      BACKOFFICE_URL: `http://127.0.0.1:${port}/orders`,
      BACKOFFICE_SECRET: SECRET,
      OUTBOX_POLL_MS: "200",
      AUTH_RATE_LIMIT_FACTOR: "20",
    });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    await new Promise((resolve) => backOffice?.close(resolve));
  });

  it("asks the back office, and shows the order cancelled when its callback says so", async () => {
    const baseUrl = shop.baseUrl;
    const token = await apiToken(baseUrl, "trader");
    const { order } = await placeOrder(baseUrl, token);
    const submitted = async () =>
      (await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${order.id}`, { token, answer: Order }))
        .currentPastelStatus;
    await expect.poll(submitted, { timeout: 15_000 }).toBe("Submitted");

    const page = await openPage(browser, DESKTOP);
    await openWithToken(page, baseUrl, token, `/orders-history/${order.id}`);
    await page.locator("[data-realtime=live]").waitFor();
    await page.getByRole("button", { name: "Ask us to cancel…" }).click();
    const ask = page.getByRole("region", { name: `Cancel order ${order.orderId}?` });
    await ask.getByText(/The warehouse has it already/).waitFor();
    await ask.getByRole("button", { name: "Yes, ask to cancel" }).click();
    await page.getByText("You asked us to cancel this order").waitFor();
    await expect
      .poll(() => cancellations, { timeout: 15_000 })
      .toEqual([{ orderId: order.orderId, signed: true }]);
    await page.screenshot({ path: shot("asked-1280"), fullPage: true });

    // The back office stops it and says so.
    const stopped = {
      eventId: `cancel-${order.id}`,
      orderId: order.orderId,
      status: "Cancelled",
      reason: "Stopped before picking",
    };
    expect(await signedStatusCallback(baseUrl, SECRET, stopped)).toBe(200);
    // Live, without a reload.
    await page
      .getByTestId("order-status")
      .getByText("Cancelled", { exact: true })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId("order-status").getByText("Stopped before picking").waitFor();
    expect(await page.getByText("You asked us to cancel this order").count()).toBe(0);
    await page.context().close();
  });
});
