import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "@trade-shop/contracts/common";
import { OrderStatus } from "@trade-shop/contracts/orders";
import { OrdersByStatus, SpendPerMonth, TopProducts } from "@trade-shop/contracts/reports";
import { customerOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { placeTestOrder } from "../../../test/orders";

// The month an instant falls in, in South African time, worked out without SQL.
const sastMonth = (at: Date) => {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Africa/Johannesburg",
    year: "numeric",
    month: "2-digit",
  }).formatToParts(at);
  return `${parts.find((p) => p.type === "year")!.value}-${parts.find((p) => p.type === "month")!.value}`;
};

/** The last 12 calendar months, oldest first, ending with the current one. */
function lastTwelveMonths(now: Date) {
  const [year, month] = sastMonth(now).split("-").map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

describe("/api/Reports", () => {
  let t: TestApp;
  let trader: string;
  let orders: {
    id: number;
    createdDate: Date;
    status: string;
    totalExclCents: number;
    totalInclCents: number;
  }[];
  let windowStart: string;

  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    // One order placed now, so the current month has spend of this run's own making too.
    await placeTestOrder(t, "trader", trader, [4, 1], 70);
    const customer = await customerOf(t.database.db, "trader");
    orders = (
      await t.database.db
        .selectFrom("orders")
        .select(["id", "createdDate", "currentPastelStatus as status", "totalExclCents", "totalInclCents"])
        .where("customerId", "=", customer.id)
        .execute()
    ).map((o) => ({ ...o, createdDate: new Date(o.createdDate) }));
    windowStart = lastTwelveMonths(new Date())[0]!;
  });
  afterAll(() => t.close());

  const get = (url: string, token = trader) => t.request({ method: "GET", url, token });
  const inWindow = () => orders.filter((o) => sastMonth(o.createdDate) >= windowStart);

  it("GET /api/Reports/SpendPerMonth: 12 months oldest first, zeros where nothing was bought, rejected orders left out", async () => {
    const res = await get("/api/Reports/SpendPerMonth");
    expect(res.statusCode).toBe(200);
    const report = SpendPerMonth.parse(res.json());
    const months = lastTwelveMonths(new Date());
    expect(report.months.map((m) => m.month)).toEqual(months);
    for (const m of report.months) {
      const bought = orders.filter((o) => sastMonth(o.createdDate) === m.month && o.status !== "Rejected");
      expect({
        month: m.month,
        orderCount: m.orderCount,
        excl: toCents(m.totalExcl),
        incl: toCents(m.totalIncl),
      }).toEqual({
        month: m.month,
        orderCount: bought.length,
        excl: bought.reduce((sum, o) => sum + o.totalExclCents, 0),
        incl: bought.reduce((sum, o) => sum + o.totalInclCents, 0),
      });
    }
    expect(report.months.at(-1)!.orderCount).toBeGreaterThan(0);
    expect(report.months.some((m) => m.orderCount > 0 && m.month !== months.at(-1))).toBe(true);
    expect(sastMonth(new Date(report.from))).toBe(months[0]);
    const startsAt = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Johannesburg",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(report.from));
    expect(startsAt).toBe("01, 00:00");
  });

  it("GET /api/Reports/TopProducts: by spend and by quantity, with the lines' sums", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const lines = await t.database.db
      .selectFrom("orderLines")
      .innerJoin("orders", "orders.id", "orderLines.orderId")
      .select([
        "orderLines.skuCode",
        "orderLines.quantity",
        "orderLines.totalExclCents",
        "orderLines.totalInclCents",
        "orders.id",
        "orders.createdDate",
        "orders.currentPastelStatus",
      ])
      .where("orders.customerId", "=", customer.id)
      .execute();
    const totals = new Map<string, { quantity: number; excl: number; incl: number; orders: Set<number> }>();
    for (const l of lines) {
      if (l.currentPastelStatus === "Rejected" || sastMonth(new Date(l.createdDate)) < windowStart) continue;
      const sum = totals.get(l.skuCode) ?? { quantity: 0, excl: 0, incl: 0, orders: new Set<number>() };
      sum.quantity += l.quantity;
      sum.excl += l.totalExclCents;
      sum.incl += l.totalInclCents;
      sum.orders.add(l.id);
      totals.set(l.skuCode, sum);
    }

    const bySpend = TopProducts.parse((await get("/api/Reports/TopProducts")).json());
    expect(bySpend.by).toBe("spend");
    expect(bySpend.products).toHaveLength(Math.min(10, totals.size));
    const spends = bySpend.products.map((p) => toCents(p.totalExcl));
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    expect(spends[0]).toBe(Math.max(...[...totals.values()].map((s) => s.excl)));
    for (const p of bySpend.products) {
      const sum = totals.get(p.skuCode)!;
      expect({
        quantity: p.quantity,
        excl: toCents(p.totalExcl),
        incl: toCents(p.totalIncl),
        orders: p.orderCount,
      }).toEqual({
        quantity: sum.quantity,
        excl: sum.excl,
        incl: sum.incl,
        orders: sum.orders.size,
      });
      expect(p.productDescription.length).toBeGreaterThan(0);
    }

    const byQuantity = TopProducts.parse((await get("/api/Reports/TopProducts?by=quantity&limit=3")).json());
    expect(byQuantity.products).toHaveLength(3);
    const quantities = byQuantity.products.map((p) => p.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    expect(quantities[0]).toBe(Math.max(...[...totals.values()].map((s) => s.quantity)));

    const bad = await get("/api/Reports/TopProducts?by=colour&limit=500");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["by", "limit"]);
  });

  it("GET /api/Reports/OrdersByStatus: every status in flow order, with counts and totals", async () => {
    const report = OrdersByStatus.parse((await get("/api/Reports/OrdersByStatus")).json());
    expect(report.statuses.map((s) => s.status)).toEqual(OrderStatus.options);
    for (const s of report.statuses) {
      const matching = inWindow().filter((o) => o.status === s.status);
      expect({ status: s.status, count: s.orderCount, incl: toCents(s.totalIncl) }).toEqual({
        status: s.status,
        count: matching.length,
        incl: matching.reduce((sum, o) => sum + o.totalInclCents, 0),
      });
    }
    // The demo gives the trader an order in every back-office status; orders awaiting the
    // owner's approval come only from buyers over their limit (decision 128), those awaiting a
    // payment only from a buyer paying over credit (decision 155), cancelled ones only from a
    // customer cancelling (decision 151).
    const shopOnly = ["Awaiting approval", "Awaiting payment", "Cancelled"];
    const backOffice = report.statuses.filter((s) => !shopOnly.includes(s.status));
    expect(backOffice.every((s) => s.orderCount > 0)).toBe(true);
  });

  it("shows each customer only their own account, and needs a customer login", async () => {
    const spaza = await t.login("spaza");
    const mine = OrdersByStatus.parse((await get("/api/Reports/OrdersByStatus")).json());
    const theirs = OrdersByStatus.parse((await get("/api/Reports/OrdersByStatus", spaza)).json());
    expect(theirs.statuses.map((s) => s.orderCount)).not.toEqual(mine.statuses.map((s) => s.orderCount));
    expect((await get("/api/Reports/SpendPerMonth", await t.login("staff"))).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/Reports/TopProducts" })).statusCode).toBe(401);
  });
});
