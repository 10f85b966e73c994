import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { OrderHistory } from "@trade-shop/contracts/orders";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf } from "../../../test/fixtures";

describe("GET /api/Order: finding an order in the history", () => {
  let t: TestApp;
  let trader: string;
  let spaza: string;
  let traderId: number;
  const page = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.request({ method: "GET", url: `/api/Order?${new URLSearchParams(query)}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return OrderHistory.parse(res.json());
  };
  /** Every page in turn, as the web app's "Load more" asks for them. */
  const history = async (token: string, query: Record<string, string> = {}, limit = 100) => {
    const orders: OrderHistory = [];
    for (let pages = 0; pages < 1000; pages++) {
      const last = orders.at(-1);
      const next = await page(token, {
        ...query,
        limit: String(limit),
        ...(last ? { after: String(last.id) } : {}),
      });
      orders.push(...next);
      if (next.length < limit) return orders;
    }
    throw new Error("more than 1000 pages");
  };

  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    spaza = await t.login("spaza");
    traderId = (await customerOf(t.database.db, "trader")).id;
  });
  afterAll(() => t.close());

  it("filters by back-office status", async () => {
    const all = await history(trader);
    const status = all[0]!.currentPastelStatus;
    const found = await history(trader, { status });
    expect(found.length).toBe(all.filter((o) => o.currentPastelStatus === status).length);
    expect(found.every((o) => o.currentPastelStatus === status)).toBe(true);
  });

  it("finds an order by its number or the customer's reference, in any case", async () => {
    const all = await history(trader);
    const target = all[3]!;
    const byNumber = await history(trader, { search: target.orderId.toLowerCase() });
    expect(byNumber.map((o) => o.id)).toContain(target.id);
    expect(
      byNumber.every(
        (o) => o.orderId.toLowerCase().includes(target.orderId.toLowerCase()) || o.suppliedId !== null,
      ),
    ).toBe(true);
    const withReference = all.find((o) => o.suppliedId);
    if (withReference) {
      const byReference = await history(trader, { search: withReference.suppliedId! });
      expect(byReference.map((o) => o.id)).toContain(withReference.id);
    }
  });

  it("finds the orders with a product on them, by SKU code or words of its description", async () => {
    const line = await t.database.db
      .selectFrom("orderLines")
      .innerJoin("orders", "orders.id", "orderLines.orderId")
      .select(["orderLines.skuCode", "orderLines.productDescription"])
      .where("orders.customerId", "=", traderId)
      .executeTakeFirstOrThrow();
    const withSku = await t.database.db
      .selectFrom("orders")
      .select("orders.id")
      .where("orders.customerId", "=", traderId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("orderLines")
            .select("orderLines.orderId")
            .whereRef("orderLines.orderId", "=", "orders.id")
            .where("orderLines.skuCode", "=", line.skuCode),
        ),
      )
      .execute();
    const bySku = await history(trader, { search: line.skuCode });
    expect(bySku.map((o) => o.id).sort()).toEqual(withSku.map((o) => o.id).sort());
    const word = line.productDescription.split(" ").slice(-2).join(" ");
    const byWords = await history(trader, { search: word.toUpperCase() });
    expect(byWords.length).toBeGreaterThanOrEqual(withSku.length);
  });

  it("keeps to the days asked for, as South African days", async () => {
    const all = await history(trader);
    const day = (iso: string) =>
      new Date(iso).toLocaleDateString("en-CA", { timeZone: "Africa/Johannesburg" });
    const target = day(all[5]!.createdDate);
    const found = await history(trader, { from: target, to: target });
    expect(found.length).toBe(all.filter((o) => day(o.createdDate) === target).length);
    expect(found.length).toBeGreaterThan(0);
  });

  it("never finds another account's order, whatever is searched", async () => {
    const [traderOrder] = await history(trader);
    expect(await history(spaza, { search: traderOrder!.orderId })).toEqual([]);
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM orders WHERE customer_id <> ${traderId}`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    const everything = await history(trader, { search: "%" });
    expect(everything.every((o) => o.accountId === traderOrder!.accountId)).toBe(true);
  });

  it("answers bad filters with 400, not 500", async () => {
    const bad: Record<string, string>[] = [
      { status: "Lost" },
      { from: "2026-02-30" },
      { to: "yesterday" },
      { search: "x".repeat(101) },
      // Days outside the shop's calendar (2000 to 2100): the database refuses year 0000.
      { from: "0000-01-01" },
      { to: "0000-12-31" },
      { from: "1999-12-31" },
      { to: "2101-01-01" },
    ];
    for (const query of bad) {
      const res = await t.request({
        method: "GET",
        url: `/api/Order?${new URLSearchParams(query)}`,
        token: trader,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe("validation");
    }
    // The calendar's own ends are days like any other.
    await history(trader, { from: "2000-01-01", to: "2100-12-31" });
  });
});
