import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { AUTH_RATE_LIMITS } from "./auth-limits";
import { ACCOUNT_MAIL_LIMITS } from "../accounts";

// A wrong password is refused (401) and, after five, locked out (423, decision 76); only the limit answers 429.
const REFUSED_NOT_LIMITED = [401, 423];

describe("rate limits of the log-in, registration and reset endpoints (AUTH_RATE_LIMIT_FACTOR=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "1" } });
  });
  afterAll(() => t.close());

  const requestReset = (emailAddress: string, remoteAddress: string) =>
    t.request({
      method: "POST",
      url: "/api/Users/RequestPasswordReset",
      body: { emailAddress },
      remoteAddress,
    });

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

  it("limits the e-mail an account has the shop send: invitations and statements, per account", async () => {
    const owner = await t.login("trader");
    const other = await t.login("spaza");
    const invite = (token: string, i: number) =>
      t.request({
        method: "POST",
        url: "/api/Account/Buyers/Invite",
        token,
        body: {
          firstname: "Invited",
          lastname: `Number ${i}`,
          email: `invited-${i}@test.shop`,
          accountRole: "Buyer",
          orderLimit: null,
        },
        remoteAddress: `10.4.0.${i + 1}`,
      });
    const invites = ACCOUNT_MAIL_LIMITS.invite.perKey.max;
    for (let i = 0; i < invites; i++) expect((await invite(owner, i)).statusCode).toBe(200);
    const limited = await invite(owner, invites);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/as many e-mails as it may/);
    expect((await invite(other, invites + 1)).statusCode).toBe(200);

    const month = new Date().toISOString().slice(0, 7);
    const statement = (token: string, i: number) =>
      t.request({
        method: "POST",
        url: "/api/Account/EmailStatement",
        token,
        body: { month },
        remoteAddress: `10.5.0.${i + 1}`,
      });
    const statements = ACCOUNT_MAIL_LIMITS.emailStatement.perKey.max;
    for (let i = 0; i < statements; i++) expect((await statement(owner, i)).statusCode).toBe(200);
    expect((await statement(owner, statements)).statusCode).toBe(429);
    expect((await statement(other, statements + 1)).statusCode).toBe(200);
  });

  it("limits PIN requests per customer account", async () => {
    const { max } = AUTH_RATE_LIMITS.preRegister.perKey;
    const ask = (i: number) =>
      t.request({
        method: "POST",
        url: "/api/Users/PreRegisterUser",
        body: {
          pastelCustomerAccount: "CUS0003",
          emailAddress: "newshop@demo.shop",
          sendOtpViaEmail: true,
          otpEmailAddress: "newshop@demo.shop",
        },
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
      const res = await t.request({
        method: "POST",
        url: "/api/Users/RequestPasswordReset",
        body: { emailAddress: "x@nowhere.test" },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
