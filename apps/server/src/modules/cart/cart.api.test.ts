import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, findSku, setStock } from "../../../test/fixtures";
import { toCents } from "@trade-shop/contracts/common";
import { pruneCartAddRequests } from "./cart";

describe("/api/Cart", () => {
  let t: TestApp;
  let trader: string;
  let spaza: string;
  let traderCustomer: Awaited<ReturnType<typeof customerOf>>;
  const add = (token: string, skuCode: string, quantity: number, dealReference: string | null = null) =>
    t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token,
      body: { skuCode, quantity, dealReference },
    });
  const cart = async (token: string) =>
    (await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token })).json();

  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    spaza = await t.login("spaza");
    traderCustomer = await customerOf(t.database.db, "trader");
  });
  afterAll(() => t.close());

  it("GET /api/Cart/GetUserCart gives a new customer an empty cart with an order reference", async () => {
    const body = await cart(trader);
    expect(body.cartItems).toEqual([]);
    expect(body.numberOfItems).toBe(0);
    expect(body.totalPriceIncl).toBe(0);
    expect(body.orderReference).toMatch(/^[0-9a-f-]{36}$/);
    expect((await cart(trader)).orderReference).toBe(body.orderReference);
  });

  it("POST /api/Cart/AdditemToCart answers with the whole cart priced from the customer's price list", async () => {
    const sku = await findSku(t.database.db, {
      warehouseCode: traderCustomer.stockingWarehouseCode,
      tenantId: "gauteng",
      deal: false,
    });
    const res = await add(trader, sku.skuCode, 3);
    expect(res.statusCode).toBe(200);
    const line = res.json().cartItems.find((i: { productId: string }) => i.productId === sku.skuCode);
    const price = await t.database.db
      .selectFrom("priceListPrices")
      .select("listPriceCents")
      .where("priceListId", "=", traderCustomer.pricelistId)
      .where("skuCode", "=", sku.skuCode)
      .executeTakeFirstOrThrow();
    expect(toCents(line.unitPriceExcl)).toBe(price.listPriceCents);
    expect(toCents(line.totalPriceExcl)).toBe(price.listPriceCents * 3);
    expect(line.stockOnHand).toBe(sku.onHand);
    expect(line.stockingWarehouseCode).toBe(traderCustomer.stockingWarehouseCode);
    const again = await add(trader, sku.skuCode, 2);
    const after = again.json().cartItems.find((i: { productId: string }) => i.productId === sku.skuCode);
    expect(after.quantity).toBe(5);
  });

  it("applies a deal once the quantity reaches its minimum and carries its reference", async () => {
    const sku = await findSku(t.database.db, {
      warehouseCode: traderCustomer.stockingWarehouseCode,
      tenantId: "gauteng",
      deal: true,
    });
    const min = sku.dealMinQuantity!;
    if (min > 1) {
      const below = (await add(trader, sku.skuCode, min - 1)).json();
      const line = below.cartItems.find((i: { productId: string }) => i.productId === sku.skuCode);
      expect(line.dealReference).toBeNull();
      expect(line.unitPriceExcl).toBe(line.listPriceExcl);
    }
    const reached = (await add(trader, sku.skuCode, min > 1 ? 1 : min)).json();
    const line = reached.cartItems.find((i: { productId: string }) => i.productId === sku.skuCode);
    expect(line.quantity).toBe(min);
    expect(line.dealReference).toMatch(/^DL-/);
    expect(line.unitPriceExcl).toBeLessThan(line.listPriceExcl);
    expect(line.assignedDiscount).toBeGreaterThan(0);
  });

  it("keeps the cart's totals the sum of its lines", async () => {
    const body = await cart(trader);
    const sum = (field: "totalPriceExcl" | "totalPriceIncl") =>
      body.cartItems.reduce((s: number, i: Record<string, number>) => s + toCents(i[field]!), 0);
    expect(toCents(body.totalPriceExcl)).toBe(sum("totalPriceExcl"));
    expect(toCents(body.totalPriceIncl)).toBe(sum("totalPriceIncl"));
    expect(body.numberOfItems).toBe(body.cartItems.length);
  });

  it("refuses liquor for a customer without a licence and accepts it for a licensed one", async () => {
    const spazaCustomer = await customerOf(t.database.db, "spaza");
    const liquor = await findSku(t.database.db, {
      warehouseCode: spazaCustomer.stockingWarehouseCode,
      tenantId: "gauteng",
      liquor: true,
      minStock: 1,
    });
    const refused = await add(spaza, liquor.skuCode, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("liquor_not_allowed");
    expect((await cart(spaza)).cartItems).toEqual([]);
    expect((await add(trader, liquor.skuCode, 1)).statusCode).toBe(200);
  });

  it.each([0, 10_000, 1.5, -2])("refuses a quantity of %s packs with a 400 problem", async (quantity) => {
    const res = await add(trader, "ANY", quantity);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.quantity).toBeDefined();
  });

  it("refuses a line that would go over 9 999 packs", async () => {
    const sku = await findSku(t.database.db, {
      warehouseCode: traderCustomer.stockingWarehouseCode,
      tenantId: "gauteng",
      skip: 5,
    });
    await setStock(t.database.db, traderCustomer.stockingWarehouseCode, sku.skuCode, 20_000);
    expect((await add(trader, sku.skuCode, 9_000)).statusCode).toBe(200);
    const res = await add(trader, sku.skuCode, 1_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation");
    expect(res.json().title).toMatch(/at most 9999 packs/);
  });

  describe("no more packs than the customer's warehouse holds", () => {
    it("adds what there is when more is asked for, and says how many it added", async () => {
      const warehouse = traderCustomer.stockingWarehouseCode;
      const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 30 });
      await setStock(t.database.db, warehouse, sku.skuCode, 6);
      const first = await add(trader, sku.skuCode, 4);
      expect(first.statusCode).toBe(200);
      expect(first.json().added).toEqual({ skuCode: sku.skuCode, requested: 4, added: 4, stockOnHand: 6 });
      const capped = await add(trader, sku.skuCode, 10);
      expect(capped.statusCode).toBe(200);
      expect(capped.json().added).toEqual({ skuCode: sku.skuCode, requested: 10, added: 2, stockOnHand: 6 });
      const line = capped.json().cartItems.find((i: { productId: string }) => i.productId === sku.skuCode);
      expect(line.quantity).toBe(6);
      expect(
        (await cart(trader)).cartItems.find((i: { productId: string }) => i.productId === sku.skuCode)
          .quantity,
      ).toBe(6);
      await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
    });

    it("refuses with 409 stock_short when the cart already has all there is, or there is none, and changes nothing", async () => {
      const warehouse = traderCustomer.stockingWarehouseCode;
      const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 31 });
      await setStock(t.database.db, warehouse, sku.skuCode, 3);
      expect((await add(trader, sku.skuCode, 3)).statusCode).toBe(200);
      const full = await add(trader, sku.skuCode, 1);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({
        code: "stock_short",
        shortages: [{ skuCode: sku.skuCode, requested: 4, available: 3 }],
      });
      expect(full.json().title).toMatch(/^Only 3 of .+ in stock, and your cart already has 3\.$/);
      expect(
        (await cart(trader)).cartItems.find((i: { productId: string }) => i.productId === sku.skuCode)
          .quantity,
      ).toBe(3);

      const none = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip: 32 });
      await setStock(t.database.db, warehouse, none.skuCode, 0);
      const out = await add(trader, none.skuCode, 2);
      expect(out.statusCode).toBe(409);
      expect(out.json().title).toMatch(/ is out of stock\.$/);
      expect(
        (await cart(trader)).cartItems.some((i: { productId: string }) => i.productId === none.skuCode),
      ).toBe(false);
      await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
    });
  });

  it("answers an unknown SKU with 404", async () => {
    expect((await add(trader, "NO-SUCH-SKU", 1)).statusCode).toBe(404);
  });

  it("POST /api/Cart/RemoveItemFromCart takes packs off, or the whole line", async () => {
    const sku = await findSku(t.database.db, {
      warehouseCode: traderCustomer.stockingWarehouseCode,
      tenantId: "gauteng",
      skip: 7,
    });
    await add(trader, sku.skuCode, 4);
    const remove = (body: object) =>
      t.request({ method: "POST", url: "/api/Cart/RemoveItemFromCart", token: trader, body });
    const less = (await remove({ skuCode: sku.skuCode, remove: false, quantity: 3 })).json();
    expect(less.cartItems.find((i: { productId: string }) => i.productId === sku.skuCode).quantity).toBe(1);
    const emptied = (await remove({ skuCode: sku.skuCode, remove: false, quantity: 5 })).json();
    expect(emptied.cartItems.some((i: { productId: string }) => i.productId === sku.skuCode)).toBe(false);
    await add(trader, sku.skuCode, 2);
    const gone = (await remove({ skuCode: sku.skuCode, remove: true })).json();
    expect(gone.cartItems.some((i: { productId: string }) => i.productId === sku.skuCode)).toBe(false);
    expect((await remove({ skuCode: sku.skuCode, remove: true })).statusCode).toBe(404);
    expect((await remove({ skuCode: sku.skuCode, remove: false })).statusCode).toBe(400);
  });

  it("POST /api/Cart/ClearUserCart empties the cart", async () => {
    const res = await t.request({ method: "POST", url: "/api/Cart/ClearUserCart", token: trader, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect((await cart(trader)).cartItems).toEqual([]);
  });

  it("keeps each customer's cart to themselves", async () => {
    const sku = await findSku(t.database.db, {
      warehouseCode: traderCustomer.stockingWarehouseCode,
      tenantId: "gauteng",
      skip: 3,
    });
    await add(trader, sku.skuCode, 1);
    expect(
      (await cart(spaza)).cartItems.some((i: { productId: string }) => i.productId === sku.skuCode),
    ).toBe(false);
  });

  it("refuses visitors (401), logins without a customer account (403) and a tenant not held (403)", async () => {
    expect((await t.request({ method: "GET", url: "/api/Cart/GetUserCart" })).statusCode).toBe(401);
    const staff = await t.login("staff");
    expect((await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: staff })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader, tenantId: "coastal" }))
        .statusCode,
    ).toBe(403);
  });
});

describe("/api/Wishlist", () => {
  let t: TestApp;
  let trader: string;
  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
  });
  afterAll(() => t.close());

  it("adds, lists, removes and clears, answering with the whole wishlist", async () => {
    const customer = await customerOf(t.database.db, "trader");
    const a = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: "gauteng",
      skip: 1,
    });
    const b = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: "gauteng",
      skip: 2,
    });
    const addA = await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: trader,
      body: { skuCode: a.skuCode, quantity: 2 },
    });
    expect(addA.statusCode).toBe(200);
    await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: trader,
      body: { skuCode: a.skuCode, quantity: 3 },
    });
    await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: trader,
      body: { skuCode: b.skuCode, quantity: 1 },
    });
    const list = (
      await t.request({ method: "GET", url: "/api/Wishlist/GetUserWishlist", token: trader })
    ).json();
    expect(
      list.wishlistItems.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]),
    ).toEqual([
      [a.skuCode, 3],
      [b.skuCode, 1],
    ]);
    expect(list.wishlistItems[0].wishlistId).toBe(list.id);
    const removed = await t.request({
      method: "POST",
      url: "/api/Wishlist/RemoveItemFromWishlist",
      token: trader,
      body: { skuCode: a.skuCode },
    });
    expect(removed.json().wishlistItems.map((i: { productId: string }) => i.productId)).toEqual([b.skuCode]);
    expect(
      (await t.request({ method: "POST", url: "/api/Wishlist/ClearUserWishlist", token: trader, body: {} }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: "GET", url: "/api/Wishlist/GetUserWishlist", token: trader })).json()
        .wishlistItems,
    ).toEqual([]);
  });

  it("refuses liquor for a customer without a licence", async () => {
    const spaza = await t.login("spaza");
    const customer = await customerOf(t.database.db, "spaza");
    const liquor = await findSku(t.database.db, {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: "gauteng",
      liquor: true,
      minStock: 0,
    });
    const res = await t.request({
      method: "POST",
      url: "/api/Wishlist/AdditemToWishlist",
      token: spaza,
      body: { skuCode: liquor.skuCode, quantity: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/Cart/AdditemToCart with an Idempotency-Key (decision 159)", () => {
  let t: TestApp;
  let trader: string;
  let warehouse: string;
  const add = (skuCode: string, quantity: number, key?: string) =>
    t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token: trader,
      body: { skuCode, quantity },
      ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
    });
  const quantityInCart = async (skuCode: string) => {
    const body = (await t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: trader })).json();
    return body.cartItems.find((i: { productId: string }) => i.productId === skuCode)?.quantity ?? 0;
  };
  const claims = async (key: string) =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM cart_add_requests WHERE request_key = ${key}`.execute(t.database.db)
    ).rows[0]!.n;
  const skuWithStock = async (skip: number, onHand: number) => {
    const sku = await findSku(t.database.db, { warehouseCode: warehouse, tenantId: "gauteng", skip });
    await setStock(t.database.db, warehouse, sku.skuCode, onHand);
    return sku.skuCode;
  };

  beforeAll(async () => {
    t = await createTestApp();
    trader = await t.login("trader");
    warehouse = (await customerOf(t.database.db, "trader")).stockingWarehouseCode;
  });
  afterAll(() => t.close());

  it("adds once for repeats of one key, answering each as the first did; a new key adds again", async () => {
    const sku = await skuWithStock(40, 50);
    const key = randomUUID();
    const first = await add(sku, 3, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().added).toEqual({ skuCode: sku, requested: 3, added: 3, stockOnHand: 50 });
    const repeat = await add(sku, 3, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().added).toEqual(first.json().added);
    expect(repeat.json().cartItems).toEqual(first.json().cartItems);
    expect(await quantityInCart(sku)).toBe(3);
    const another = await add(sku, 3, randomUUID());
    expect(another.json().added.added).toBe(3);
    expect(await quantityInCart(sku)).toBe(6);
    // Without a key every add adds, as before.
    await add(sku, 1);
    await add(sku, 1);
    expect(await quantityInCart(sku)).toBe(8);
  });

  it("adds once when repeats of one key arrive at the same time", async () => {
    const sku = await skuWithStock(41, 50);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(sku, 2, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json().added)).toEqual(
      Array(4).fill({ skuCode: sku, requested: 2, added: 2, stockOnHand: 50 }),
    );
    expect(await quantityInCart(sku)).toBe(2);
    expect(await claims(key)).toBe(1);
  });

  it("answers a repeat whose first add was cut to the stock with the first's answer, not a refusal", async () => {
    const sku = await skuWithStock(42, 5);
    const key = randomUUID();
    const first = await add(sku, 8, key);
    expect(first.json().added).toEqual({ skuCode: sku, requested: 8, added: 5, stockOnHand: 5 });
    const repeat = await add(sku, 8, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().added).toEqual(first.json().added);
    expect(await quantityInCart(sku)).toBe(5);
  });

  it("keeps no claim for a refused add: its repeat asks again", async () => {
    const sku = await skuWithStock(43, 0);
    const key = randomUUID();
    expect((await add(sku, 2, key)).statusCode).toBe(409);
    expect(await claims(key)).toBe(0);
    await setStock(t.database.db, warehouse, sku, 4);
    const repeat = await add(sku, 2, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().added.added).toBe(2);
    expect(await quantityInCart(sku)).toBe(2);
  });

  it("refuses a key reused for another add, and a malformed key, with 400 and nothing added", async () => {
    const sku = await skuWithStock(44, 50);
    const key = randomUUID();
    expect((await add(sku, 1, key)).statusCode).toBe(200);
    const reused = await add(sku, 2, key);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: "validation",
      errors: { "Idempotency-Key": [expect.any(String)] },
    });
    const malformed = await add(sku, 1, "short");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("validation");
    expect(await quantityInCart(sku)).toBe(1);
  });

  it("keeps each cart's keys to itself: the same key from another buyer is their own add", async () => {
    const sku = await skuWithStock(45, 50);
    const key = randomUUID();
    const spaza = await t.login("spaza");
    expect((await add(sku, 1, key)).statusCode).toBe(200);
    const theirs = await t.request({
      method: "POST",
      url: "/api/Cart/AdditemToCart",
      token: spaza,
      body: { skuCode: sku, quantity: 1 },
      headers: { "idempotency-key": key },
    });
    // spaza may buy from another warehouse or not see this SKU; what matters is that it is not a repeat of trader's add.
    if (theirs.statusCode === 200) expect(theirs.json().added.added).toBe(1);
    else expect(theirs.statusCode).not.toBe(400);
    expect(await quantityInCart(sku)).toBe(1);
  });

  it("forgets claims older than a day in the worker's housekeeping", async () => {
    const sku = await skuWithStock(46, 50);
    const old = randomUUID();
    const recent = randomUUID();
    await add(sku, 1, old);
    await add(sku, 1, recent);
    await sql`UPDATE cart_add_requests SET created_at = now() - interval '25 hours' WHERE request_key = ${old}`.execute(
      t.database.db,
    );
    await pruneCartAddRequests(t.database.db);
    expect(await claims(old)).toBe(0);
    expect(await claims(recent)).toBe(1);
  });
});
