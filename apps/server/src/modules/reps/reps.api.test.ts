// Sales reps ordering on behalf (decision 127): a Rep acts, through X-Acting-For,
// only for the accounts an admin assigned to them, and then sees and buys exactly as that
// customer does: its prices, stock, credit, liquor rule and cart. Anyone else naming an
// account, or a rep naming one not theirs, gets a 403 problem.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { Cart } from "@trade-shop/contracts/cart";
import { CreditDetails, CustomerDetails } from "@trade-shop/contracts/accounts";
import { toCents } from "@trade-shop/contracts/common";
import { Product } from "@trade-shop/contracts/catalogue";
import { Order, OrderHistory } from "@trade-shop/contracts/orders";
import { RepAccount } from "@trade-shop/contracts/reps";
import { findSku, stockOf } from "../../../test/fixtures";
import { commandFrom } from "../../../test/orders";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";

const TENANT = "coastal";

describe("sales reps ordering on behalf of their accounts", () => {
  let t: TestApp;
  let rep: string;
  let admin: string;
  let staff: string;
  let trader: string;
  let repId: number;
  /** A Customer login of CUS0042 (Kasi Corner Spaza: Spaza Saver prices, DBN, no liquor licence). */
  let kasi: string;

  const db = () => t.database.db;
  const account = (accountId: string) =>
    db()
      .selectFrom("customers")
      .selectAll()
      .where("tenantId", "=", TENANT)
      .where("accountId", "=", accountId)
      .executeTakeFirstOrThrow();
  /** A request as `token` in the coastal tenant, acting for `actingFor` when given. */
  const call = (
    token: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    { actingFor, body, tenant = TENANT }: { actingFor?: string; body?: unknown; tenant?: string } = {},
  ) =>
    t.request({
      method,
      url,
      token,
      tenantId: tenant,
      ...(body !== undefined ? { body } : {}),
      ...(actingFor ? { headers: { "x-acting-for": actingFor } } : {}),
    });
  const ok = async <T>(res: Awaited<ReturnType<typeof call>>, parse: (v: unknown) => T): Promise<T> => {
    expect(res.statusCode, res.body).toBe(200);
    return parse(res.json());
  };
  const userId = async (username: string) =>
    (await db().selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow())
      .id;
  /** The trader holds gauteng only. */
  const tenantOf = (token: string) => (token === trader ? "gauteng" : TENANT);
  const addToCart = (token: string, skuCode: string, quantity: number, actingFor?: string) =>
    call(token, "POST", "/api/Cart/AdditemToCart", {
      body: { skuCode, quantity },
      ...(actingFor ? { actingFor } : {}),
    });
  const cartOf = (token: string, actingFor?: string) =>
    call(token, "GET", "/api/Cart/GetUserCart", actingFor ? { actingFor } : {}).then((res) =>
      ok(res, (v) => Cart.parse(v)),
    );
  const product = (token: string, skuCode: string, actingFor?: string) =>
    call(token, "POST", "/api/Product/GetProductBySkuCode", {
      body: { skuCode },
      ...(actingFor ? { actingFor } : {}),
    }).then((res) => ok(res, (v) => Product.parse(v)));

  beforeAll(async () => {
    t = await createTestApp();
    [rep, admin, staff, trader] = await Promise.all([
      t.login("rep"),
      t.login("admin"),
      t.login("staff"),
      t.login("trader"),
    ]);
    repId = (
      await db().selectFrom("users").select("id").where("username", "=", "rep").executeTakeFirstOrThrow()
    ).id;
    const source = await db()
      .selectFrom("users")
      .select("passwordHash")
      .where("username", "=", "trader")
      .executeTakeFirstOrThrow();
    const { id } = await db()
      .insertInto("users")
      .values({
        username: "kasi-owner",
        firstname: "Lindiwe",
        lastname: "Zulu",
        email: "kasi-owner@test.shop",
        passwordHash: source.passwordHash,
        customerId: (await account("CUS0042")).id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO user_roles (user_id, role_id) SELECT ${id}, id FROM roles WHERE name = 'Customer'`.execute(
      db(),
    );
    await sql`INSERT INTO user_tenants (user_id, tenant_id) VALUES (${id}, ${TENANT})`.execute(db());
    kasi = await t.login("kasi-owner");
  });
  afterAll(() => t.close());

  it("GET /api/Rep/Accounts lists the rep's own accounts in the tenant, by name; others are refused", async () => {
    const mine = await ok(await call(rep, "GET", "/api/Rep/Accounts"), (v) => RepAccount.array().parse(v));
    expect(mine.map((a) => a.accountId).sort()).toEqual(["CUS0040", "CUS0041", "CUS0042"]);
    expect(mine.map((a) => a.name)).toEqual([...mine.map((a) => a.name)].sort((a, b) => a.localeCompare(b)));
    expect(expectProblem(await call(trader, "GET", "/api/Rep/Accounts", { tenant: "gauteng" })).code).toBe(
      "forbidden",
    );
    expect(expectProblem(await call(staff, "GET", "/api/Rep/Accounts")).code).toBe("forbidden");
  });

  it("acting for an assigned account shows that customer's prices, stock, credit and details", async () => {
    const customer = await account("CUS0042");
    const sku = await findSku(db(), {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: TENANT,
      minStock: 50,
    });
    const asCustomer = await product(kasi, sku.skuCode);
    const asRep = await product(rep, sku.skuCode, "CUS0042");
    const asNobody = await product(rep, sku.skuCode);
    expect(asRep).toEqual(asCustomer);
    expect(asRep.stockingWarehouseCode).toBe(customer.stockingWarehouseCode);
    expect(asNobody.stockingWarehouseCode).not.toBe(customer.stockingWarehouseCode);

    const credit = (token: string, actingFor?: string) =>
      call(token, "POST", "/api/Users/GetCreditDetails", actingFor ? { actingFor } : {}).then((res) =>
        ok(res, (v) => CreditDetails.parse(v)),
      );
    expect(await credit(rep, "CUS0042")).toEqual(await credit(kasi));
    const details = await ok(
      await call(rep, "POST", "/api/Users/GetCustomerDetails", { actingFor: "CUS0042" }),
      (v) => CustomerDetails.parse(v),
    );
    expect(details.accountId).toBe("CUS0042");
  });

  it("without X-Acting-For a rep has no customer account, like staff", async () => {
    expect(expectProblem(await call(rep, "GET", "/api/Cart/GetUserCart")).code).toBe("not_a_customer");
  });

  it("an account not assigned to the rep is a 403 on every customer route", async () => {
    const requests = [
      call(rep, "GET", "/api/Cart/GetUserCart", { actingFor: "CUS0043" }),
      call(rep, "GET", "/api/Order", { actingFor: "CUS0043" }),
      call(rep, "POST", "/api/Users/GetCreditDetails", { actingFor: "CUS0043" }),
      call(rep, "POST", "/api/Product/GetProductBySkuCode", { actingFor: "CUS0043", body: { skuCode: "x" } }),
      // Another tenant's account number is not theirs either.
      call(rep, "GET", "/api/Cart/GetUserCart", { actingFor: "CUS0001" }),
    ];
    for (const res of await Promise.all(requests)) {
      const problem = expectProblem(res);
      expect(res.statusCode).toBe(403);
      expect(problem.code).toBe("account_not_assigned");
    }
  });

  it("a login without the Rep role cannot act for anyone, not even an account assigned to a rep", async () => {
    for (const token of [trader, staff, admin, kasi]) {
      const res = await call(token, "GET", "/api/Cart/GetUserCart", {
        actingFor: "CUS0040",
        tenant: tenantOf(token),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(expectProblem(res).code).toBe("account_not_assigned");
    }
    // Not even an account that is assigned to them in the table, once the role is gone.
    const assignment = {
      tenantId: TENANT,
      repUserId: await userId("staff"),
      customerId: (await account("CUS0040")).id,
    };
    await db()
      .insertInto("repAccounts")
      .values({ ...assignment, assignedBy: "test" })
      .execute();
    expect(
      expectProblem(await call(staff, "GET", "/api/Cart/GetUserCart", { actingFor: "CUS0040" })).code,
    ).toBe("account_not_assigned");
  });

  it("the liquor rule is the customer's: a rep cannot add liquor for an unlicensed account", async () => {
    const customer = await account("CUS0042");
    const liquor = await findSku(db(), {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: TENANT,
      liquor: true,
    });
    const res = await addToCart(rep, liquor.skuCode, 1, "CUS0042");
    expect(expectProblem(res).code).toBe("liquor_not_allowed");
    expect((await addToCart(rep, liquor.skuCode, 1, "CUS0040")).statusCode).toBe(200);
    await call(rep, "POST", "/api/Cart/ClearUserCart", { actingFor: "CUS0040" });
  });

  it("a rep keeps one cart per account: one built for A is never ordered for B", async () => {
    const a = await account("CUS0040");
    const sku = await findSku(db(), {
      warehouseCode: a.stockingWarehouseCode,
      tenantId: TENANT,
      minStock: 50,
      skip: 3,
    });
    expect((await addToCart(rep, sku.skuCode, 2, "CUS0040")).statusCode).toBe(200);
    const cartA = await cartOf(rep, "CUS0040");
    expect(cartA.cartItems.map((i) => i.productId)).toEqual([sku.skuCode]);
    expect((await cartOf(rep, "CUS0041")).cartItems).toEqual([]);

    // The command built from A's cart, sent while acting for B, is refused and orders nothing.
    const b = await account("CUS0041");
    const ordersOfB = () => db().selectFrom("orders").select("id").where("customerId", "=", b.id).execute();
    const before = (await ordersOfB()).length;
    const res = await call(rep, "POST", "/api/Order", { actingFor: "CUS0041", body: commandFrom(cartA) });
    expect(expectProblem(res).code).toBe("cart_changed");
    expect((await ordersOfB()).length).toBe(before);
    expect((await cartOf(rep, "CUS0040")).cartItems).toHaveLength(1);
    await call(rep, "POST", "/api/Cart/ClearUserCart", { actingFor: "CUS0040" });
  });

  it("an order by a rep records the rep and the account, takes the customer's stock, shows in the customer's history and e-mails the customer", async () => {
    const customer = await account("CUS0042");
    const sku = await findSku(db(), {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: TENANT,
      minStock: 50,
      skip: 5,
    });
    const stockBefore = await stockOf(db(), customer.stockingWarehouseCode, sku.skuCode);
    expect((await addToCart(rep, sku.skuCode, 2, "CUS0042")).statusCode).toBe(200);
    const cart = await cartOf(rep, "CUS0042");
    // The rep's cart for the account is not the customer's own, and is priced as theirs would be.
    expect((await cartOf(kasi)).cartItems).toEqual([]);
    expect((await addToCart(kasi, sku.skuCode, 2)).statusCode).toBe(200);
    const own = await cartOf(kasi);
    expect(cart.cartItems.map((i) => [i.unitPriceExcl, i.totalPriceIncl])).toEqual(
      own.cartItems.map((i) => [i.unitPriceExcl, i.totalPriceIncl]),
    );
    await call(kasi, "POST", "/api/Cart/ClearUserCart");
    const order = await ok(
      await call(rep, "POST", "/api/Order", { actingFor: "CUS0042", body: commandFrom(cart) }),
      (v) => Order.parse(v),
    );
    expect(order.accountId).toBe("CUS0042");
    expect(order.userId).toBe(repId);
    const row = await db()
      .selectFrom("orders")
      .select(["customerId", "userId", "email"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customerId: customer.id, userId: repId, email: customer.contactEmail });
    expect(await stockOf(db(), customer.stockingWarehouseCode, sku.skuCode)).toBe(stockBefore - 2);
    expect((await cartOf(rep, "CUS0042")).cartItems).toEqual([]);

    const history = await ok(await call(kasi, "GET", "/api/Order"), (v) => OrderHistory.parse(v));
    expect(history.find((o) => o.id === order.id)?.placedBy).toBe("Sipho Khumalo");

    const mail = await db()
      .selectFrom("outbox")
      .select("payload")
      .where("idempotencyKey", "=", `order-confirmation:${order.id}`)
      .executeTakeFirstOrThrow();
    const payload = mail.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe(customer.contactEmail);
    expect(payload.subject).toContain(order.orderId);
    expect(payload.text).toContain("by Sipho Khumalo");
  });

  it("credit is the customer's: a rep's order above the account's remaining credit is refused", async () => {
    const customer = await account("CUS0041");
    const sku = await findSku(db(), {
      warehouseCode: customer.stockingWarehouseCode,
      tenantId: TENANT,
      minStock: 50,
      skip: 7,
    });
    expect((await addToCart(rep, sku.skuCode, 1, "CUS0041")).statusCode).toBe(200);
    const cart = await cartOf(rep, "CUS0041");
    await db().updateTable("customers").set({ creditLimitCents: 0 }).where("id", "=", customer.id).execute();
    const res = await call(rep, "POST", "/api/Order", {
      actingFor: "CUS0041",
      body: commandFrom(cart, { creditcheck_override: true }),
    });
    expect(expectProblem(res).code).toBe("credit_exceeded");
    await db()
      .updateTable("customers")
      .set({ creditLimitCents: customer.creditLimitCents })
      .where("id", "=", customer.id)
      .execute();
    await call(rep, "POST", "/api/Cart/ClearUserCart", { actingFor: "CUS0041" });
  });

  it("GET /api/Rep/Accounts gives each account's remaining credit as its own credit details do, below zero when over", async () => {
    const mine = () =>
      call(rep, "GET", "/api/Rep/Accounts").then((res) => ok(res, (v) => RepAccount.array().parse(v)));
    const creditOf = (accountId: string) =>
      call(rep, "POST", "/api/Users/GetCreditDetails", { actingFor: accountId }).then((res) =>
        ok(res, (v) => CreditDetails.parse(v)),
      );
    // CUS0042 holds the order placed above, not yet invoiced: it counts against the credit here too.
    for (const listed of await mine())
      expect(listed.remainingCredit, listed.accountId).toBe(
        (await creditOf(listed.accountId)).remainingCredit,
      );

    // A limit R1 234.56 short of the balance and open orders: over by exactly that.
    const customer = await account("CUS0041");
    const before = (await mine()).find((a) => a.accountId === "CUS0041")!.remainingCredit;
    await db()
      .updateTable("customers")
      .set({ creditLimitCents: customer.creditLimitCents - toCents(before) - 123_456 })
      .where("id", "=", customer.id)
      .execute();
    const over = (await mine()).find((a) => a.accountId === "CUS0041")!;
    expect(over.remainingCredit).toBe(-1234.56);
    expect((await creditOf("CUS0041")).remainingCredit).toBe(-1234.56);
    await db()
      .updateTable("customers")
      .set({ creditLimitCents: customer.creditLimitCents })
      .where("id", "=", customer.id)
      .execute();
  });

  describe("admins manage a rep's accounts", () => {
    const accountsUrl = (id: number, accountId?: string) =>
      `/api/Users/${id}/Accounts${accountId ? `/${accountId}` : ""}`;

    it("assigns and unassigns; the rep's access follows at once", async () => {
      expect(
        expectProblem(await call(rep, "GET", "/api/Cart/GetUserCart", { actingFor: "CUS0043" })).code,
      ).toBe("account_not_assigned");
      const after = await ok(await call(admin, "PUT", accountsUrl(repId, "CUS0043")), (v) =>
        RepAccount.array().parse(v),
      );
      expect(after.map((a) => a.accountId)).toContain("CUS0043");
      // Assigning twice changes nothing.
      expect(
        (
          await ok(await call(admin, "PUT", accountsUrl(repId, "CUS0043")), (v) =>
            RepAccount.array().parse(v),
          )
        ).length,
      ).toBe(after.length);
      expect((await call(rep, "GET", "/api/Cart/GetUserCart", { actingFor: "CUS0043" })).statusCode).toBe(
        200,
      );
      const listed = await ok(await call(admin, "GET", accountsUrl(repId)), (v) =>
        RepAccount.array().parse(v),
      );
      expect(listed).toEqual(after);

      expect((await call(admin, "DELETE", accountsUrl(repId, "CUS0043"))).statusCode).toBe(200);
      expect(
        expectProblem(await call(rep, "GET", "/api/Cart/GetUserCart", { actingFor: "CUS0043" })).code,
      ).toBe("account_not_assigned");
      expect(expectProblem(await call(admin, "DELETE", accountsUrl(repId, "CUS0043"))).code).toBe(
        "not_found",
      );
    });

    it("refuses non-admins, users who are not reps and accounts outside the tenant", async () => {
      for (const token of [rep, staff, trader]) {
        const tenant = tenantOf(token);
        expect(expectProblem(await call(token, "PUT", accountsUrl(repId, "CUS0043"), { tenant })).code).toBe(
          "forbidden",
        );
        expect(expectProblem(await call(token, "GET", accountsUrl(repId), { tenant })).code).toBe(
          "forbidden",
        );
      }
      expect(
        expectProblem(await call(admin, "PUT", accountsUrl(await userId("staff"), "CUS0043"))).code,
      ).toBe("not_a_rep");
      // CUS0001 is a gauteng account; the admin acts for coastal here.
      expect(expectProblem(await call(admin, "PUT", accountsUrl(repId, "CUS0001"))).code).toBe("not_found");
      expect(expectProblem(await call(admin, "GET", accountsUrl(999_999))).code).toBe("not_found");
    });
  });
});
