import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../../test/test-app";
import { createTokenService } from "../../core/tokens";

describe("POST /api/Users/Authenticate", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("returns a token with every claim of docs/data.md for a demo customer", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "trader", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBe(8 * 3600);
    const claims = decodeJwt(token);
    expect(claims.exp).toBeGreaterThanOrEqual(before + expiresIn);
    expect(claims.exp).toBeLessThan(before + expiresIn + 60);
    expect(claims).toMatchObject({ sub: "trader", roles: ["Customer"], tenants: ["gauteng"] });
    expect(typeof claims.firstName).toBe("string");
    expect(typeof claims.surname).toBe("string");
    expect(Number(claims.uid)).toBeGreaterThan(0);
  });

  it("gives staff every tenant and role they hold", async () => {
    const token = await t.login("staff");
    const claims = decodeJwt(token);
    expect(claims.roles).toEqual(["NoImage", "Staff"]);
    expect(claims.tenants).toEqual(["coastal", "gauteng"]);
  });

  it("accepts the username in any letter case", async () => {
    await expect(t.login("TRADER")).resolves.toBeTruthy();
  });

  it("refuses a wrong password with a 401 problem naming the password field", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "spaza", password: "wrong-password" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors.password).toEqual(["The username or password is incorrect."]);
  });

  it("answers an unknown user exactly as a wrong password", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username: "nobody-here", password: "whatever-it-is" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("bad_credentials");
  });

  it("locks the account for 15 minutes after 5 failures, even for the right password", async () => {
    const attempt = (password: string) =>
      t.request({ method: "POST", url: "/api/Users/Authenticate", body: { username: "admin", password } });
    for (let i = 1; i <= 4; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    const fifth = await attempt("wrong-5");
    expect(fifth.statusCode).toBe(423);
    const unlock = new Date(fifth.json().lockoutExpiryDate).getTime();
    expect(unlock - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(unlock - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(423);
  });
});

describe("POST /api/Users/AuthenticateUsingEmail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("logs in with the e-mail address in username", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/AuthenticateUsingEmail",
      body: { username: "Spaza@Demo.Shop", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().token).sub).toBe("spaza");
  });

  it("does not take a username as an e-mail address", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/AuthenticateUsingEmail",
      body: { username: "spaza", password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("bearer tokens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses a token signed with another key or algorithm", async () => {
    const token = await t.login("trader");
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("x".repeat(40)));
    const [header, payload] = token.split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    for (const bad of [forged, unsigned, `${header}.${payload}.AAAA`]) {
      const res = await t.request({ method: "GET", url: "/api/health", token: bad });
      expect(res.statusCode).toBe(401);
    }
  });

  it("refuses an expired token and says the session has expired", async () => {
    const expired = await createTokenService(t.secret, -0.01).issue({
      id: 1,
      username: "trader",
      firstname: "T",
      lastname: "R",
      roles: ["Customer"],
      tenants: ["gauteng"],
    });
    expect(decodeJwt(expired.token).exp).toBeLessThan(Date.now() / 1000);
    const res = await t.request({ method: "GET", url: "/api/health", token: expired.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthenticated");
    expect(res.json().title).toMatch(/expired/);
    const fresh = await createTokenService(t.secret, 1).issue({
      id: 1,
      username: "trader",
      firstname: "T",
      lastname: "R",
      roles: [],
      tenants: ["gauteng"],
    });
    expect((await t.request({ method: "GET", url: "/api/health", token: fresh.token })).statusCode).toBe(200);
  });

  it("refuses a TenantId the token does not hold", async () => {
    const token = await t.login("trader");
    const res = await t.request({ method: "GET", url: "/api/health", token, tenantId: "coastal" });
    expect(res.statusCode).toBe(403);
    const ok = await t.request({ method: "GET", url: "/api/health", token, tenantId: "gauteng" });
    expect(ok.statusCode).toBe(200);
  });
});
