// Alerts, on both databases (docs/rules.md "Alerts"): choices per kind and channel; an order's
// status changing makes an alert in the shop and, as chosen, an e-mail and a web push that the
// tests' push service decrypts and whose VAPID signature it checks; one alert a minute per kind
// and order (later ones coalesced into it); a device the push service calls gone is forgotten;
// approvals asked and given; a wished-for product back in stock; nothing for a login that left
// the account, whether it left before the alert was made or before its push went; and nobody
// sees or marks another's alerts.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlertList, AlertPreferences, type AlertPreference } from "@trade-shop/contracts/alerts";
import { Order } from "@trade-shop/contracts/orders";
import { loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, extraLogin, findSku, setStock } from "../../../test/fixtures";
import { placeHandOffTestOrder, placeTestOrder } from "../../../test/orders";
import { expectProblem } from "../../../test/route-table";
import { startPushService, type TestPushService } from "../../../test/push-service";
import { createBackOfficeSimulator, type BackOfficeSimulator } from "../backoffice";
import { createOutboxWorker } from "../outbox";
import { alertHandlers, queueMonthStatementAlerts } from "./index";

const ALL_CHANNELS = { inShop: true, email: true, sms: false, push: true };

describe("alerts", () => {
  let t: TestApp;
  let push: TestPushService;
  let simulator: BackOfficeSimulator;
  let trader: string;
  let spaza: string;
  let skip = 90;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SIMULATOR_STEP_MS: "0" } });
    push = await startPushService();
    simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
    trader = await t.login("trader");
    spaza = await t.login("spaza");
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  const db = () => t.database.db;
  const get = async (token: string) => {
    const res = await t.request({ method: "GET", url: "/api/Alerts", token });
    expect(res.statusCode, res.body).toBe(200);
    return AlertList.parse(res.json());
  };
  const preferences = async (token: string) => {
    const res = await t.request({ method: "GET", url: "/api/Alerts/Preferences", token });
    expect(res.statusCode, res.body).toBe(200);
    return AlertPreferences.parse(res.json());
  };
  const choose = async (token: string, chosen: AlertPreference[]) => {
    const res = await t.request({
      method: "PUT",
      url: "/api/Alerts/Preferences",
      token,
      body: { preferences: chosen },
    });
    expect(res.statusCode, res.body).toBe(200);
    return AlertPreferences.parse(res.json());
  };
  const subscribe = async (token: string) => {
    const subscription = push.subscribe();
    const res = await t.request({
      method: "POST",
      url: "/api/Alerts/PushSubscriptions",
      token,
      body: { ...subscription, expirationTime: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    return subscription;
  };
  const orderAlerts = async (token: string, orderId: number) =>
    (await get(token)).items.filter((a) => a.link === `/orders-history/${orderId}`);
  const pushesTo = (endpoint: string) => push.received.filter((p) => p.endpoint === endpoint);
  const mailsAbout = async (orderNumber: string, to: string) =>
    (
      await db().selectFrom("outbox").select("payload").where("topic", "=", "messaging.email").execute()
    ).filter((m) => {
      const mail = m.payload as { to: string; subject: string };
      return mail.to === to && mail.subject.includes(orderNumber);
    });
  const emailOf = async (username: string) =>
    (
      await db()
        .selectFrom("users")
        .select("email")
        .where("username", "=", username)
        .executeTakeFirstOrThrow()
    ).email;
  /** Moves the alerts of an order a minute and more into the past, as if that time went by. */
  const aMinuteLater = (orderId: number) =>
    db()
      .updateTable("alerts")
      .set({ createdAt: sql<Date>`created_at - interval '2 minutes'` })
      .where("subject", "=", `order:${orderId}`)
      .execute();
  const statusOf = async (id: number) =>
    Order.parse(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${id}`, token: trader })).json(),
    ).currentPastelStatus;
  async function placed(username = "trader", token = trader) {
    const order = await placeHandOffTestOrder(t, username, token, [1], skip);
    skip += 1;
    return order;
  }

  it("keeps each user's choices per kind, with the defaults for kinds never chosen", async () => {
    const before = await preferences(spaza);
    expect(before.pushDevices).toBe(0);
    expect(Buffer.from(before.pushPublicKey, "base64url")).toHaveLength(65);
    expect(before.preferences).toEqual([
      { kind: "order_status", inShop: true, email: false, sms: false, push: false },
      { kind: "approval_needed", inShop: true, email: true, sms: false, push: false },
      { kind: "approval_decided", inShop: true, email: true, sms: false, push: false },
      { kind: "back_in_stock", inShop: true, email: false, sms: false, push: false },
      { kind: "statement_ready", inShop: true, email: false, sms: false, push: false },
    ]);

    const after = await choose(spaza, [
      { kind: "back_in_stock", inShop: false, email: true, sms: true, push: true },
      { kind: "order_status", inShop: true, email: true, sms: false, push: false },
    ]);
    expect(after.preferences.find((p) => p.kind === "back_in_stock")).toEqual({
      kind: "back_in_stock",
      inShop: false,
      email: true,
      sms: true,
      push: true,
    });
    expect(after.pushPublicKey).toBe(before.pushPublicKey);
    expect((await preferences(spaza)).preferences).toEqual(after.preferences);
    // Another user's choices are theirs alone.
    expect((await preferences(trader)).preferences[3]).toMatchObject({ kind: "back_in_stock", inShop: true });

    const twice = await t.request({
      method: "PUT",
      url: "/api/Alerts/Preferences",
      token: spaza,
      body: { preferences: [after.preferences[0], after.preferences[0]] },
    });
    expect(twice.statusCode).toBe(400);
    expect(expectProblem(twice).code).toBe("validation");
  });

  it("adds and removes a device, refusing a subscription whose keys or address are not a browser's with 400", async () => {
    const good = push.subscribe();
    const bad = [
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
      { ...good, keys: { ...good.keys, auth: Buffer.alloc(12).toString("base64url") } },
      { ...good, keys: { ...good.keys, auth: "not base64url!!!!!!!!!" } },
      { ...good, endpoint: "ftp://push.example/1" },
      { ...good, endpoint: "not an address" },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const res = await t.request({
        method: "POST",
        url: "/api/Alerts/PushSubscriptions",
        token: spaza,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(expectProblem(res).code).toBe("validation");
    }
    // A choice saved while no device could have push saves push "off" with it, unmeant.
    const before = await preferences(spaza);
    expect(before.pushDevices).toBe(0);
    // As the grid shows it with no device: push off.
    const chosen = before.preferences.map((p) => ({
      ...p,
      push: false,
      sms: p.kind === "statement_ready" ? true : p.sms,
    }));
    const saved = await t.request({
      method: "PUT",
      url: "/api/Alerts/Preferences",
      token: spaza,
      body: { preferences: chosen },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const added = await t.request({
      method: "POST",
      url: "/api/Alerts/PushSubscriptions",
      token: spaza,
      body: good,
    });
    const withDevice = AlertPreferences.parse(added.json());
    expect(withDevice.pushDevices).toBe(1);
    // The first device turns push on for every kind, and keeps the other choices.
    expect(withDevice.preferences.every((p) => p.push)).toBe(true);
    expect(withDevice.preferences.find((p) => p.kind === "statement_ready")?.sms).toBe(true);
    // The same device again is still one device.
    await t.request({ method: "POST", url: "/api/Alerts/PushSubscriptions", token: spaza, body: good });
    expect((await preferences(spaza)).pushDevices).toBe(1);
    // Another user cannot remove it.
    await t.request({
      method: "POST",
      url: "/api/Alerts/PushSubscriptions/Remove",
      token: trader,
      body: { endpoint: good.endpoint },
    });
    expect((await preferences(spaza)).pushDevices).toBe(1);
    const removed = await t.request({
      method: "POST",
      url: "/api/Alerts/PushSubscriptions/Remove",
      token: spaza,
      body: { endpoint: good.endpoint },
    });
    expect(AlertPreferences.parse(removed.json()).pushDevices).toBe(0);
  });

  it("tells the buyer of a status change in the shop, by e-mail and by push; one a minute per order; 410 forgets the device", async () => {
    await choose(trader, [{ kind: "order_status", ...ALL_CHANNELS }]);
    const device = await subscribe(trader);
    const { pushPublicKey } = await preferences(trader);
    const order = await placed();
    // Placing tells nobody: the buyer placed it.
    expect(await orderAlerts(trader, order.id)).toEqual([]);

    await t.outbox.drain(); // the hand-off: Submitted, and its alert
    expect(await statusOf(order.id)).toBe("Submitted");
    const [submitted, ...others] = await orderAlerts(trader, order.id);
    expect(others).toEqual([]);
    expect(submitted).toMatchObject({
      kind: "order_status",
      title: `Order ${order.orderId}: Submitted`,
      link: `/orders-history/${order.id}`,
      readAt: null,
    });
    expect(pushesTo(device.endpoint)).toEqual([
      {
        endpoint: device.endpoint,
        payload: {
          title: `Order ${order.orderId}: Submitted`,
          body: submitted!.body,
          url: `/orders-history/${order.id}`,
          tag: `order_status:order:${order.id}`,
        },
        vapid: expect.objectContaining({ aud: push.origin, key: pushPublicKey }),
        ttl: expect.any(String),
      },
    ]);
    const mails = await mailsAbout(order.orderId, await emailOf("trader"));
    expect(mails).toHaveLength(1);
    expect((mails[0]!.payload as { text: string }).text).toContain(`/orders-history/${order.id}`);

    // Picking within the minute: the same alert says so, unread again; nothing sent again.
    await t.request({
      method: "POST",
      url: "/api/Alerts/Read",
      token: trader,
      body: { ids: [submitted!.id] },
    });
    await simulator.tick();
    await t.outbox.drain();
    expect(await statusOf(order.id)).toBe("Picking");
    const coalesced = await orderAlerts(trader, order.id);
    expect(coalesced).toHaveLength(1);
    expect(coalesced[0]).toMatchObject({
      id: submitted!.id,
      title: `Order ${order.orderId}: Picking`,
      readAt: null,
    });
    expect(pushesTo(device.endpoint)).toHaveLength(1);
    expect(await mailsAbout(order.orderId, await emailOf("trader"))).toHaveLength(1);

    // A minute on, Invoiced is a new alert, pushed; and the push service now says the device is gone.
    await aMinuteLater(order.id);
    push.gone(device.endpoint);
    await simulator.tick();
    await t.outbox.drain();
    expect(await statusOf(order.id)).toBe("Invoiced");
    const afterGone = await orderAlerts(trader, order.id);
    expect(afterGone.map((a) => a.title)).toEqual([
      `Order ${order.orderId}: Invoiced`,
      `Order ${order.orderId}: Picking`,
    ]);
    expect(push.refused).toContainEqual(expect.objectContaining({ endpoint: device.endpoint, status: 410 }));
    expect((await preferences(trader)).pushDevices).toBe(0);
    expect(
      await db()
        .selectFrom("pushSubscriptions")
        .select("id")
        .where("endpoint", "=", device.endpoint)
        .execute(),
    ).toEqual([]);
  });

  it("counts and marks the user's unread alerts, all or by id", async () => {
    const list = await get(trader);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.unread).toBe(list.items.filter((a) => a.readAt === null).length);
    const res = await t.request({ method: "POST", url: "/api/Alerts/Read", token: trader, body: {} });
    expect(res.json()).toEqual({ unread: 0 });
    expect((await get(trader)).items.every((a) => a.readAt !== null)).toBe(true);
  });

  it("asks the owner to approve an order over a buyer's limit, and tells the buyer the decision, e-mailed once", async () => {
    const buyer = await extraLogin(t, "trader", "alerts.buyer", { orderLimitCents: 100 });
    // The owner also wants these by SMS, to the account's contact cellphone.
    await choose(trader, [{ kind: "approval_needed", inShop: true, email: true, sms: true, push: false }]);
    await db()
      .updateTable("customers")
      .set({ contactCellphone: "082 000 0003" })
      .where("accountId", "=", "CUS0001")
      .execute();
    const order = await placeTestOrder(t, "alerts.buyer", buyer, [1], skip++);
    expect(order.currentPastelStatus).toBe("Awaiting approval");
    await t.outbox.drain();
    const [asked] = await orderAlerts(trader, order.id);
    expect(asked).toMatchObject({
      kind: "approval_needed",
      title: `Order ${order.orderId} needs your approval`,
    });
    expect(asked!.body).toContain("Extra Login");
    expect(await orderAlerts(buyer, order.id)).toEqual([]);
    const texts = (
      await db().selectFrom("outbox").select("payload").where("topic", "=", "messaging.sms").execute()
    ).map((m) => m.payload as { to: string; text: string });
    expect(texts.filter((sms) => sms.text.includes(order.orderId))).toEqual([
      { to: "+27820000003", text: expect.stringContaining(`/orders-history/${order.id}`) },
    ]);

    const approved = await t.request({
      method: "POST",
      url: `/api/Order/${order.id}/Approve`,
      token: trader,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.outbox.drain();
    const decided = (await orderAlerts(buyer, order.id)).filter((a) => a.kind === "approval_decided");
    expect(decided).toEqual([
      expect.objectContaining({ title: `Order ${order.orderId} was approved`, readAt: null }),
    ]);
    // The orders module e-mails the decision; the alert's e-mail is the same message, sent once.
    expect(await mailsAbout(order.orderId, "alerts.buyer@test.shop")).toHaveLength(1);
    // The owner who approved is not told of their own decision.
    expect((await orderAlerts(trader, order.id)).map((a) => a.kind)).toEqual(["approval_needed"]);
  });

  it("tells whoever has a product on their wishlist that it is back in their warehouse", async () => {
    const { stockingWarehouseCode: warehouse, tenantId } = await customerOf(db(), "trader");
    const sku = await findSku(db(), { warehouseCode: warehouse, tenantId, skip: 150 });
    const added = await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: trader,
      body: { skuCode: sku.skuCode, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    await setStock(db(), warehouse, sku.skuCode, 0);
    await t.outbox.drain();
    expect((await get(trader)).items.filter((a) => a.kind === "back_in_stock")).toEqual([]);

    await setStock(db(), warehouse, sku.skuCode, 12);
    await t.outbox.drain();
    const back = (await get(trader)).items.filter((a) => a.kind === "back_in_stock");
    expect(back).toEqual([expect.objectContaining({ link: `/products/${sku.skuCode}`, readAt: null })]);
    // Out and back again within the minute: still one.
    await setStock(db(), warehouse, sku.skuCode, 0);
    await setStock(db(), warehouse, sku.skuCode, 3);
    await t.outbox.drain();
    expect((await get(trader)).items.filter((a) => a.kind === "back_in_stock")).toHaveLength(1);
  });

  it("tells nothing to a login removed from the account, neither when the alert is made nor when its push goes", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const eventsOnly = createOutboxWorker(db(), {
      handlers: { "alerts.event": alertHandlers(config, db())["alerts.event"]! },
      pollMs: 50,
      maxAttempts: 1,
      retryBaseMs: 1000,
    });
    const removeFromAccount = async (username: string) => {
      const { id } = await db()
        .selectFrom("users")
        .select("id")
        .where("username", "=", username)
        .executeTakeFirstOrThrow();
      const res = await t.request({ method: "DELETE", url: `/api/Account/Buyers/${id}`, token: trader });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    };
    const alertsOf = async (userId: number) =>
      db().selectFrom("alerts").select("id").where("userId", "=", userId).execute();

    // Removed after the status changed, before the alert was made.
    const early = await extraLogin(t, "trader", "alerts.leaver1");
    await choose(early, [{ kind: "order_status", ...ALL_CHANNELS }]);
    const earlyDevice = await subscribe(early);
    const first = await placed("alerts.leaver1", early);
    // A status is written (any path writes the history) while the leaver is still on the account.
    await db().insertInto("orderStatusHistory").values({ orderId: first.id, status: "Submitted" }).execute();
    const earlyId = await removeFromAccount("alerts.leaver1");
    await t.outbox.drain();
    expect(await alertsOf(earlyId)).toEqual([]);
    expect(pushesTo(earlyDevice.endpoint)).toEqual([]);
    expect(await mailsAbout(first.orderId, "alerts.leaver1@test.shop")).toEqual([]);

    // Removed after the alert was made, before its push went.
    const late = await extraLogin(t, "trader", "alerts.leaver2");
    await choose(late, [{ kind: "order_status", ...ALL_CHANNELS }]);
    const lateDevice = await subscribe(late);
    const second = await placed("alerts.leaver2", late);
    await db().insertInto("orderStatusHistory").values({ orderId: second.id, status: "Submitted" }).execute();
    await eventsOnly.drain();
    const lateId = (
      await db()
        .selectFrom("users")
        .select("id")
        .where("username", "=", "alerts.leaver2")
        .executeTakeFirstOrThrow()
    ).id;
    expect(await alertsOf(lateId)).toHaveLength(1);
    await removeFromAccount("alerts.leaver2");
    await t.outbox.drain();
    expect(pushesTo(lateDevice.endpoint)).toEqual([]);
  });

  it("keeps each user's alerts to themselves: another account's user neither sees nor marks them", async () => {
    await choose(trader, [{ kind: "order_status", ...ALL_CHANNELS }]);
    const order = await placed();
    await t.outbox.drain();
    const mine = await orderAlerts(trader, order.id);
    expect(mine).toHaveLength(1);
    expect((await get(spaza)).items.map((a) => a.id)).not.toContain(mine[0]!.id);

    const unreadBefore = (await get(trader)).unread;
    expect(unreadBefore).toBeGreaterThan(0);
    const marked = await t.request({
      method: "POST",
      url: "/api/Alerts/Read",
      token: spaza,
      body: { ids: [mine[0]!.id] },
    });
    expect(marked.statusCode).toBe(200);
    await t.request({ method: "POST", url: "/api/Alerts/Read", token: spaza, body: {} });
    expect((await get(trader)).unread).toBe(unreadBefore);
    expect((await orderAlerts(trader, order.id))[0]!.readAt).toBeNull();
    // Staff have no account: no alerts.
    const staff = await t.login("staff");
    const refused = await t.request({ method: "GET", url: "/api/Alerts", token: staff });
    expect(expectProblem(refused).code).toBe("not_a_customer");
  });

  it("tells an account's people its statement is ready once the shop's month is over, once", async () => {
    await sql`DELETE FROM app_settings WHERE key = 'statement-alerts'`.execute(db());
    // A shop's first run only records the month: it announces none it never kept.
    expect(await queueMonthStatementAlerts(db(), new Date("2026-12-01T08:00:00+02:00"))).toBe(0);
    expect(await queueMonthStatementAlerts(db(), new Date("2026-12-20T08:00:00+02:00"))).toBe(0);
    // Half past midnight on 1 January in Johannesburg is still 31 December in UTC: December is over.
    const newYear = new Date("2027-01-01T00:30:00+02:00");
    const announced = await queueMonthStatementAlerts(db(), newYear);
    expect(announced).toBeGreaterThan(0);
    expect(await queueMonthStatementAlerts(db(), newYear)).toBe(0);
    expect(await queueMonthStatementAlerts(db(), new Date("2027-01-15T08:00:00+02:00"))).toBe(0);
    await t.outbox.drain();
    const told = (await get(trader)).items.filter((a) => a.kind === "statement_ready");
    expect(told.map((a) => [a.title, a.link])).toEqual([
      [expect.stringMatching(/^Your statement for Dec\w* 2026 is ready$/), "/statements?month=2026-12"],
    ]);
  });
});
