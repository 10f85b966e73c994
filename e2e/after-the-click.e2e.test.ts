// After Place order, in the browser, on a shop of this file's own with no back office
// (BACKOFFICE_MODE=off), so an order stays in the shop until someone acts on it:
// - changing an order before it goes to us (docs/rules.md "Changing an order"), at 390 and
//   1280 px: a quantity raised, a product added from its name, saved at the total the shop
//   priced, the stock moved by the difference;
// - the owner's approvals inbox (docs/screens.md "Approvals"): the header counts what waits,
//   /approvals lists it with the buyer, and the owner rejects (390 px) or approves (1280 px) it
//   where it is listed; the buyer's order page says why.
// Screenshots go to /tmp/after-click-*.png for a person to look at.
import os from "node:os";
import path from "node:path";
import { Order } from "@trade-shop/contracts/orders";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, uniqueName } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { lastMessageId, waitForMessage } from "./support/mailbox";
import { placeOrder, productsInStock, stockOf } from "./support/orders";
import { expectProblem } from "./support/page-errors";
import { apiToken, openWithToken } from "./support/session";
import { startOwnShop } from "./support/shop";
import { type ShopServer } from "../scripts/shop-server.mjs";

const shot = (name: string) => path.join(os.tmpdir(), `after-click-${name}.png`);
const BUYER_PASSWORD = "Buying-After-The-Click-2026";

let browser: Browser;
let shop: ShopServer;
beforeAll(async () => {
  browser = await launchBrowser();
  shop = await startOwnShop({ BACKOFFICE_MODE: "off", AUTH_RATE_LIMIT_FACTOR: "20" });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe("changing an order before it goes to us", () => {
  for (const [viewport, username] of [
    [PHONE, "trader"],
    [DESKTOP, "spaza"],
  ] as const) {
    it(`raises a quantity and adds a product, saved at the shop's total (${viewport.width} px)`, async () => {
      const baseUrl = shop.baseUrl;
      const token = await apiToken(baseUrl, username);
      const { order, product } = await placeOrder(baseUrl, token, 1);
      expect(order.changeable).toBe(true);
      const added = (await productsInStock(baseUrl, token, "Chips", 5)).find(
        (p) => p.skuCode !== product.skuCode,
      )!;
      const stockBefore = await stockOf(baseUrl, token, product.skuCode);

      const page = await openPage(browser, viewport);
      await openWithToken(page, baseUrl, token, `/orders-history/${order.id}`);
      await page.getByRole("button", { name: "Change order" }).click();
      const editor = page.getByRole("region", { name: `Change order ${order.orderId}` });
      await editor.getByRole("spinbutton", { name: product.skuDescription }).fill("3");
      await editor.getByText(/about R[\d ]+\.\d\d with these changes/).waitFor();
      await editor.getByLabel("Add a product").fill(added.skuDescription);
      await editor.getByRole("button", { name: `Add ${added.skuDescription}`, exact: true }).click();
      await editor.getByText("Priced when you save").waitFor();
      await page.screenshot({ path: shot(`change-${viewport.width}`), fullPage: true });
      await expectNoViolations(page, `changing an order at ${viewport.width} px`);

      // The added product has no price on the page yet: the shop prices it and says the total.
      expectProblem(page, "prices_changed", `/api/Order/${order.id}/Lines`);
      await editor.getByRole("button", { name: "Save changes" }).click();
      await editor.getByText(/the changed order comes to R[\d ]+\.\d\d incl\. VAT/).waitFor();
      await editor.getByRole("button", { name: "Save at this total" }).click();
      await page.getByText("Order changed").first().waitFor();
      const table = page.getByRole("table", { name: `Products on order ${order.orderId}` });
      await table.getByText(`3 x ${product.skuDescription}`).waitFor();
      await table.getByText(`1 x ${added.skuDescription}`).waitFor();
      await page.getByText(/^Changed$/).waitFor();
      await page.screenshot({ path: shot(`changed-${viewport.width}`), fullPage: true });

      expect(await stockOf(baseUrl, token, product.skuCode)).toBe(stockBefore - 2);
      const changed = await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${order.id}`, {
        token,
        answer: Order,
      });
      expect(changed.orderLines.map((l) => [l.productId, l.quantity])).toEqual([
        [product.skuCode, 3],
        [added.skuCode, 1],
      ]);
      await page.context().close();
    });
  }
});

describe("the owner's approvals inbox", () => {
  /** A buyer on the trader's account with an order limit of R1, logged in. */
  async function buyerOfTrader(owner: string) {
    const baseUrl = shop.baseUrl;
    const email = `${uniqueName("inbox-")}@e2e.test`;
    const before = await lastMessageId(baseUrl);
    await callApi(baseUrl, "POST", "/api/Account/Buyers/Invite", {
      token: owner,
      body: { firstname: "Sipho", lastname: "Dube", email, accountRole: "Buyer", orderLimit: 1 },
    });
    const mail = await waitForMessage(baseUrl, email, /\/invitation\?token=/, { after: before });
    const invitation = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    await callApi(baseUrl, "POST", "/api/Account/AcceptInvitation", {
      body: { token: invitation, firstname: "Sipho", lastname: "Dube", password: BUYER_PASSWORD },
    });
    return apiToken(baseUrl, email, BUYER_PASSWORD);
  }

  for (const [viewport, decision] of [
    [PHONE, "reject"],
    [DESKTOP, "approve"],
  ] as const) {
    it(`counts what waits in the header and ${decision}s it from the list (${viewport.width} px)`, async () => {
      const baseUrl = shop.baseUrl;
      const owner = await apiToken(baseUrl, "trader");
      const buyer = await buyerOfTrader(owner);
      const { order } = await placeOrder(baseUrl, buyer, 1);
      expect(order.currentPastelStatus).toBe("Awaiting approval");

      const page = await openPage(browser, viewport);
      await openWithToken(page, baseUrl, owner, "/");
      if (viewport === PHONE) await page.getByRole("button", { name: /menu/i }).first().click();
      const inboxLink = page.getByRole("link", { name: /^Approvals, \d+ waiting$/ });
      await inboxLink.first().waitFor();
      await page.screenshot({ path: shot(`header-${viewport.width}`) });
      await inboxLink.first().click();
      await page.getByRole("heading", { level: 1, name: "Approvals" }).waitFor();
      const list = page.getByRole("list", { name: "Orders waiting for your approval" });
      const row = list.getByRole("listitem").filter({ hasText: `Order ${order.orderId}` });
      await row.getByText(/^Sipho Dube, \d+ min ago · 1 line · over their limit of R1\.00$/).waitFor();
      await row.getByText(/^Stock held for \d+ h more, until \d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d$/).waitFor();
      await page.screenshot({ path: shot(`inbox-${viewport.width}`), fullPage: true });
      await expectNoViolations(page, `the approvals inbox at ${viewport.width} px`);

      if (decision === "approve") {
        await row.getByRole("button", { name: `Approve order ${order.orderId}` }).click();
        await page.getByText("Order approved").first().waitFor();
      } else {
        await row.getByRole("button", { name: `Reject order ${order.orderId}…` }).click();
        await row.getByLabel("Reason for Sipho Dube").fill("We have enough chips this week");
        await row.getByRole("button", { name: "Reject order" }).click();
        await page.getByText("Order rejected").first().waitFor();
      }
      await expect.poll(() => list.getByText(`Order ${order.orderId}`).count(), { timeout: 10_000 }).toBe(0);
      const decided = await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${order.id}`, {
        token: buyer,
        answer: Order,
      });
      expect(decided.currentPastelStatus).toBe(decision === "approve" ? "Pending" : "Rejected");

      // The buyer's page says why.
      const buyerPage = await openPage(browser, viewport);
      await openWithToken(buyerPage, baseUrl, buyer, `/orders-history/${order.id}`);
      const status = buyerPage.getByTestId("order-status");
      if (decision === "reject") await status.getByText(/We have enough chips this week/).waitFor();
      else await buyerPage.getByText(/^Approved by$/).waitFor();
      await buyerPage.screenshot({ path: shot(`decided-${viewport.width}`), fullPage: true });
      await page.context().close();
      await buyerPage.context().close();
    });
  }
});
