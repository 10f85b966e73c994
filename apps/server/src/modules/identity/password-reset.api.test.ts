import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extraLogin } from "../../../test/fixtures";
import { startSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../../test/test-app";

const PUBLIC_URL = "https://shop.example.test";

describe("forgotten passwords", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const requestReset = (emailAddress: string) =>
    t.request({ method: "POST", url: "/api/Users/RequestPasswordReset", body: { emailAddress } });
  const reset = (hash: string, password: string) =>
    t.request({ method: "POST", url: "/api/Users/ResetPassword", body: { hash, password } });
  const logIn = (username: string, password: string) =>
    t.request({ method: "POST", url: "/api/Users/Authenticate", body: { username, password } });

  const read = new Set<object>();
  /** Requests a link for the address and reads the token from the e-mail that arrived. */
  async function resetLink(emailAddress: string) {
    expect((await requestReset(emailAddress)).statusCode).toBe(200);
    await t.outbox.drain();
    const mail = await smtp.waitForMail((m) => m.to.includes(emailAddress) && !read.has(m));
    read.add(mail);
    const link = /(https:\S+)/.exec(mail.text)![1]!;
    return { link, hash: new URL(link).searchParams.get("hash")!, mail };
  }

  describe("a password set by an admin", () => {
    // First in the file: later tests change the demo admin's password.
    it("retires every reset link the user still holds", async () => {
      const admin = await t.login("admin");
      await extraLogin(t, "spaza", "reset.holder");
      const open = await resetLink("reset.holder@test.shop");
      const { id } = await t.database.db
        .selectFrom("users")
        .select("id")
        .where("username", "=", "reset.holder")
        .executeTakeFirstOrThrow();
      const user = (
        await t.request({ method: "GET", url: `/api/Users/${id}`, token: admin, tenantId: "gauteng" })
      ).json();
      const put = await t.request({
        method: "PUT",
        url: "/api/Users",
        token: admin,
        tenantId: "gauteng",
        body: { ...user, password: "Admin-Chosen-Pass-71" },
      });
      expect(put.statusCode, put.body).toBe(200);
      const late = await reset(open.hash, "Old-Link-Pass-72");
      expect(late.statusCode).toBe(400);
      expect(late.json().errors.hash[0]).toMatch(/already used/);
      expect((await logIn("reset.holder", "Admin-Chosen-Pass-71")).statusCode).toBe(200);
    });
  });

  describe("POST /api/Users/RequestPasswordReset", () => {
    it("e-mails a link to the reset page and keeps only the token's hash", async () => {
      const { link, hash, mail } = await resetLink("staff@demo.shop");
      expect(link.startsWith(`${PUBLIC_URL}/auth/reset-password?hash=`)).toBe(true);
      expect(mail.subject).toBe("Reset your Trade Shop password");
      expect(mail.text).toContain('login "staff"');
      expect(mail.text).toContain("60 minutes");
      const stored = await t.database.db
        .selectFrom("passwordResets")
        .selectAll()
        .where("tokenHash", "=", createHash("sha256").update(hash).digest("hex"))
        .executeTakeFirstOrThrow();
      expect(stored.usedAt).toBeNull();
      expect((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000).toBeCloseTo(60, 1);
      const plain = await t.database.db
        .selectFrom("passwordResets")
        .select("tokenHash")
        .where("tokenHash", "=", hash)
        .execute();
      expect(plain).toEqual([]);
    });

    it("answers an unknown address exactly as a known one, and sends nothing", async () => {
      const outboxBefore = await t.database.db.selectFrom("outbox").select("id").execute();
      const unknown = await requestReset("nobody@nowhere.test");
      const known = await requestReset("trader@demo.shop");
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual({ emailAddress: "nobody@nowhere.test" });
      expect(known.json()).toEqual({ emailAddress: "trader@demo.shop" });
      const outboxAfter = await t.database.db.selectFrom("outbox").select("id").execute();
      expect(outboxAfter.length - outboxBefore.length).toBe(1);
    });
  });

  describe("POST /api/Users/ResetPassword", () => {
    it("sets the new password once; the link cannot be used again; logins from before end", async () => {
      const before = await t.login("spaza");
      const cart = () => t.request({ method: "GET", url: "/api/Cart/GetUserCart", token: before });
      expect((await cart()).statusCode).toBe(200);
      const { hash } = await resetLink("spaza@demo.shop");
      const res = await reset(hash, "Orlando-West-Corner-42");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username: "spaza" });
      const ended = await cart();
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe("session_revoked");
      expect((await logIn("spaza", "Orlando-West-Corner-42")).statusCode).toBe(200);
      expect((await logIn("spaza", DEMO_PASSWORD)).statusCode).toBe(401);

      const again = await reset(hash, "Another-Password-77");
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.hash).toEqual([
        "This reset link was already used. Request a new one if you need to.",
      ]);
      expect((await logIn("spaza", "Another-Password-77")).statusCode).toBe(401);
    });

    it("refuses an expired link", async () => {
      const { hash } = await resetLink("trader@demo.shop");
      await t.database.db
        .updateTable("passwordResets")
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where("tokenHash", "=", createHash("sha256").update(hash).digest("hex"))
        .execute();
      const res = await reset(hash, "Newtown-Wholesale-2026");
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.hash).toEqual(["This reset link has expired. Request a new one."]);
      expect((await logIn("trader", DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it("refuses a link that was never issued", async () => {
      const res = await reset("made-up-token-value", "Newtown-Wholesale-2026");
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.hash).toEqual(["This reset link is not valid. Request a new one."]);
    });

    it("applies the password rules and leaves the link usable after a refused password", async () => {
      const { hash } = await resetLink("admin@demo.shop");
      const common = await reset(hash, "qwertyuiop123");
      expect(common.statusCode).toBe(400);
      expect(common.json().errors.password).toEqual([
        "This password is too common. Choose one that is harder to guess",
      ]);
      const own = await reset(hash, "admin@demo.shop");
      expect(own.json().errors.password).toEqual(["Password must not be your username or e-mail address"]);
      const short = await reset(hash, "too-short");
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.password).toEqual(["Password must be at least 10 characters"]);
      expect((await reset(hash, "Admin-Strong-Pass-55")).statusCode).toBe(200);
    });

    it("lifts a lock-out, and retires every other link of the user", async () => {
      for (let i = 0; i < 5; i++) await logIn("staff", `wrong-${i}`);
      expect((await logIn("staff", DEMO_PASSWORD)).statusCode).toBe(423);
      const older = await resetLink("staff@demo.shop");
      const newer = await resetLink("staff@demo.shop");
      expect((await reset(newer.hash, "Staff-Fresh-Pass-31")).statusCode).toBe(200);
      expect((await logIn("staff", "Staff-Fresh-Pass-31")).statusCode).toBe(200);
      expect((await reset(older.hash, "Staff-Other-Pass-32")).json().errors.hash[0]).toMatch(/already used/);
    });
  });

  describe("resetPasswordOnNextLogin", () => {
    it("turns the next correct log-in into an e-mailed reset link, and the reset clears the flag", async () => {
      const admin = await t.login("admin", "Admin-Strong-Pass-55");
      const trader = await t.database.db
        .selectFrom("users")
        .select("id")
        .where("username", "=", "trader")
        .executeTakeFirstOrThrow();
      const current = (
        await t.request({ method: "GET", url: `/api/Users/${trader.id}`, token: admin, tenantId: "gauteng" })
      ).json();
      const put = await t.request({
        method: "PUT",
        url: "/api/Users",
        token: admin,
        tenantId: "gauteng",
        body: { ...current, resetPasswordOnNextLogin: true },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().resetPasswordOnNextLogin).toBe(true);

      const refused = await logIn("trader", DEMO_PASSWORD);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        passwordResetRequired: true,
        title: expect.stringMatching(/e-mailed you a link/),
      });
      await t.outbox.drain();
      const mail = await smtp.waitForMail(
        (m) => m.to.includes("trader@demo.shop") && m.text.includes("needs a new password"),
      );
      const hash = new URL(/(https:\S+)/.exec(mail.text)![1]!).searchParams.get("hash")!;
      expect((await logIn("trader", "Wrong-Password-000")).statusCode).toBe(401);

      expect((await reset(hash, "Trader-Renewed-Pass-8")).statusCode).toBe(200);
      expect((await logIn("trader", "Trader-Renewed-Pass-8")).statusCode).toBe(200);
      const after = (
        await t.request({ method: "GET", url: `/api/Users/${trader.id}`, token: admin, tenantId: "gauteng" })
      ).json();
      expect(after.resetPasswordOnNextLogin).toBe(false);
    });
  });
});
