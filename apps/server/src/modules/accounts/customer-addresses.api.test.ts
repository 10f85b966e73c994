import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CustomerAddress } from "@trade-shop/contracts/accounts";
import { createTestApp, type TestApp } from "../../../test/test-app";

describe("GET /api/Users/GetCustomerAddresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const addresses = (token?: string, tenantId?: string) =>
    t.request({
      method: "GET",
      url: "/api/Users/GetCustomerAddresses",
      ...(token ? { token } : {}),
      ...(tenantId ? { tenantId } : {}),
    });

  const storedAddresses = (accountId: string) =>
    t.database.db
      .selectFrom("customerAddresses")
      .innerJoin("customers", "customers.id", "customerAddresses.customerId")
      .select([
        "customerAddresses.id",
        "customerAddresses.label",
        "customerAddresses.isDefault",
        "customerAddresses.addressPc",
      ])
      .where("customers.accountId", "=", accountId)
      .execute();

  it("lists exactly the customer's own addresses, the default first", async () => {
    const customer = await t.database.db
      .selectFrom("customers")
      .select("id")
      .where("accountId", "=", "CUS0001")
      .executeTakeFirstOrThrow();
    // A second address so the order is tested even when the demo gives the account only one.
    await t.database.db
      .insertInto("customerAddresses")
      .values({
        customerId: customer.id,
        label: "A second branch",
        address1: "1 Side Street",
        isDefault: false,
      })
      .execute();

    const res = await addresses(await t.login("trader"));
    expect(res.statusCode).toBe(200);
    const body = z.array(CustomerAddress).parse(res.json());
    const stored = await storedAddresses("CUS0001");
    expect(body.map((a) => a.id).sort()).toEqual(stored.map((a) => a.id).sort());
    expect(body.filter((a) => a.isDefault)).toHaveLength(1);
    expect(body[0]?.isDefault).toBe(true);
    expect(
      body.some(
        (a) => a.label === "A second branch" && a.address1 === "1 Side Street" && a.address2 === null,
      ),
    ).toBe(true);
    expect(body[0]?.addressPC).toBe(stored.find((a) => a.isDefault)?.addressPc);
  });

  it("never shows another account's addresses", async () => {
    const body = z.array(CustomerAddress).parse((await addresses(await t.login("spaza"))).json());
    const own = (await storedAddresses("CUS0002")).map((a) => a.id).sort();
    expect(body.map((a) => a.id).sort()).toEqual(own);
    const others = (await storedAddresses("CUS0001")).map((a) => a.id);
    expect(body.some((a) => others.includes(a.id))).toBe(false);
  });

  it("answers 404 for staff, 401 without a login and 403 for a tenant the login does not hold", async () => {
    expect((await addresses(await t.login("staff"))).statusCode).toBe(404);
    expect((await addresses()).statusCode).toBe(401);
    expect((await addresses(await t.login("spaza"), "coastal")).statusCode).toBe(403);
  });
});
