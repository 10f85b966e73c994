// Lock-out that an attacker cannot turn into a weapon or an oracle (decision 76): failures
// from elsewhere do not shut out a browser that has logged in before (it carries a signed
// device cookie), that browser's own failures lock only its cookie, and a made-up username
// gets exactly the answers a real one gets, the tries left before the lock included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadCredentials, MAX_FAILED_LOGINS } from "@trade-shop/contracts/identity";
import { DEVICE_COOKIE } from "../../core/device-cookies";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../../test/test-app";

describe("POST /api/Users/Authenticate: lock-out with device cookies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let client = 0;
  /** A log-in from a client address of its own, with the device cookie if given. */
  const attempt = async (username: string, password: string, device?: string) => {
    client += 1;
    const xsrf = "lockout-test";
    return t.request({
      method: "POST",
      url: "/api/Users/Authenticate",
      body: { username, password },
      remoteAddress: `10.7.${Math.floor(client / 250)}.${(client % 250) + 1}`,
      headers: {
        cookie: `XSRF-TOKEN=${xsrf}${device ? `; ${DEVICE_COOKIE}=${device}` : ""}`,
        "x-xsrf-token": xsrf,
      },
    });
  };
  const deviceCookieOf = (res: Awaited<ReturnType<typeof attempt>>) => {
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toBeDefined();
    return cookie!;
  };

  it("gives a browser that logged in a signed, script-proof device cookie", async () => {
    const res = await attempt("staff", DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = deviceCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/Users" });
    expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 3600);
    // A cookie altered by hand is no device cookie: it does not get past a lock-out.
    const forged = `${cookie.value.slice(0, -2)}xx`;
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await attempt("staff", `wrong-${i}`);
    expect((await attempt("staff", DEMO_PASSWORD, forged)).statusCode).toBe(423);
    expect((await attempt("staff", DEMO_PASSWORD, cookie.value)).statusCode).toBe(200);
  });

  it("keeps the owner's browser logging in while failures from elsewhere lock the account for everyone else", async () => {
    const owner = deviceCookieOf(await attempt("trader", DEMO_PASSWORD)).value;
    const statuses = [];
    for (let i = 0; i < MAX_FAILED_LOGINS + 3; i++)
      statuses.push((await attempt("trader", `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423, 423, 423]);
    // Correct password, but from a client the account does not know: locked.
    expect((await attempt("trader", DEMO_PASSWORD)).statusCode).toBe(423);
    // The owner's browser.
    const own = await attempt("trader", DEMO_PASSWORD, owner);
    expect(own.statusCode).toBe(200);
    expect(typeof own.json().token).toBe("string");
  });

  it("locks a device cookie after its own failures, and that browser then meets the account's lock-out", async () => {
    const device = deviceCookieOf(await attempt("spaza", DEMO_PASSWORD)).value;
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await attempt("spaza", `elsewhere-${i}`);
    const own = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++)
      own.push((await attempt("spaza", `typo-${i}`, device)).statusCode);
    expect(own).toEqual([401, 401, 401, 401, 423]);
    expect((await attempt("spaza", DEMO_PASSWORD, device)).statusCode).toBe(423);
    // Its failures did not add to the account's own count: an admin-visible lock-out is the attackers' five.
    const row = await t.database.db
      .selectFrom("users")
      .select("failedLoginAttempts")
      .where("username", "=", "spaza")
      .executeTakeFirstOrThrow();
    expect(row.failedLoginAttempts).toBe(MAX_FAILED_LOGINS);
  });

  it("answers a made-up username exactly as a real one, lock-out included", async () => {
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < MAX_FAILED_LOGINS + 2; i++) {
        const res = await attempt(username, `nope-${i}`);
        const body = res.json();
        seen.push({
          status: res.statusCode,
          code: body.code,
          title: body.title,
          fields: Object.keys(body.errors ?? {}),
          locked: "lockoutExpiryDate" in body,
        });
      }
      return seen;
    };
    const real = await answers("admin");
    const madeUp = await answers("nobody-by-this-name");
    expect(madeUp).toEqual(real);
    expect(real.map((a) => a.status)).toEqual([401, 401, 401, 401, 423, 423, 423]);
    expect((await attempt("NOBODY-by-this-name", DEMO_PASSWORD)).statusCode).toBe(423);
  });

  it("says the tries left on the third and fourth wrong password, for a made-up username exactly as for a real one", async () => {
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
        const res = await attempt(username, `mistyped-${i}`);
        const body = res.json();
        if (res.statusCode === 401) BadCredentials.parse(body);
        seen.push({ status: res.statusCode, code: body.code, triesLeft: body.triesLeft ?? "none" });
      }
      return seen;
    };
    const real = await answers("rep");
    expect(real).toEqual([
      { status: 401, code: "bad_credentials", triesLeft: "none" },
      { status: 401, code: "bad_credentials", triesLeft: "none" },
      { status: 401, code: "bad_credentials", triesLeft: 2 },
      { status: 401, code: "bad_credentials", triesLeft: 1 },
      { status: 423, code: "account_locked", triesLeft: "none" },
    ]);
    // The same steps tell nobody whether a name exists.
    expect(await answers("no-rep-by-this-name")).toEqual(real);
  });
});
