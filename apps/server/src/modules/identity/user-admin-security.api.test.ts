// The Users API against an admin who would overreach: an admin of one tenant cannot take over
// a user who also works in another, the shop keeps an enabled Admin, and a changed password,
// role set or a disable ends every login issued before it (decision 75).
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserEnabled } from "./users";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../../test/test-app";

describe("Users API: tenants, the last Admin and sessions that end", () => {
  let t: TestApp;
  let admin: string;
  let gautengAdmin: string;
  const ids: Record<string, number> = {};
  const GAUTENG_ADMIN_PASSWORD = "Gauteng-Admin-Pass-31";

  const user = (id: number, token: string) =>
    t.request({ method: "GET", url: `/api/Users/${id}`, token, tenantId: "gauteng" });
  const put = (body: unknown, token: string) =>
    t.request({ method: "PUT", url: "/api/Users", body, token, tenantId: "gauteng" });
  const toggle = (id: number, action: "Enable" | "Disable", token: string) =>
    t.request({ method: "PUT", url: `/api/Users/${id}/${action}`, token, tenantId: "gauteng" });
  const cart = (token: string) => t.request({ method: "GET", url: "/api/Cart/GetUserCart", token });
  const asPayload = (u: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
    id: u.id,
    username: u.username,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    isActiveDirectoryUser: u.isActiveDirectoryUser,
    roles: u.roles,
    tenants: u.tenants,
    customerAccount: u.customerAccount,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login("admin");
    const created = await t.request({
      method: "POST",
      url: "/api/Users",
      token: admin,
      tenantId: "gauteng",
      body: {
        username: "gauteng.admin",
        firstname: "Lerato",
        lastname: "Dlamini",
        email: "lerato@tradeshop.test",
        password: GAUTENG_ADMIN_PASSWORD,
        roles: ["Admin"],
        tenants: ["gauteng"],
      },
    });
    expect(created.statusCode).toBe(200);
    gautengAdmin = await t.login("gauteng.admin", GAUTENG_ADMIN_PASSWORD);
    for (const row of await t.database.db.selectFrom("users").select(["id", "username"]).execute())
      ids[row.username] = row.id;
  });
  afterAll(() => t.close());

  it("refuses an admin of one tenant every change to a user who also holds another (403), and changes nothing", async () => {
    const staffBefore = (await user(ids.staff!, admin)).json();
    expect(staffBefore.tenants).toEqual(["coastal", "gauteng"]);

    const attempts = [
      await put(asPayload(staffBefore, { password: "Taken-Over-Pass-99" }), gautengAdmin),
      await put(asPayload(staffBefore, { roles: ["Staff", "NoImage", "Admin"] }), gautengAdmin),
      await put(asPayload(staffBefore, { tenants: ["gauteng"] }), gautengAdmin),
      await toggle(ids.staff!, "Disable", gautengAdmin),
      await user(ids.staff!, gautengAdmin),
      await t.request({
        method: "GET",
        url: `/api/Users/${ids.staff}/Roles`,
        token: gautengAdmin,
        tenantId: "gauteng",
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
    expect((await user(ids.staff!, admin)).json()).toEqual(staffBefore);
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/Users/Authenticate",
          body: { username: "staff", password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    // The same admin manages users wholly inside their tenant.
    const spaza = (await user(ids.spaza!, gautengAdmin)).json();
    expect((await put(asPayload(spaza, { firstname: "Sipho" }), gautengAdmin)).statusCode).toBe(200);
  });

  it("keeps one enabled Admin", async () => {
    // Reachable only when the acting admin lost the role in between, so the service is asked directly.
    const notAnAdminAnyMore = {
      userId: ids.spaza!,
      username: "spaza",
      tenants: ["coastal", "gauteng"],
      tenantId: "gauteng",
    };
    await t.database.db
      .updateTable("users")
      .set({ isActive: false })
      .where("id", "=", ids["gauteng.admin"]!)
      .execute();
    try {
      await expect(setUserEnabled(t.database.db, notAnAdminAnyMore, ids.admin!, false)).rejects.toMatchObject(
        { code: "last_admin" },
      );
      const stillActive = await t.database.db
        .selectFrom("users")
        .select("isActive")
        .where("id", "=", ids.admin!)
        .executeTakeFirstOrThrow();
      expect(stillActive.isActive).toBe(true);
    } finally {
      await t.database.db
        .updateTable("users")
        .set({ isActive: true })
        .where("id", "=", ids["gauteng.admin"]!)
        .execute();
    }
  });

  it("ends the logins from before a password change, a role change or a disable (401), not later ones", async () => {
    const trader = (await user(ids.trader!, admin)).json();
    let old = await t.login("trader");
    expect((await put(asPayload(trader, { password: "Trader-New-Pass-2026" }), admin)).statusCode).toBe(200);
    const afterPassword = await cart(old);
    expect(afterPassword.statusCode).toBe(401);
    expect(afterPassword.json().code).toBe("session_revoked");
    old = await t.login("trader", "Trader-New-Pass-2026");
    expect((await cart(old)).statusCode).toBe(200);

    // Only a change of credentials ends logins: a new first name does not.
    expect((await put(asPayload(trader, { firstname: "Themba" }), admin)).statusCode).toBe(200);
    expect((await cart(old)).statusCode).toBe(200);

    expect((await put(asPayload(trader, { roles: ["Customer", "NoImage"] }), admin)).statusCode).toBe(200);
    expect((await cart(old)).statusCode).toBe(401);
    old = await t.login("trader", "Trader-New-Pass-2026");

    expect((await toggle(ids.trader!, "Disable", admin)).statusCode).toBe(200);
    expect((await toggle(ids.trader!, "Enable", admin)).statusCode).toBe(200);
    expect((await cart(old)).statusCode).toBe(401);
    expect((await cart(await t.login("trader", "Trader-New-Pass-2026"))).statusCode).toBe(200);
  });

  it("refuses a token older than the lifetime the server gives, whatever its exp says", async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 9 * 3600;
    const ancient = await new SignJWT({
      firstName: "T",
      surname: "R",
      roles: ["Customer"],
      tenants: ["gauteng"],
      uid: String(ids.spaza),
      ver: 0,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("spaza")
      .setIssuer("trade-shop")
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 30 * 24 * 3600)
      .sign(new TextEncoder().encode(t.secret));
    const res = await cart(ancient);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthenticated");
  });
});
