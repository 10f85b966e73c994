import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CustomerDetails } from "@trade-shop/contracts/accounts";
import { formatShopDate } from "@trade-shop/contracts/format";
import { customerOf, findSku } from "../../../test/fixtures";
import { commandFrom, fillCart } from "../../../test/orders";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { sendLiquorLicenceNotices } from "./liquor-licence";

describe("liquor licence expiry: POST /api/Cart/AdditemToCart, POST /api/Order, GetCustomerDetails, the 30-day notice", () => {
  let t: TestApp;
  let trader: string;
  let liquorSku: string;
  let plainSku: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    const customer = await customerOf(t.database.db, "trader");
    const where = { warehouseCode: customer.stockingWarehouseCode, tenantId: customer.tenantId };
    liquorSku = (await findSku(t.database.db, { ...where, liquor: true })).skuCode;
    plainSku = (await findSku(t.database.db, { ...where, skip: 3 })).skuCode;
  });
  afterAll(() => t.close());

  /** Sets trader's licence to expire `days` from today in Johannesburg; returns that day. */
  async function expireIn(days: number): Promise<string> {
    const { rows } = await sql<{ day: string }>`
      UPDATE customers SET liquor_licence_expires_on = (now() AT TIME ZONE 'Africa/Johannesburg')::date + ${days}::int
       WHERE account_id = 'CUS0001' RETURNING liquor_licence_expires_on::text AS day`.execute(t.database.db);
    return rows[0]!.day;
  }
  const add = (skuCode: string) =>
    t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token: trader,
      body: { skuCode, quantity: 1 },
    });
  const details = async () =>
    CustomerDetails.parse(
      (await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token: trader })).json(),
    );

  it("lets liquor be bought up to the end of the expiry day", async () => {
    await expireIn(0);
    expect((await add(liquorSku)).statusCode).toBe(200);
    expect((await details()).liquorLicence).toMatchObject({ daysLeft: 0, expired: false, expiresSoon: true });
  });

  it("refuses liquor on add-to-cart and at order placement once expired, with the licence and date as the reason", async () => {
    // Liquor already in the cart from before the licence lapsed.
    await expireIn(5);
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader });
    const cart = await fillCart(t, trader, [
      [liquorSku, 1],
      [plainSku, 1],
    ]);
    const day = await expireIn(-1);
    const { number } = (await details()).liquorLicence!;
    expect(number).toMatch(/^GAU\/\d{5}\/LL$/);

    const refused = expectProblem(await add(liquorSku));
    expect(refused.code).toBe("liquor_licence_expired");
    expect(refused.status).toBe(403);
    expect(refused.detail).toContain(`${number} expired on ${formatShopDate(day)}`);
    expect(refused).toMatchObject({ licenceNumber: number, licenceExpiresOn: day });
    const ordersBefore = await t.database.db.selectFrom("orders").select("id").execute();
    const placed = await t.request({
      method: "POST",
      url: "/api/Order",
      token: trader,
      body: commandFrom(cart),
    });
    const problem = expectProblem(placed);
    expect(problem.code).toBe("liquor_licence_expired");
    expect(problem.detail).toContain(formatShopDate(day));
    expect(await t.database.db.selectFrom("orders").select("id").execute()).toHaveLength(ordersBefore.length);
    expect((await details()).liquorLicence).toMatchObject({
      expiresOn: day,
      daysLeft: -1,
      expired: true,
      expiresSoon: false,
    });
    // Other products are still sold.
    expect((await add(plainSku)).statusCode).toBe(200);
  });

  it("keeps an unlicensed account's own reason", async () => {
    const spaza = await t.login("spaza");
    const res = await t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token: spaza,
      body: { skuCode: liquorSku, quantity: 1 },
    });
    expect(expectProblem(res).code).toBe("liquor_not_allowed");
  });

  it("e-mails the 30-day notice once per licence through the outbox, and again for a renewed licence", async () => {
    const queued = () =>
      t.database.db
        .selectFrom("outbox")
        .select(["idempotencyKey", "payload"])
        .where("idempotencyKey", "like", "liquor-licence:%")
        .execute();
    const before = (await queued()).length;
    const day = await expireIn(10);
    expect((await details()).liquorLicence).toMatchObject({
      daysLeft: 10,
      expiresSoon: true,
      expired: false,
    });
    await sendLiquorLicenceNotices(t.database.db);
    await sendLiquorLicenceNotices(t.database.db);
    const mine = (await queued()).filter((m) => m.idempotencyKey.endsWith(`:${day}`));
    expect(mine).toHaveLength(1);
    const payload = mine[0]!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe("orders.traderswholesale@demo.shop");
    expect(payload.subject).toBe(`Your liquor licence expires on ${formatShopDate(day)} (CUS0001)`);
    // Renewed, and again within 30 days: told again. Forty days out: not yet.
    const renewed = await expireIn(25);
    await sendLiquorLicenceNotices(t.database.db);
    expect((await queued()).filter((m) => m.idempotencyKey.endsWith(`:${renewed}`))).toHaveLength(1);
    const far = await expireIn(40);
    await sendLiquorLicenceNotices(t.database.db);
    expect((await queued()).filter((m) => m.idempotencyKey.endsWith(`:${far}`))).toHaveLength(0);
    expect((await queued()).length).toBeGreaterThanOrEqual(before + 2);
  });
});
