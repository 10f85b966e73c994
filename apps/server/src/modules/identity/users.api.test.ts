import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { User } from "@trade-shop/contracts/identity";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../../test/test-app";

describe("Users API (Admin)", () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login("admin");
    for (const row of await t.database.db.selectFrom("users").select(["id", "username"]).execute())
      ids[row.username] = row.id;
  });
  afterAll(() => t.close());

  // The web app always sends the tenant the admin acts for; the demo's customers are in gauteng.
  const get = (url: string, token = admin, tenantId = "gauteng") =>
    t.request({ method: "GET", url, token, tenantId });
  const send = (method: "POST" | "PUT", body: unknown, token = admin) =>
    t.request({ method, url: "/api/Users", body, token, tenantId: "gauteng" });
  const logIn = (username: string, password = DEMO_PASSWORD) =>
    t.request({ method: "POST", url: "/api/Users/Authenticate", body: { username, password } });

  const newStaff = (overrides: Record<string, unknown> = {}) => ({
    username: "zanele.staff",
    firstname: "Zanele",
    lastname: "Khumalo",
    email: "zanele@tradeshop.test",
    password: "Coastal-Staff-Pass-12",
    roles: ["Staff"],
    tenants: ["coastal"],
    ...overrides,
  });

  describe("GET /api/Users", () => {
    it("lists the users of the tenant the admin acts for, each in the contract's shape", async () => {
      const res = await get("/api/Users", admin, "gauteng");
      expect(res.statusCode).toBe(200);
      const users = res.json() as User[];
      for (const user of users) expect(User.safeParse(user).success).toBe(true);
      expect(users.map((u) => u.username)).toEqual(
        expect.arrayContaining(["admin", "spaza", "staff", "trader"]),
      );
      const trader = users.find((u) => u.username === "trader")!;
      expect(trader).toMatchObject({
        roles: ["Customer"],
        tenants: ["gauteng"],
        customerAccount: "CUS0001",
        isActive: true,
        signalRConnected: false,
      });
    });

    it("covers every tenant the admin holds, whichever one they act for, and no tenant they do not hold", async () => {
      // The demo admin holds gauteng and coastal: acting for coastal still lists gauteng's customers.
      const both = ((await get("/api/Users", admin, "coastal")).json() as User[]).map((u) => u.username);
      expect(both).toEqual(expect.arrayContaining(["admin", "staff", "trader", "spaza"]));
      // An admin of coastal alone sees coastal's users and the tenantless, never gauteng's.
      const created = await send(
        "POST",
        newStaff({ username: "coastal.admin", email: "coastal.admin@tradeshop.test", roles: ["Admin"] }),
      );
      expect(created.statusCode).toBe(200);
      const coastalAdmin = (await logIn("coastal.admin", "Coastal-Staff-Pass-12")).json().token as string;
      const names = ((await get("/api/Users", coastalAdmin, "coastal")).json() as User[]).map(
        (u) => u.username,
      );
      expect(names).toEqual(expect.arrayContaining(["admin", "staff", "coastal.admin"]));
      expect(names).not.toContain("trader");
      expect(names).not.toContain("spaza");
      expect((await get(`/api/Users/${ids.trader}`, coastalAdmin, "coastal")).statusCode).toBe(404);
      await t.database.db.deleteFrom("users").where("username", "=", "coastal.admin").execute();
    });

    it("is for Admins only: staff and customers get 403, visitors 401", async () => {
      for (const username of ["staff", "trader"]) {
        const res = await get("/api/Users", await t.login(username));
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe("forbidden");
      }
      expect((await t.request({ method: "GET", url: "/api/Users" })).statusCode).toBe(401);
    });

    it("refuses a tenant the admin's token does not hold", async () => {
      const res = await get("/api/Users", admin, "northern-cape");
      expect(res.statusCode).toBe(403);
    });
  });

  describe("GET /api/Users/:id and /api/Users/:userId/Roles", () => {
    it("gets one user and the roles they hold", async () => {
      const user = await get(`/api/Users/${ids.staff}`);
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({
        id: ids.staff,
        username: "staff",
        roles: ["NoImage", "Staff"],
        tenants: ["coastal", "gauteng"],
      });
      const roles = await get(`/api/Users/${ids.staff}/Roles`);
      expect(roles.statusCode).toBe(200);
      expect(roles.json().map((r: { name: string }) => r.name)).toEqual(["NoImage", "Staff"]);
      expect(roles.json()[0]).toEqual({
        id: expect.any(Number),
        name: "NoImage",
        description: expect.any(String),
        enabled: true,
      });
    });

    it("answers 404 for an unknown user, and opens a user of any tenant the admin holds", async () => {
      expect((await get("/api/Users/999999")).statusCode).toBe(404);
      expect((await get(`/api/Users/${ids.trader}`, admin, "coastal")).statusCode).toBe(200);
      expect((await get(`/api/Users/${ids.trader}/Roles`, admin, "coastal")).statusCode).toBe(200);
    });

    it.each([
      ["/api/Users//Roles", "userId"],
      ["/api/Users/undefined/Roles", "userId"],
      ["/api/Users/null/Roles", "userId"],
      ["/api/Users/", "id"],
      ["/api/Users/undefined", "id"],
    ])("says which parameter is missing for %s", async (url, name) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation");
      expect(res.json().title).toBe(`The parameter '${name}' must be defined.`);
      expect(res.json().errors[name]).toEqual([`The parameter '${name}' must be defined.`]);
    });

    it("refuses an id that is not a number", async () => {
      const res = await get("/api/Users/abc/Roles");
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["userId"]);
    });

    it("does not mistake the directory search for a user id", async () => {
      expect((await get("/api/Users/SearchActiveDirectoryUsers?username=x")).statusCode).toBe(503);
    });
  });

  describe("POST /api/Users", () => {
    it("creates a staff user who can then log in with those roles and tenants", async () => {
      const res = await send("POST", newStaff());
      expect(res.statusCode).toBe(200);
      const user = res.json();
      expect(user).toMatchObject({
        username: "zanele.staff",
        roles: ["Staff"],
        tenants: ["coastal"],
        customerAccount: null,
        isActive: true,
        createdBy: "admin",
        failedLoginAttempts: 0,
        lockoutExpiryDate: null,
      });
      expect(User.safeParse(user).success).toBe(true);
      const stored = await t.database.db
        .selectFrom("users")
        .select("passwordHash")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      const token = await t.login("zanele.staff", "Coastal-Staff-Pass-12");
      expect(decodeJwt(token)).toMatchObject({
        sub: "zanele.staff",
        roles: ["Staff"],
        tenants: ["coastal"],
        firstName: "Zanele",
        surname: "Khumalo",
      });
    });

    it("links a customer user to an account of the user's tenant", async () => {
      const account = await t.database.db
        .selectFrom("customers")
        .select(["accountId", "tenantId"])
        .where("tenantId", "=", "coastal")
        .orderBy("accountId")
        .executeTakeFirstOrThrow();
      const res = await send("POST", {
        username: "coastal.buyer",
        firstname: "Ayesha",
        lastname: "Naidoo",
        email: "buyer@coastal.test",
        password: "Durban-Buyer-Pass-4",
        roles: ["Customer"],
        tenants: ["coastal"],
        customerAccount: account.accountId.toLowerCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ customerAccount: account.accountId, tenants: ["coastal"] });
      const token = await t.login("coastal.buyer", "Durban-Buyer-Pass-4");
      const details = await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token });
      expect(details.json().accountId).toBe(account.accountId);
    });

    it("gives the user the admin's current tenant when none is named", async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/Users",
        token: admin,
        tenantId: "coastal",
        body: newStaff({ username: "no.tenant", email: "no.tenant@tradeshop.test", tenants: [] }),
      });
      expect(res.json().tenants).toEqual(["coastal"]);
    });

    it.each([
      ["a taken username", { username: "TRADER" }, 409, "username", "This username is taken"],
      [
        "a taken e-mail address",
        { username: "fresh.one", email: "Spaza@demo.shop" },
        409,
        "email",
        "This e-mail address belongs to another user",
      ],
      [
        "a common password",
        { username: "fresh.two", email: "two@t.test", password: "Password1234" },
        400,
        "password",
        "This password is too common. Choose one that is harder to guess",
      ],
      [
        "a short password",
        { username: "fresh.three", email: "three@t.test", password: "short" },
        400,
        "password",
        "Password must be at least 10 characters",
      ],
      [
        "an unknown customer account",
        { username: "fresh.four", email: "four@t.test", customerAccount: "CUS9999" },
        400,
        "customerAccount",
        "There is no customer account CUS9999 in tenant coastal",
      ],
      [
        "an account that has a user",
        { username: "fresh.five", email: "five@t.test", tenants: ["gauteng"], customerAccount: "CUS0001" },
        409,
        "customerAccount",
        "Account CUS0001 already has a user",
      ],
      [
        "a directory user with a password",
        { username: "fresh.six", email: "six@t.test", isActiveDirectoryUser: true },
        400,
        "password",
        "Directory users log in with their directory password; leave the password empty",
      ],
    ])("refuses %s", async (_what, overrides, status, field, message) => {
      const res = await send("POST", newStaff(overrides));
      expect(res.statusCode).toBe(status);
      expect(res.json().errors[field]).toEqual([message]);
    });

    it("refuses a password for a local user that is missing", async () => {
      const { password: _password, ...withoutPassword } = newStaff({
        username: "fresh.seven",
        email: "seven@t.test",
      });
      const res = await send("POST", withoutPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toEqual(["Enter a password"]);
    });

    it("refuses a tenant that does not exist", async () => {
      const res = await send(
        "POST",
        newStaff({ username: "fresh.eight", email: "eight@t.test", tenants: ["atlantis"] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.tenants).toEqual(["Unknown tenant atlantis"]);
    });

    it("creates a directory user without a password", async () => {
      const res = await send(
        "POST",
        newStaff({
          username: "dir.user",
          email: "dir@t.test",
          isActiveDirectoryUser: true,
          password: undefined,
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().isActiveDirectoryUser).toBe(true);
    });
  });

  describe("PUT /api/Users", () => {
    it("changes a user's details, roles and password", async () => {
      const created = (
        await send("POST", newStaff({ username: "to.change", email: "change@t.test", tenants: ["gauteng"] }))
      ).json();
      const res = await send("PUT", {
        ...created,
        firstname: "Changed",
        roles: ["Staff", "NoImage"],
        tenants: ["coastal", "gauteng"],
        password: "Changed-Password-99",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstname: "Changed",
        roles: ["NoImage", "Staff"],
        tenants: ["coastal", "gauteng"],
        lastModifiedBy: "admin",
      });
      expect(res.json().lastModifiedDate).not.toBeNull();
      expect((await logIn("to.change", "Coastal-Staff-Pass-12")).statusCode).toBe(401);
      expect((await logIn("to.change", "Changed-Password-99")).statusCode).toBe(200);
    });

    it("keeps the password when none is given", async () => {
      const created = (
        await send("POST", newStaff({ username: "keep.pass", email: "keep@t.test", tenants: ["gauteng"] }))
      ).json();
      expect((await send("PUT", { ...created, lastname: "Kept" })).statusCode).toBe(200);
      expect((await logIn("keep.pass", "Coastal-Staff-Pass-12")).statusCode).toBe(200);
    });

    it("does not let an admin take the Admin role away from themselves", async () => {
      const me = (await get(`/api/Users/${ids.admin}`)).json();
      const res = await send("PUT", { ...me, roles: ["Staff"] });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.roles).toEqual(["You cannot take the Admin role away from yourself"]);
    });

    it("keeps a user's reports when an edit does not send them", async () => {
      const created = (
        await send(
          "POST",
          newStaff({
            username: "reports.keeper",
            email: "reports@t.test",
            reports: ["sales"],
            tenants: ["gauteng"],
          }),
        )
      ).json();
      expect((await send("PUT", { ...created, firstname: "Renamed" })).statusCode).toBe(200);
      const row = await t.database.db
        .selectFrom("users")
        .select(["reports", "firstname"])
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ reports: ["sales"], firstname: "Renamed" });
      expect((await send("PUT", { ...created, reports: [] })).statusCode).toBe(200);
      const cleared = await t.database.db
        .selectFrom("users")
        .select("reports")
        .where("id", "=", created.id)
        .executeTakeFirstOrThrow();
      expect(cleared.reports).toEqual([]);
    });

    it("answers 404 for a user of a tenant the admin does not hold", async () => {
      const trader = (await get(`/api/Users/${ids.trader}`)).json();
      await send(
        "POST",
        newStaff({ username: "coastal.only", email: "coastal.only@tradeshop.test", roles: ["Admin"] }),
      );
      const coastalAdmin = await t.login("coastal.only", "Coastal-Staff-Pass-12");
      const res = await t.request({
        method: "PUT",
        url: "/api/Users",
        token: coastalAdmin,
        tenantId: "coastal",
        body: { ...trader, firstname: "X" },
      });
      expect(res.statusCode).toBe(404);
      await t.database.db.deleteFrom("users").where("username", "=", "coastal.only").execute();
    });

    it("takes roles and tenants away at once, even from a token issued before", async () => {
      const created = (
        await send(
          "POST",
          newStaff({
            username: "second.admin",
            email: "second@t.test",
            roles: ["Admin"],
            tenants: ["coastal", "gauteng"],
          }),
        )
      ).json();
      const token = await t.login("second.admin", "Coastal-Staff-Pass-12");
      expect((await get("/api/Users", token, "coastal")).statusCode).toBe(200);
      expect((await send("PUT", { ...created, roles: ["Admin"], tenants: ["gauteng"] })).statusCode).toBe(
        200,
      );
      expect((await get("/api/Users", token, "coastal")).statusCode).toBe(403);
      expect((await get("/api/Users", token, "gauteng")).statusCode).toBe(200);
      // A role change ends the login outright (decision 75): the old token is refused, not just limited.
      expect((await send("PUT", { ...created, roles: ["Staff"], tenants: ["gauteng"] })).statusCode).toBe(
        200,
      );
      const demoted = await get("/api/Users", token, "gauteng");
      expect(demoted.statusCode).toBe(401);
      expect(demoted.json().code).toBe("session_revoked");
    });
  });

  describe("PUT /api/Users/:id/Disable and /Enable", () => {
    it("disables a user: no new log-in, and the tokens they hold stop working", async () => {
      const token = await t.login("spaza");
      expect(
        (await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token })).statusCode,
      ).toBe(200);

      const res = await t.request({
        method: "PUT",
        url: `/api/Users/${ids.spaza}/Disable`,
        token: admin,
        tenantId: "gauteng",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        title: "User disabled",
        message: "spaza can no longer log in.",
      });

      const login = await logIn("spaza");
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe("account_disabled");
      const held = await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token });
      expect(held.statusCode).toBe(401);
      expect(held.json().code).toBe("session_revoked");
      expect((await get(`/api/Users/${ids.spaza}`)).json().isActive).toBe(false);
    });

    it("enables the user again and lifts a lock-out", async () => {
      for (let i = 0; i < 5; i++) await logIn("spaza", `wrong-${i}`);
      const res = await t.request({
        method: "PUT",
        url: `/api/Users/${ids.spaza}/Enable`,
        token: admin,
        tenantId: "gauteng",
      });
      expect(res.json()).toEqual({
        success: true,
        title: "User enabled",
        message: "spaza can log in again.",
      });
      expect((await logIn("spaza")).statusCode).toBe(200);
    });

    it("does not let an admin disable themselves", async () => {
      const res = await t.request({ method: "PUT", url: `/api/Users/${ids.admin}/Disable`, token: admin });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("own_account");
    });

    it("is for Admins only and says when the id is missing", async () => {
      const staff = await t.login("staff");
      expect(
        (
          await t.request({
            method: "PUT",
            url: `/api/Users/${ids.trader}/Disable`,
            token: staff,
            tenantId: "gauteng",
          })
        ).statusCode,
      ).toBe(403);
      const missing = await t.request({ method: "PUT", url: "/api/Users/undefined/Enable", token: admin });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe("validation");
      expect(missing.json().title).toBe("The parameter 'id' must be defined.");
    });
  });
});
