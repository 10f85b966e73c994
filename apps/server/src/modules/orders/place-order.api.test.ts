import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "@trade-shop/contracts/common";
import { OrderConflict } from "@trade-shop/contracts/orders";
import { testDbKind } from "../../../test/databases";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, extraLogin, findSku, setStock, stockOf } from "../../../test/fixtures";
import type { Cart } from "@trade-shop/contracts/cart";
import { commandFrom, fillCart } from "../../../test/orders";

const order = (t: TestApp, token: string, body: object) =>
  t.request({ method: "POST", url: "/api/Order", token, body });
const countOrders = async (t: TestApp) =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM orders`.execute(t.database.db)).rows[0]!.n);

/** Resolves once a session of the test database waits for a lock (within 10 s). */
async function untilWaitingForALock(t: TestApp) {
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.database.db);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no session waited for a lock");
}

describe("POST /api/Order", () => {
  let t: TestApp;
  let trader: string;
  let warehouse: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
  });
  afterAll(() => t.close());

  it("writes the order priced by the server, takes the stock, empties the cart and queues the hand-off", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 10 });
    const b = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 11 });
    const cart = await fillCart(t, trader, [
      [a.skuCode, 2],
      [b.skuCode, 1],
    ]);
    const res = await order(t, trader, commandFrom(cart, { suppliedId: "PO-4411", homeDelivery: true }));
    expect(res.statusCode).toBe(200);
    const placed = res.json();
    expect(placed.orderId).toBe(`TS${100_000 + placed.id}`);
    expect(placed.currentPastelStatus).toBe("Pending");
    expect(placed.suppliedId).toBe("PO-4411");
    expect(placed.shipmentMethod).toBe("Delivery");
    expect(placed.orderReference).toBe(cart.orderReference);
    expect(toCents(placed.totalPriceIncl)).toBe(toCents(cart.totalPriceIncl));
    expect(
      placed.orderLines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [a.skuCode, 2],
      [b.skuCode, 1],
    ]);
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(a.onHand - 2);
    expect(await stockOf(t.database.db, warehouse, b.skuCode)).toBe(b.onHand - 1);
    const after: Cart = (
      await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader })
    ).json();
    expect(after.cartItems).toEqual([]);
    expect(after.orderReference).not.toBe(cart.orderReference);
    const queued = await t.database.db
      .selectFrom("outbox")
      .select(["topic", "payload"])
      .where("idempotencyKey", "=", `order:${placed.id}`)
      .executeTakeFirst();
    expect(queued?.topic).toBe("backoffice.order");
  });

  it("returns the first order for a repeated submit and never creates a second", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 12 });
    const cart = await fillCart(t, trader, [[a.skuCode, 3]]);
    const before = await countOrders(t);
    const command = commandFrom(cart);
    const answers = await Promise.all([1, 2, 3, 4].map(() => order(t, trader, command)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const later = await order(t, trader, command);
    expect(later.json().id).toBe(answers[0]!.json().id);
    expect(await countOrders(t)).toBe(before + 1);
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(a.onHand - 3);
  });

  it("refuses with 409 and creates nothing when a price changed after the cart was shown", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const a = await findSku(t.database.db, {
      warehouseCode: warehouse,
      tenantId: "gauteng",
      deal: false,
      skip: 13,
    });
    const cart = await fillCart(t, trader, [[a.skuCode, 1]]);
    await t.database.db
      .updateTable("priceListPrices")
      .set((eb) => ({ listPriceCents: eb("listPriceCents", "+", 100) }))
      .where("priceListId", "=", customer.pricelistId)
      .where("skuCode", "=", a.skuCode)
      .execute();
    const before = await countOrders(t);
    const res = await order(t, trader, commandFrom(cart));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("prices_changed");
    // The web app reads the refusal through the contract's schema.
    const conflict = OrderConflict.parse(res.json());
    if (conflict.code !== "prices_changed") expect.unreachable(conflict.code);
    expect(toCents(conflict.cart.totalPriceIncl)).toBeGreaterThan(toCents(cart.totalPriceIncl));
    expect(await countOrders(t)).toBe(before);
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(a.onHand);
    const fresh: Cart = (
      await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader })
    ).json();
    expect((await order(t, trader, commandFrom(fresh))).statusCode).toBe(200);
  });

  it("compares totals rounded to 2 decimals, so float noise from the browser's sums passes", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 14 });
    const cart = await fillCart(t, trader, [[a.skuCode, 1]]);
    const noisy = cart.totalPriceIncl + 1e-9;
    expect(noisy).not.toBe(cart.totalPriceIncl);
    const res = await order(t, trader, commandFrom(cart, { totalPriceIncl: noisy }));
    expect(res.statusCode).toBe(200);
    const off = await fillCart(t, trader, [[a.skuCode, 1]]);
    const refused = await order(t, trader, commandFrom(off, { totalPriceIncl: off.totalPriceIncl - 0.01 }));
    expect(refused.statusCode).toBe(409);
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
  });

  it("refuses lines above stock with 409 naming them, and takes nothing", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 15 });
    const b = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 16 });
    const cart = await fillCart(t, trader, [
      [a.skuCode, 1],
      [b.skuCode, 3],
    ]);
    // Stock sold elsewhere after the add: the cart now asks for more than there is.
    await setStock(t.database.db, warehouse, b.skuCode, 2);
    const before = await countOrders(t);
    const res = await order(t, trader, commandFrom(cart));
    expect(res.statusCode).toBe(409);
    expect(OrderConflict.parse(res.json())).toMatchObject({ code: "stock_short" });
    expect(res.json().shortages).toEqual([
      expect.objectContaining({ skuCode: b.skuCode, requested: 3, available: 2 }),
    ]);
    expect(res.json().code).toBe("stock_short");
    expect(res.json().title).toContain(b.skuCode);
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(a.onHand);
    expect(await stockOf(t.database.db, warehouse, b.skuCode)).toBe(2);
    // Stock is taken last: the order, its hand-off and the emptied cart are rolled back with it.
    expect(await countOrders(t)).toBe(before);
    const kept: Cart = (
      await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader })
    ).json();
    expect(kept.orderReference).toBe(cart.orderReference);
    expect(kept.cartItems.map((i) => i.productId)).toEqual([a.skuCode, b.skuCode]);
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
  });

  it("refuses a product with no stock row in the warehouse as none available, and takes nothing", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 18 });
    const b = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 19 });
    const cart = await fillCart(t, trader, [
      [a.skuCode, 1],
      [b.skuCode, 1],
    ]);
    await t.database.db
      .deleteFrom("stock")
      .where("warehouseCode", "=", warehouse)
      .where("skuCode", "=", b.skuCode)
      .execute();
    const before = await countOrders(t);
    const res = await order(t, trader, commandFrom(cart));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("stock_short");
    expect(res.json().shortages).toEqual([
      expect.objectContaining({ skuCode: b.skuCode, requested: 1, available: 0 }),
    ]);
    expect(await countOrders(t)).toBe(before);
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(a.onHand);
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
  });

  it("refuses a reference the cart does not have with 409 cart_changed naming the cart's current one", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 21 });
    const cart = await fillCart(t, trader, [[a.skuCode, 1]]);
    const before = await countOrders(t);
    for (const orderReference of [randomUUID(), "not-a-uuid", cart.orderReference.toUpperCase()]) {
      const res = await order(t, trader, commandFrom(cart, { orderReference }));
      expect(res.statusCode).toBe(409);
      expect(OrderConflict.parse(res.json())).toEqual(
        expect.objectContaining({ code: "cart_changed", orderReference: cart.orderReference }),
      );
    }
    expect(await countOrders(t)).toBe(before);
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(a.onHand);
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });

    // So is a login that never opened a cart.
    const fresh = await extraLogin(t, "trader", "never-shopped");
    const res = await order(t, fresh, commandFrom(cart, { orderReference: randomUUID() }));
    expect(res.statusCode).toBe(409);
    expect(OrderConflict.parse(res.json()).code).toBe("cart_changed");
    expect(await countOrders(t)).toBe(before);
  });

  it("refuses a submit whose lines are not the cart's", async () => {
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 17 });
    const cart = await fillCart(t, trader, [[a.skuCode, 2]]);
    const tampered = commandFrom(cart);
    tampered.orderLines[0]!.quantity = 1;
    expect((await order(t, trader, tampered)).statusCode).toBe(409);
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
  });

  it("refuses liquor at order time for a customer without a licence", async () => {
    const spaza = await t.login("spaza");
    const customer = await customerOf(t.database.db, "spaza");
    const liquor = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: "gauteng",
      liquor: true,
      minStock: 1,
    });
    // The licence lapsed after the line went on the cart.
    await t.database.db
      .updateTable("customers")
      .set({ isLiquorCustomer: true })
      .where("id", "=", customer.id)
      .execute();
    const cart = await fillCart(t, spaza, [[liquor.skuCode, 1]]);
    await t.database.db
      .updateTable("customers")
      .set({ isLiquorCustomer: false })
      .where("id", "=", customer.id)
      .execute();
    const res = await order(t, spaza, commandFrom(cart));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("liquor_not_allowed");
  });

  it("delivers to the chosen address of the account, and refuses another account's address without taking anything", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const branch = await t.database.db
      .insertInto("customerAddresses")
      .values({
        customerId: customer.id,
        label: "Depot",
        address1: "7 Rail Siding",
        address3: "Germiston",
        addressPc: "1401",
        isDefault: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const spaza = await customerOf(t.database.db, "spaza");
    const foreign = await t.database.db
      .insertInto("customerAddresses")
      .values({ customerId: spaza.id, label: "Not yours", address1: "1 Elsewhere Road", isDefault: false })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 30 });

    let cart = await fillCart(t, trader, [[sku.skuCode, 1]]);
    const before = await countOrders(t);
    const refused = await order(
      t,
      trader,
      commandFrom(cart, { homeDelivery: true, deliveryAddressId: foreign.id }),
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe("not_found");
    // An id past what the column holds is bad input, not a server error.
    const huge = await order(
      t,
      trader,
      commandFrom(cart, { homeDelivery: true, deliveryAddressId: 2_147_483_648 }),
    );
    expect(huge.statusCode).toBe(400);
    expect(await countOrders(t)).toBe(before);
    expect(await stockOf(t.database.db, warehouse, sku.skuCode)).toBe(sku.onHand);

    cart = (await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader })).json();
    const placed = await order(
      t,
      trader,
      commandFrom(cart, { homeDelivery: true, deliveryAddressId: branch.id }),
    );
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({
      address1: "7 Rail Siding",
      address2: null,
      address3: "Germiston",
      address6: "1401",
      homeDelivery: true,
    });

    // Collection ignores an address; without one, delivery goes to the account's own address.
    cart = await fillCart(t, trader, [[sku.skuCode, 1]]);
    const collected = await order(
      t,
      trader,
      commandFrom(cart, { homeDelivery: false, deliveryAddressId: foreign.id }),
    );
    expect(collected.statusCode).toBe(200);
    const account = await t.database.db
      .selectFrom("customers")
      .select(["address1", "addressPc"])
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(collected.json()).toMatchObject({
      address1: account.address1,
      address6: account.addressPc,
      homeDelivery: false,
    });
  });

  it("refuses an order above the remaining credit", async () => {
    const spaza = await t.login("spaza");
    const customer = await customerOf(t.database.db, "spaza");
    await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: spaza, body: {} });
    const a = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: "gauteng",
      minStock: 200,
    });
    const cart = await fillCart(t, spaza, [[a.skuCode, 150]]);
    const credit = (
      await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token: spaza, body: {} })
    ).json();
    expect(credit).toBeDefined();
    const res = await order(t, spaza, commandFrom(cart));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("credit_exceeded");
    expect(res.json().title).toMatch(/more than your remaining credit of R[\d ]+\.\d\d/);
    const conflict = OrderConflict.parse(res.json());
    if (conflict.code !== "credit_exceeded") expect.unreachable(conflict.code);
    expect(toCents(conflict.orderTotal)).toBe(toCents(cart.totalPriceIncl));
    expect(conflict.remainingCredit).toBeLessThan(conflict.orderTotal);
    expect(await stockOf(t.database.db, customer.stockingWarehouseCode, a.skuCode)).toBe(a.onHand);
  });
});

describe("POST /api/Order under concurrency", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sells exactly the stock when parallel orders compete for the last units", async () => {
    const buyers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => extraLogin(t, "trader", `race-buyer-${n}`)),
    );
    const warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
    const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 20 });
    await setStock(t.database.db, warehouse, sku.skuCode, 4);
    const carts = await Promise.all(buyers.map((token) => fillCart(t, token, [[sku.skuCode, 1]])));
    const answers = await Promise.all(buyers.map((token, i) => order(t, token, commandFrom(carts[i]!))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 409, 409]);
    expect(await stockOf(t.database.db, warehouse, sku.skuCode)).toBe(0);
    const sold = await sql<{
      n: number;
    }>`SELECT coalesce(sum(quantity), 0) AS n FROM order_lines WHERE sku_code = ${sku.skuCode}
      AND order_id IN (SELECT id FROM orders WHERE created_by LIKE 'race-buyer-%')`.execute(t.database.db);
    expect(Number(sold.rows[0]!.n)).toBe(4);
  });

  it("takes all of an order's lines or none when parallel orders cross on the last units, in either line order", async () => {
    const buyers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => extraLogin(t, "trader", `cross-buyer-${n}`)),
    );
    const warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
    const a = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 22 });
    const b = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 23 });
    await setStock(t.database.db, warehouse, a.skuCode, 3);
    await setStock(t.database.db, warehouse, b.skuCode, 3);
    // Half the carts list A first, half B first; each wants one of each.
    const carts = await Promise.all(
      buyers.map((token, i) =>
        fillCart(
          t,
          token,
          i % 2 === 0
            ? [
                [a.skuCode, 1],
                [b.skuCode, 1],
              ]
            : [
                [b.skuCode, 1],
                [a.skuCode, 1],
              ],
        ),
      ),
    );
    const answers = await Promise.all(buyers.map((token, i) => order(t, token, commandFrom(carts[i]!))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().code).toBe("stock_short");
      expect(refused.json().shortages.every((s: { available: number }) => s.available === 0)).toBe(true);
    }
    expect(await stockOf(t.database.db, warehouse, a.skuCode)).toBe(0);
    expect(await stockOf(t.database.db, warehouse, b.skuCode)).toBe(0);
    const sold = await sql<{
      sku: string;
      n: number;
    }>`SELECT sku_code AS sku, sum(quantity)::int AS n FROM order_lines
      WHERE order_id IN (SELECT id FROM orders WHERE created_by LIKE 'cross-buyer-%') GROUP BY sku_code ORDER BY sku_code`.execute(
      t.database.db,
    );
    expect(sold.rows.map((r) => r.n)).toEqual([3, 3]);
  });

  // PGlite is one connection: no other transaction can hold a row while an order runs.
  it.runIf(testDbKind() === "postgres")(
    "checks the stock another order left once that order commits, and refuses what it took (PostgreSQL only)",
    async () => {
      const buyer = await extraLogin(t, "trader", "waiting-buyer");
      const warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
      const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 24 });
      await setStock(t.database.db, warehouse, sku.skuCode, 2);
      const cart = await fillCart(t, buyer, [[sku.skuCode, 2]]);
      // Another sale of the last two packs, not committed yet, holds the stock row.
      const other = await t.database.pool.connect();
      try {
        await other.query("BEGIN");
        await other.query("UPDATE stock SET on_hand = 0 WHERE warehouse_code = $1 AND sku_code = $2", [
          warehouse,
          sku.skuCode,
        ]);
        const answer = order(t, buyer, commandFrom(cart));
        await untilWaitingForALock(t);
        await other.query("COMMIT");
        const res = await answer;
        expect(res.statusCode).toBe(409);
        expect(res.json().shortages).toEqual([
          expect.objectContaining({ skuCode: sku.skuCode, requested: 2, available: 0 }),
        ]);
      } finally {
        other.release();
      }
      expect(await stockOf(t.database.db, warehouse, sku.skuCode)).toBe(0);
    },
  );

  it("never lets parallel orders on one account go over its credit limit", async () => {
    const customer = await customerOf(t.database.db, "spaza");
    const buyers = await Promise.all([1, 2, 3, 4, 5].map((n) => extraLogin(t, "spaza", `credit-buyer-${n}`)));
    const sku = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: "gauteng",
      minStock: 50,
      deal: false,
      skip: 3,
    });
    const carts = await Promise.all(buyers.map((token) => fillCart(t, token, [[sku.skuCode, 2]])));
    const each = toCents(carts[0]!.totalPriceIncl);
    // Leave room for two and a half of these orders.
    const open = await sql<{ n: number }>`SELECT coalesce(sum(total_incl_cents), 0) AS n FROM orders
      WHERE customer_id = ${customer.id} AND current_pastel_status IN ('Pending','Submitted','Picking','On Hold')`.execute(
      t.database.db,
    );
    const limit = customer.dcBalanceCents + Number(open.rows[0]!.n) + Math.floor(each * 2.5);
    await t.database.db
      .updateTable("customers")
      .set({ creditLimitCents: limit })
      .where("id", "=", customer.id)
      .execute();
    const answers = await Promise.all(buyers.map((token, i) => order(t, token, commandFrom(carts[i]!))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const after = await sql<{ n: number }>`SELECT coalesce(sum(total_incl_cents), 0) AS n FROM orders
      WHERE customer_id = ${customer.id} AND current_pastel_status IN ('Pending','Submitted','Picking','On Hold')`.execute(
      t.database.db,
    );
    expect(customer.dcBalanceCents + Number(after.rows[0]!.n)).toBeLessThanOrEqual(limit);
  });
});

describe("GET /api/Order and GET /api/Order/GetOrderById/{id}", () => {
  let t: TestApp;
  let trader: string;
  let spaza: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    spaza = await t.login("spaza");
  });
  afterAll(() => t.close());

  it("lists the account's own orders, newest first, with their status", async () => {
    const res = await t.request({ method: "GET", url: "/api/Order", token: trader });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const trader0 = await customerOf(t.database.db, "trader");
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.every((o: { accountId: string }) => o.accountId === trader0.accountId)).toBe(true);
    const dates = list.map((o: { createdDate: string }) => o.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(list.map((o: { currentPastelStatus: string }) => o.currentPastelStatus)).size).toBe(8);
  });

  it("shows one order with its lines, and another account's order as 404", async () => {
    const [mine] = (await t.request({ method: "GET", url: "/api/Order", token: trader })).json();
    const res = await t.request({ method: "GET", url: `/api/Order/GetOrderById/${mine.id}`, token: trader });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.orderLines.length).toBeGreaterThan(0);
    const sum = detail.orderLines.reduce(
      (s: number, l: { totalPriceIncl: number }) => s + toCents(l.totalPriceIncl),
      0,
    );
    expect(sum).toBe(toCents(detail.totalPriceIncl));
    expect(
      (await t.request({ method: "GET", url: `/api/Order/GetOrderById/${mine.id}`, token: spaza }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "GET", url: "/api/Order/GetOrderById/999999", token: trader })).statusCode,
    ).toBe(404);
  });

  it("says the id must be defined when it is missing", async () => {
    for (const url of ["/api/Order/GetOrderById", "/api/Order/GetOrderById/"]) {
      const res = await t.request({ method: "GET", url, token: trader });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation");
      expect(res.json().title).toBe("The parameter 'id' must be defined.");
    }
    expect(
      (await t.request({ method: "GET", url: "/api/Order/GetOrderById/abc", token: trader })).statusCode,
    ).toBe(400);
  });
});
