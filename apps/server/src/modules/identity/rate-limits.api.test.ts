import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { AUTH_RATE_LIMITS } from "./auth-limits";

// A wrong password is refused (401) and, after five, locked out (423, decision 76); only the limit answers 429.
const REFUSED_NOT_LIMITED = [401, 423];

describe("rate limits of the log-in, registration and reset endpoints (AUTH_RATE_LIMIT_FACTOR=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "1" } });
  });
  afterAll(() => t.close());

  const requestReset = (emailAddress: string, remoteAddress: string) =>
    t.request({ method: "POST", url: "/api/Users/RequestPasswordReset", body: { emailAddress }, remoteAddress });

  it("limits one client address, whatever accounts it names", async () => {
    const { max } = AUTH_RATE_LIMITS.requestPasswordReset.perIp;
    for (let i = 0; i < max; i++) {
      expect((await requestReset(`someone-${i}@nowhere.test`, "10.0.0.1")).statusCode).toBe(200);
    }
    const limited = await requestReset("one-more@nowhere.test", "10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toContain("application/problem+json");
    expect(limited.json().code).toBe("rate_limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await requestReset("one-more@nowhere.test", "10.0.0.2")).statusCode).toBe(200);
  });

  it("limits one account, whichever addresses the requests come from", async () => {
    const { max } = AUTH_RATE_LIMITS.requestPasswordReset.perKey;
    for (let i = 0; i < max; i++) {
      expect((await requestReset("Target@Demo.Shop", `10.1.0.${i + 1}`)).statusCode).toBe(200);
    }
    const limited = await requestReset("target@demo.shop", "10.1.1.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many attempts for this account/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await requestReset("other@demo.shop", "10.1.1.1")).statusCode).toBe(200);
  });

  it("limits log-in attempts per username, also for names that do not exist", async () => {
    const { max } = AUTH_RATE_LIMITS.authenticate.perKey;
    const attempt = (i: number) =>
      t.request({
        method: "POST",
        url: "/api/Users/Authenticate",
        body: { username: "no-such-user", password: "wrong-password" },
        remoteAddress: `10.2.0.${i + 1}`,
      });
    for (let i = 0; i < max; i++) expect(REFUSED_NOT_LIMITED).toContain((await attempt(i)).statusCode);
    expect((await attempt(max)).statusCode).toBe(429);
  });

  it("counts a login written with a domain prefix (CORP\\name) as the login itself", async () => {
    const { max } = AUTH_RATE_LIMITS.authenticate.perKey;
    const attempt = (username: string, i: number) =>
      t.request({
        method: "POST",
        url: "/api/Users/Authenticate",
        body: { username, password: "wrong-password" },
        remoteAddress: `10.3.0.${i + 1}`,
      });
    const spellings = ["victim-one", "CORP\\victim-one", "OTHER\\Victim-One", "a\\b\\victim-one"];
    for (let i = 0; i < max; i++) {
      expect(REFUSED_NOT_LIMITED).toContain((await attempt(spellings[i % spellings.length]!, i)).statusCode);
    }
    for (const spelling of spellings) expect((await attempt(spelling, max)).statusCode).toBe(429);
  });

  it("limits PIN requests per customer account", async () => {
    const { max } = AUTH_RATE_LIMITS.preRegister.perKey;
    const ask = (i: number) =>
      t.request({
        method: "POST",
        url: "/api/Users/PreRegisterUser",
        body: { pastelCustomerAccount: "CUS0003", emailAddress: "newshop@demo.shop", sendOtpViaEmail: true, otpEmailAddress: "newshop@demo.shop" },
        remoteAddress: `10.3.0.${i + 1}`,
      });
    for (let i = 0; i < max; i++) expect((await ask(i)).statusCode).toBe(200);
    expect((await ask(max)).statusCode).toBe(429);
  });
});

describe("AUTH_RATE_LIMIT_FACTOR=0", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "0" } });
  });
  afterAll(() => t.close());

  it("turns the limits off", async () => {
    for (let i = 0; i <= AUTH_RATE_LIMITS.requestPasswordReset.perIp.max + 1; i++) {
      const res = await t.request({ method: "POST", url: "/api/Users/RequestPasswordReset", body: { emailAddress: "x@nowhere.test" } });
      expect(res.statusCode).toBe(200);
    }
  });
});
