// Buyer alerts (issue 36), on a shop of this file's own whose back office is a stand-in over
// HTTP, so the test says when an order changes status (a signed status callback, as the back
// office sends it). At 390 and 1280 px: the header's bell counts the new alert live, /alerts
// lists it (title, body, time, link to the order, marked New), "Mark all as read" clears the
// count, and a choice in the grid of kinds by channels is saved and still there after a reload.
// Then push: "Turn on push on this device" sends this browser's subscription to the server (one
// made by a local push service, apps/server/test/push-service.ts, since the browser's own cannot
// be reached from a test machine); an order's new status reaches that push service VAPID-signed
// and encrypted for the device, and what it decrypts, delivered to the service worker through
// the DevTools protocol, is shown as a notification.
// Screenshots go to /tmp/alerts-*.png for a person to look at.
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { AlertList, AlertPreferences } from "@trade-shop/contracts/alerts";
import { Order } from "@trade-shop/contracts/orders";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "./support/api";
import { expectNoViolations } from "./support/axe";
import { DESKTOP, launchBrowser, openPage, PHONE } from "./support/browser";
import { signedStatusCallback } from "./support/back-office";
import { placeOrder } from "./support/orders";
import { controlledByServiceWorker } from "./support/service-worker";
import { apiToken, openWithToken } from "./support/session";
import {
  startPushService,
  type TestPushService,
  type TestSubscription,
} from "../apps/server/test/push-service";
import { startOwnShop } from "./support/shop";
import { freePort, type ShopServer } from "../scripts/shop-server.mjs";

const SECRET = "e2e-alerts-back-office-secret-0123456789";
const shot = (name: string) => path.join(os.tmpdir(), `alerts-${name}.png`);
const SHOP_TIME = /\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/;

let browser: Browser;
let shop: ShopServer;
let backOffice: Server;

beforeAll(async () => {
  const port = await freePort();
  // A back office that takes every order at once as a sales order.
  backOffice = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ salesOrderNumber: `SO-ALERT-${Date.now()}` }));
    });
  });
  await new Promise<void>((resolve) => backOffice.listen(port, "127.0.0.1", resolve));
  [browser, shop] = await Promise.all([
    launchBrowser(),
    startOwnShop({
      BACKOFFICE_MODE: "http",
      BACKOFFICE_URL: `http://127.0.0.1:${port}/orders`,
      BACKOFFICE_SECRET: SECRET,
      OUTBOX_POLL_MS: "200",
      AUTH_RATE_LIMIT_FACTOR: "20",
      REALTIME_READ_SLACK_MS: "0",
    }),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await new Promise((resolve) => backOffice?.close(resolve));
});

const alertsOf = (token: string) => callApi(shop.baseUrl, "GET", "/api/Alerts", { token, answer: AlertList });

/** The bell's accessible name, e.g. "Alerts, 3 unread". */
const bell = (page: Page) => page.getByRole("link", { name: /^Alerts, \d+ unread$/ });
const bellName = (page: Page) => bell(page).getAttribute("aria-label");

describe("alerts in the shop", () => {
  for (const [viewport, username] of [
    [PHONE, "trader"],
    [DESKTOP, "spaza"],
  ] as const) {
    it(`counts an order's new status on the bell live, lists it, marks all read and keeps a choice (${viewport.width} px)`, async () => {
      const baseUrl = shop.baseUrl;
      const token = await apiToken(baseUrl, username);
      const { order } = await placeOrder(baseUrl, token);
      const status = async () =>
        (await callApi(baseUrl, "GET", `/api/Order/GetOrderById/${order.id}`, { token, answer: Order }))
          .currentPastelStatus;
      await expect.poll(status, { timeout: 15_000 }).toBe("Submitted");

      // The alert of its hand-off (made by the server's worker a moment after the change), read.
      const about = async () =>
        (await alertsOf(token)).items.find((a) => a.link === `/orders-history/${order.id}`);
      await expect
        .poll(async () => (await about())?.title, { timeout: 15_000 })
        .toBe(`Order ${order.orderId}: Submitted`);
      await callApi(baseUrl, "POST", "/api/Alerts/Read", { token, body: {} });

      const page = await openPage(browser, viewport);
      await openWithToken(page, baseUrl, token, "/orders-history");
      await page.locator("[data-realtime=live]").waitFor();
      await expect.poll(() => bellName(page), { timeout: 15_000 }).toBe("Alerts, 0 unread");
      expect(await page.getByTestId("alerts-unread").count()).toBe(0);

      // The warehouse starts picking: the bell counts it without a reload (the stream's order
      // change; the minute's poll would be too late for this wait).
      const picking = { eventId: `${order.orderId}-Picking`, orderId: order.orderId, status: "Picking" };
      expect(await signedStatusCallback(baseUrl, SECRET, picking)).toBe(200);
      await expect.poll(() => bellName(page), { timeout: 15_000 }).toBe("Alerts, 1 unread");
      expect((await alertsOf(token)).unread).toBe(1);
      await page
        .getByTestId("alerts-unread")
        .locator("visible=true")
        .getByText("1", { exact: true })
        .waitFor();
      // Beside the wishlist and cart in the shop bar; on a phone, whose shop bar keeps its room
      // for the search, at the end of the account strip under it.
      const home =
        viewport === PHONE ? page.getByRole("region", { name: "Your account" }) : page.getByRole("banner");
      expect(await home.getByRole("link", { name: "Alerts, 1 unread" }).count()).toBe(1);
      await page.screenshot({
        path: shot(`header-${viewport.width}`),
        clip: { x: 0, y: 0, width: viewport.width, height: 180 },
      });

      await bell(page).click();
      await page.waitForURL(`${baseUrl}/alerts`);
      await page.getByRole("heading", { level: 1, name: "Alerts" }).waitFor();
      expect(await page.title()).toBe("Alerts | Trade Shop");
      const list = page.getByRole("list", { name: "Your alerts, newest first" });
      const item = list
        .getByRole("listitem")
        .filter({ has: page.locator(`a[href="/orders-history/${order.id}"]`) });
      await item.getByText(`Order ${order.orderId}: Picking`).waitFor();
      await item.getByText(`Your order ${order.orderId} is now Picking.`).waitFor();
      expect(await item.getAttribute("data-unread")).toBe("true");
      expect(await item.getByText("New", { exact: true }).count()).toBe(1);
      expect(await item.locator("time").innerText()).toMatch(SHOP_TIME);
      await page.getByText("1 unread.").waitFor();
      await page.getByRole("checkbox", { name: "Order status changes: E-mail" }).waitFor();
      await page.screenshot({ path: shot(`page-${viewport.width}`), fullPage: true });
      await expectNoViolations(page, `/alerts at ${viewport.width} px`);

      // Mark all as read: the list, the bell and the server agree.
      await page.getByRole("button", { name: "Mark all as read" }).click();
      await page.getByText("All read.").waitFor();
      await expect.poll(() => bellName(page)).toBe("Alerts, 0 unread");
      expect(await list.locator("[data-unread]").count()).toBe(0);
      expect((await alertsOf(token)).unread).toBe(0);

      // A choice is saved as it is made, and is there after a reload.
      const sms = page.getByRole("checkbox", { name: "Statement ready: SMS" });
      const was = await sms.isChecked();
      await sms.click();
      await page.getByText("Saved.").waitFor();
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Alerts" }).waitFor();
      await expect
        .poll(() => page.getByRole("checkbox", { name: "Statement ready: SMS" }).isChecked())
        .toBe(!was);
      const saved = await callApi(baseUrl, "GET", "/api/Alerts/Preferences", {
        token,
        answer: AlertPreferences,
      });
      expect(saved.preferences.find((p) => p.kind === "statement_ready")?.sms).toBe(!was);
      await page.context().close();
    });
  }
});

/**
 * The browser's side of a push service that headless Chromium on a closed network cannot reach:
 * PushManager.subscribe answers with `subscription` (one the test's local push service made, its
 * keys held by the test), and getSubscription with it until it is dropped.
 */
function subscribeTo(page: Page, subscription: TestSubscription) {
  return page.addInitScript((json: TestSubscription) => {
    let current: PushSubscription | null = null;
    const made = () =>
      ({
        ...json,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ ...json, expirationTime: null }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function () {
      current ??= made();
      return current;
    };
    PushManager.prototype.getSubscription = async function () {
      return current;
    };
  }, subscription);
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  url: string | undefined;
}

const notificationsOf = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

describe("push on this device", () => {
  let pushService: TestPushService;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(() => pushService?.stop());

  it("subscribes this browser, pushes an order's new status to it signed and encrypted, and shows it", async () => {
    const baseUrl = shop.baseUrl;
    const token = await apiToken(baseUrl, "trader");
    const subscription = pushService.subscribe();
    const page = await openPage(browser, PHONE);
    await page.context().grantPermissions(["notifications"], { origin: baseUrl });
    await subscribeTo(page, subscription);
    await openWithToken(page, baseUrl, token, "/alerts");
    await controlledByServiceWorker(page);

    // Turned on: the server has the subscription.
    const devices = (
      await callApi(baseUrl, "GET", "/api/Alerts/Preferences", { token, answer: AlertPreferences })
    ).pushDevices;
    await page.getByRole("button", { name: "Turn on push on this device" }).click();
    await page.getByText("Push is on for this device.").waitFor();
    await page.getByRole("button", { name: "Turn off push on this device" }).waitFor();
    const on = await callApi(baseUrl, "GET", "/api/Alerts/Preferences", { token, answer: AlertPreferences });
    expect(on.pushDevices).toBe(devices + 1);
    await page.screenshot({ path: shot("push-on-390"), fullPage: true });

    // The order's status changes: the push service gets the alert, VAPID-signed by the shop's
    // key for its own origin, and decrypts it with the keys only this "device" holds.
    const { order } = await placeOrder(baseUrl, token);
    const pushed = async () =>
      pushService.received.find(
        (p) =>
          p.endpoint === subscription.endpoint &&
          (p.payload as { url?: string }).url === `/orders-history/${order.id}`,
      );
    await expect.poll(async () => (await pushed()) !== undefined, { timeout: 20_000 }).toBe(true);
    const push = (await pushed())!;
    expect(push.vapid.key).toBe(on.pushPublicKey);
    expect(push.vapid.aud).toBe(pushService.origin);
    const payload = push.payload as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toBe(`Order ${order.orderId}: Submitted`);

    // What arrived, delivered to the worker as the browser's push service would: a notification.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseUrl));
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const id = await registrationId;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseUrl,
      registrationId: id,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => notificationsOf(page), { timeout: 10_000 })
      .toContainEqual({
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        url: `/orders-history/${order.id}`,
      } satisfies Shown);

    // A payload that is not the shop's JSON is still shown, as its text, opening the alerts.
    // Delivered again while it is not shown: a busy machine's worker can miss one (each that
    // arrives is shown, so more than one may be).
    await expect
      .poll(
        async () => {
          await cdp.send("ServiceWorker.deliverPushMessage", {
            origin: baseUrl,
            registrationId: id,
            data: "Your statement is ready",
          });
          return notificationsOf(page);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContainEqual({
        title: "Trade Shop",
        body: "Your statement is ready",
        tag: "",
        url: "/alerts",
      } satisfies Shown);

    // Turned off: the server forgets the device.
    await page.getByRole("button", { name: "Turn off push on this device" }).click();
    await page.getByText("Push is off for this device.").waitFor();
    await page.getByRole("button", { name: "Turn on push on this device" }).waitFor();
    const off = await callApi(baseUrl, "GET", "/api/Alerts/Preferences", { token, answer: AlertPreferences });
    expect(off.pushDevices).toBe(devices);
    await page.context().close();
  });
});
