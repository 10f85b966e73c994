import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectoryUser } from "@trade-shop/contracts/identity";
import { DIRECTORY_DOMAIN, DIRECTORY_PEOPLE, startSlapd, type TestDirectory } from "../../../test/slapd";
import { freePort } from "../../../test/smtp";
import { createTestApp, type TestApp } from "../../../test/test-app";

const { thandi, sipho } = DIRECTORY_PEOPLE;

describe("the staff directory (OpenLDAP slapd)", () => {
  let directory: TestDirectory;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    directory = await startSlapd();
    t = await createTestApp({ env: directory.env });
    admin = await t.login("admin");
  });
  afterAll(async () => {
    await t?.close();
    await directory?.stop();
  });

  const search = (username: string, token = admin) =>
    t.request({
      method: "GET",
      url: `/api/Users/SearchActiveDirectoryUsers?username=${encodeURIComponent(username)}`,
      token,
    });
  const logIn = (username: string, password: string) =>
    t.request({ method: "POST", url: "/api/Users/Authenticate", body: { username, password } });

  describe("GET /api/Users/SearchActiveDirectoryUsers", () => {
    it("finds people by the start of their account name, with what the directory says about them", async () => {
      const res = await search("th");
      expect(res.statusCode).toBe(200);
      const people = res.json() as DirectoryUser[];
      for (const person of people) expect(DirectoryUser.safeParse(person).success).toBe(true);
      expect(people.map((p) => p.samAccountName)).toEqual(["thabo.nkosi", "thandi.mokoena"]);
      expect(people[1]).toEqual({
        guid: thandi.guid,
        samAccountName: "thandi.mokoena",
        userPrincipalName: "thandi.mokoena@corp.tradeshop.test",
        name: "Thandi Mokoena",
        givenName: "Thandi",
        surname: "Mokoena",
        emailAddress: "thandi.mokoena@corp.tradeshop.test",
        isAccountLockedOut: false,
        enabled: true,
      });
      expect(people[0]).toMatchObject({ enabled: false, isAccountLockedOut: true });
    });

    it("finds a plain LDAP person by uid or common name", async () => {
      for (const query of ["sip", "Sipho D"]) {
        const people = (await search(query)).json() as DirectoryUser[];
        expect(people).toHaveLength(1);
        expect(people[0]).toMatchObject({
          samAccountName: "sipho.dlamini",
          userPrincipalName: null,
          name: "Sipho Dlamini",
        });
        expect(people[0]!.guid).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it("treats filter characters in the query as text", async () => {
      expect((await search("*)(uid=*")).json()).toEqual([]);
      expect((await search("*")).json()).toEqual([]);
    });

    it("needs a query and an Admin", async () => {
      const empty = await search("");
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.username).toEqual(["Enter part of a username to search for"]);
      expect((await search("th", await t.login("staff"))).statusCode).toBe(403);
    });
  });

  describe("directory users logging in", () => {
    beforeAll(async () => {
      for (const [username, email] of [
        [thandi.accountName, "thandi.mokoena@corp.tradeshop.test"],
        [sipho.accountName, "sipho.dlamini@corp.tradeshop.test"],
      ] as const) {
        const res = await t.request({
          method: "POST",
          url: "/api/Users",
          token: admin,
          body: {
            username,
            firstname: "Dir",
            lastname: "User",
            email,
            isActiveDirectoryUser: true,
            roles: ["Staff"],
            tenants: ["gauteng"],
          },
        });
        expect(res.statusCode).toBe(200);
      }
    });

    it("logs in with the directory password; the token names the user with the domain", async () => {
      const res = await logIn(thandi.accountName, thandi.password);
      expect(res.statusCode).toBe(200);
      const token = res.json().token;
      expect(decodeJwt(token)).toMatchObject({
        sub: `${DIRECTORY_DOMAIN}\\${thandi.accountName}`,
        roles: ["Staff"],
        tenants: ["gauteng"],
      });
      const details = await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token });
      expect(details.statusCode).toBe(404);
    });

    it("accepts DOMAIN\\name as the username", async () => {
      expect((await logIn(`${DIRECTORY_DOMAIN}\\${sipho.accountName}`, sipho.password)).statusCode).toBe(200);
    });

    it("refuses a wrong directory password and counts it towards the lock-out", async () => {
      for (let i = 1; i <= 4; i++)
        expect((await logIn(sipho.accountName, `wrong-${i}`)).statusCode).toBe(401);
      expect((await logIn(sipho.accountName, "wrong-5")).statusCode).toBe(423);
      expect((await logIn(sipho.accountName, sipho.password)).statusCode).toBe(423);
    });
  });
});

describe("without a directory", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers the directory search with a clear 503", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/Users/SearchActiveDirectoryUsers?username=th",
      token: await t.login("admin"),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("service_unavailable");
  });
});

describe("with the directory down", () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      env: { LDAP_URL: `ldap://127.0.0.1:${port}`, LDAP_SEARCH_BASE: "dc=tradeshop,dc=test" },
    });
  });
  afterAll(() => t.close());

  it("answers search and directory log-ins with a 503, without locking anyone out", async () => {
    const admin = await t.login("admin");
    const res = await t.request({
      method: "GET",
      url: "/api/Users/SearchActiveDirectoryUsers?username=th",
      token: admin,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("service_unavailable");
    await t.request({
      method: "POST",
      url: "/api/Users",
      token: admin,
      body: {
        username: "dir.down",
        firstname: "D",
        lastname: "D",
        email: "down@t.test",
        isActiveDirectoryUser: true,
        roles: ["Staff"],
      },
    });
    const login = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "dir.down", password: "anything-at-all" },
    });
    expect(login.statusCode).toBe(503);
    const row = await t.database.db
      .selectFrom("users")
      .select("failedLoginAttempts")
      .where("username", "=", "dir.down")
      .executeTakeFirstOrThrow();
    expect(row.failedLoginAttempts).toBe(0);
  });
});
