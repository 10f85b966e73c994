import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CustomerDetails } from "@trade-shop/contracts/accounts";
import { createTestApp, type TestApp } from "../../../test/test-app";

describe("POST /api/Users/GetCustomerDetails", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const details = (token?: string, tenantId?: string) =>
    t.request({
      method: "POST",
      url: "/api/Users/GetCustomerDetails",
      ...(token ? { token } : {}),
      ...(tenantId ? { tenantId } : {}),
    });

  it("gives a customer every field of their account, money in rand", async () => {
    const res = await details(await t.login("trader"));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(CustomerDetails.shape).sort());
    expect(CustomerDetails.safeParse(body).success).toBe(true);
    const row = await t.database.db
      .selectFrom("customers")
      .innerJoin("priceLists", "priceLists.id", "customers.pricelistId")
      .selectAll("customers")
      .select("priceLists.name as pricelistName")
      .where("accountId", "=", "CUS0001")
      .executeTakeFirstOrThrow();
    expect(body).toMatchObject({
      id: row.id,
      accountId: "CUS0001",
      name: row.name,
      addressPC: row.addressPc,
      contactEmail: row.contactEmail,
      pricelistId: row.pricelistId,
      pricelistName: row.pricelistName,
      stockingWarehouseCode: row.stockingWarehouseCode,
      isLiquorCustomer: true,
      dcBalance: row.dcBalanceCents / 100,
      active: true,
      warehouseId: null,
    });
    expect(body.dcBalance).toBe(38450.2);
  });

  it("answers 404 for a user without a customer account, such as staff", async () => {
    const res = await details(await t.login("staff"));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_found");
  });

  it("needs a login, and a tenant the login holds", async () => {
    expect((await details()).statusCode).toBe(401);
    const spaza = await t.login("spaza");
    expect((await details(spaza, "coastal")).statusCode).toBe(403);
    expect((await details(spaza, "gauteng")).json().accountId).toBe("CUS0002");
  });
});
