import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreditDetails } from "@trade-shop/contracts/accounts";
import { toCents } from "@trade-shop/contracts/common";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { placeTestOrder } from "../../../test/orders";
import { createBackOfficeSimulator } from "../backoffice";

describe("POST /api/Users/GetCreditDetails", () => {
  let t: TestApp;
  let trader: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SIMULATOR_STEP_MS: "0" } });
    trader = await t.login("trader");
  });
  afterAll(() => t.close());

  const creditDetails = (token?: string, tenantId?: string) =>
    t.request({
      method: "POST",
      url: "/api/Users/GetCreditDetails",
      ...(token ? { token } : {}),
      ...(tenantId ? { tenantId } : {}),
    });
  const balance = async (token: string) =>
    toCents(
      (await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token })).json().dcBalance,
    );
  const remaining = async (token: string) => toCents((await creditDetails(token)).json().remainingCredit);

  /** docs/rules.md worked out independently: limit − balance − orders not yet invoiced. */
  async function expectedRemainingCents(accountId: string) {
    const { rows } = await sql<{ cents: number }>`
      SELECT c.credit_limit_cents - c.dc_balance_cents
             - coalesce((SELECT sum(o.total_incl_cents) FROM orders o WHERE o.customer_id = c.id
                          AND o.current_pastel_status IN ('Pending', 'Submitted', 'Picking', 'On Hold')), 0) AS cents
        FROM customers c WHERE c.account_id = ${accountId}`.execute(t.database.db);
    return Number(rows[0]!.cents);
  }

  it("gives the customer's credit limit and what remains of it, in rand", async () => {
    const res = await creditDetails(trader);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(CreditDetails.strict().safeParse(body).success).toBe(true);
    expect(body).toEqual({
      accountId: "CUS0001",
      principleId: "gauteng",
      totalCredit: 150_000,
      remainingCredit: (await expectedRemainingCents("CUS0001")) / 100,
    });
    // The demo account has open orders, so remaining credit is less than limit minus balance.
    expect(toCents(body.remainingCredit)).toBeLessThan(15_000_000 - (await balance(trader)));
    const spaza = (await creditDetails(await t.login("spaza"))).json();
    expect(spaza).toMatchObject({ accountId: "CUS0002", totalCredit: 5000 });
    expect(toCents(spaza.remainingCredit)).toBe(await expectedRemainingCents("CUS0002"));
  });

  it("answers 404 for a login without a customer account, 401 without a login, 403 for a tenant not held", async () => {
    const staff = await creditDetails(await t.login("staff"), "gauteng");
    expect(staff.statusCode).toBe(404);
    expect(staff.json().code).toBe("not_found");
    expect((await creditDetails()).statusCode).toBe(401);
    expect((await creditDetails(trader, "coastal")).statusCode).toBe(403);
  });

  it("stays consistent from placing to invoicing: placing lowers remaining credit, invoicing raises the balance", async () => {
    const simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
    const balanceBefore = await balance(trader);
    const remainingBefore = await remaining(trader);

    const placed = await placeTestOrder(t, "trader", trader, [3, 2], 60);
    const total = toCents(placed.totalPriceIncl);
    expect(total).toBeGreaterThan(0);
    const afterPlacing = { balance: await balance(trader), remaining: await remaining(trader) };
    expect(afterPlacing).toEqual({ balance: balanceBefore, remaining: remainingBefore - total });

    // Submitted and Picking: still not invoiced, nothing moves.
    await t.outbox.drain();
    await simulator.tick();
    expect(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${placed.id}`, token: trader })).json()
        .currentPastelStatus,
    ).toBe("Picking");
    expect({ balance: await balance(trader), remaining: await remaining(trader) }).toEqual(afterPlacing);

    // Invoiced: the total moves from "not yet invoiced" into the balance, in one transaction.
    await simulator.tick();
    expect(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${placed.id}`, token: trader })).json()
        .currentPastelStatus,
    ).toBe("Invoiced");
    expect({ balance: await balance(trader), remaining: await remaining(trader) }).toEqual({
      balance: balanceBefore + total,
      remaining: remainingBefore - total,
    });
    expect(await remaining(trader)).toBe(await expectedRemainingCents("CUS0001"));

    // Dispatched and Delivered change neither.
    await simulator.tick();
    await simulator.tick();
    expect({ balance: await balance(trader), remaining: await remaining(trader) }).toEqual({
      balance: balanceBefore + total,
      remaining: remainingBefore - total,
    });
  });

  it("never shows a half-done invoice: readers during invoicing see the order either uninvoiced or in the balance", async () => {
    const simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
    const placed = await placeTestOrder(t, "trader", trader, [1], 64);
    await t.outbox.drain();
    await simulator.tick();
    const steady = await remaining(trader);
    const readings: number[] = [];
    let ticking = true;
    const reader = (async () => {
      while (ticking) readings.push(await remaining(trader));
    })();
    await simulator.tick();
    ticking = false;
    await reader;
    readings.push(await remaining(trader));
    expect(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${placed.id}`, token: trader })).json()
        .currentPastelStatus,
    ).toBe("Invoiced");
    expect(new Set(readings)).toEqual(new Set([steady]));
  });
});
