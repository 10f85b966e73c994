import { decodeJwt } from "jose";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { createTestApp, type TestApp } from "../../../test/test-app";

const NEW_SHOP = { pastelCustomerAccount: "CUS0003", emailAddress: "newshop@demo.shop" };
const GOOD_PASSWORD = "Tembisa-Mini-Market-9";

describe("self-registration with a one-time PIN", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const post = (path: string, body: unknown, tenantId?: string) =>
    t.request({ method: "POST", url: `/api/Users/${path}`, body, ...(tenantId ? { tenantId } : {}) });

  /** Contact details of a demo account nobody has registered yet. */
  async function unregisteredAccount(accountId: string) {
    const row = await t.database.db
      .selectFrom("customers")
      .select(["accountId", "contactEmail", "tenantId"])
      .where("accountId", "=", accountId)
      .executeTakeFirstOrThrow();
    return { pastelCustomerAccount: row.accountId, emailAddress: row.contactEmail!, tenantId: row.tenantId };
  }

  /** Mails already read, so each test reads the PIN it asked for. */
  const used = new Set<object>();

  /** Asks for a PIN by e-mail and reads it from the mail that arrived. */
  async function pinByEmail(account: { pastelCustomerAccount: string; emailAddress: string }) {
    const res = await post("PreRegisterUser", {
      ...account,
      sendOtpViaEmail: true,
      otpEmailAddress: account.emailAddress,
    });
    expect(res.statusCode).toBe(200);
    const { otpKey } = res.json();
    await t.outbox.drain();
    const mail = await smtp.waitForMail(
      (m) =>
        m.to.includes(account.emailAddress) && m.text.includes(account.pastelCustomerAccount) && !used.has(m),
    );
    used.add(mail);
    const pin = /\b(\d{6})\b/.exec(mail.text)![1]!;
    return { otpKey: otpKey as string, pin };
  }

  const registration = (
    account: { pastelCustomerAccount: string; emailAddress: string },
    otp: { otpKey: string; pin: string },
    overrides = {},
  ) => ({
    username: account.emailAddress,
    firstname: "Lerato",
    lastname: "Molefe",
    email: account.emailAddress,
    password: GOOD_PASSWORD,
    customerAccount: account.pastelCustomerAccount,
    otpKey: otp.otpKey,
    otpPin: otp.pin,
    ...overrides,
  });

  describe("POST /api/Users/GetUserOtpDetails", () => {
    it("shows the account's cellphone number and e-mail address, masked", async () => {
      const res = await post("GetUserOtpDetails", {
        pastelCustomerAccount: "cus0003",
        emailAddress: "NewShop@Demo.Shop",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: "Choose where we should send your PIN.",
        pastelCustomerAccount: "CUS0003",
        cellphoneNumbers: ["+27*****0003"],
        emailAddresses: ["ne*****@demo.shop"],
      });
    });

    it("answers an e-mail address that is not the account's with a clear problem, and an unknown account the same way", async () => {
      const mismatched = await post("GetUserOtpDetails", {
        pastelCustomerAccount: "CUS0003",
        emailAddress: "someone@else.test",
      });
      const unknown = await post("GetUserOtpDetails", {
        pastelCustomerAccount: "CUS9999",
        emailAddress: "someone@else.test",
      });
      for (const res of [mismatched, unknown]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe("not_found");
        expect(res.json().errors.emailAddress[0]).toMatch(/Use the e-mail address on your customer account/);
      }
    });

    it("refuses an account that already has a user (409)", async () => {
      const res = await post("GetUserOtpDetails", {
        pastelCustomerAccount: "CUS0001",
        emailAddress: "orders.traderswholesale@demo.shop",
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("account_has_user");
      expect(res.json().title).toMatch(/CUS0001 already has a user/);
    });

    it("looks only in the tenant named by a TenantId header", async () => {
      expect((await post("GetUserOtpDetails", NEW_SHOP, "coastal")).statusCode).toBe(404);
      expect((await post("GetUserOtpDetails", NEW_SHOP, "gauteng")).statusCode).toBe(200);
    });

    it("names the fields of an incomplete request", async () => {
      const res = await post("GetUserOtpDetails", {
        pastelCustomerAccount: "",
        emailAddress: "not-an-address",
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(["emailAddress", "pastelCustomerAccount"]);
    });
  });

  describe("POST /api/Users/PreRegisterUser", () => {
    it("e-mails a 6-digit PIN to the address on the account and stores only its hash", async () => {
      const res = await post("PreRegisterUser", {
        ...NEW_SHOP,
        sendOtpViaEmail: true,
        otpEmailAddress: "ne*****@demo.shop",
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: expect.stringMatching(/^OTP SENT to ne\*+@demo\.shop/),
      });
      expect(body.otpKey).toMatch(/^[0-9a-f-]{36}$/);
      await t.outbox.drain();
      const mail = await smtp.waitForMail((m) => m.text.includes("CUS0003"));
      expect(mail.to).toEqual(["newshop@demo.shop"]);
      expect(mail.subject).toBe("Your Trade Shop registration PIN");
      const pin = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const stored = await t.database.db
        .selectFrom("otpRequests")
        .selectAll()
        .where("otpKey", "=", body.otpKey)
        .executeTakeFirstOrThrow();
      expect(stored.pinHash).not.toContain(pin);
      expect(stored.pinHash).toMatch(/^\$argon2id\$/);
      const minutes = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000;
      expect(minutes).toBeCloseTo(10, 1);
      used.add(mail);
    });

    it("only sends to numbers and addresses on the account", async () => {
      const sms = await post("PreRegisterUser", {
        ...NEW_SHOP,
        sendOtpViaSms: true,
        otpSMSNumber: "+27831234567",
      });
      expect(sms.statusCode).toBe(400);
      expect(sms.json().errors.otpSMSNumber).toEqual(["Choose one of the cellphone numbers on your account"]);
      const email = await post("PreRegisterUser", {
        ...NEW_SHOP,
        sendOtpViaEmail: true,
        otpEmailAddress: "attacker@evil.test",
      });
      expect(email.statusCode).toBe(400);
      expect(email.json().errors.otpEmailAddress).toEqual([
        "Choose one of the e-mail addresses on your account",
      ]);
    });

    it("needs a way to send the PIN", async () => {
      const res = await post("PreRegisterUser", NEW_SHOP);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.sendOtpViaSms).toEqual(["Choose how to receive your PIN"]);
    });

    it("refuses an account that already has a user (409)", async () => {
      const res = await post("PreRegisterUser", {
        pastelCustomerAccount: "CUS0002",
        emailAddress: "spazacornerstore@demo.shop",
        sendOtpViaEmail: true,
        otpEmailAddress: "spazacornerstore@demo.shop",
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.pastelCustomerAccount).toEqual(["Account CUS0002 already has a user"]);
    });
  });

  describe("POST /api/Users/RegisterExternalUser", () => {
    it("refuses a wrong PIN, counting down the tries, then registers the account's user with the right one", async () => {
      const otp = await pinByEmail(NEW_SHOP);
      const wrongPin = otp.pin === "000000" ? "111111" : "000000";
      const wrong = await post("RegisterExternalUser", registration(NEW_SHOP, otp, { otpPin: wrongPin }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.otpPin).toEqual(["The PIN is incorrect. You have 4 tries left."]);

      const res = await post(
        "RegisterExternalUser",
        registration(NEW_SHOP, otp, { username: "ignored-name" }),
      );
      expect(res.statusCode).toBe(200);
      const user = res.json();
      expect(user).toMatchObject({
        username: "newshop@demo.shop",
        email: "newshop@demo.shop",
        firstname: "Lerato",
        lastname: "Molefe",
        roles: ["Customer"],
        tenants: ["gauteng"],
        customerAccount: "CUS0003",
        isActive: true,
        isActiveDirectoryUser: false,
        createdBy: "self-registration",
      });

      // The web app logs the new user straight in with the e-mail address and password.
      const login = await t.request({
        method: "POST",
        url: "/api/Users/AuthenticateUsingEmail",
        body: { username: "newshop@demo.shop", password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().token;
      expect(decodeJwt(token)).toMatchObject({
        sub: "newshop@demo.shop",
        roles: ["Customer"],
        tenants: ["gauteng"],
      });
      expect(await t.login("newshop@demo.shop", GOOD_PASSWORD)).toBeTruthy();
      const details = await t.request({ method: "POST", url: "/api/Users/GetCustomerDetails", token });
      expect(details.json().accountId).toBe("CUS0003");

      const again = await post("RegisterExternalUser", registration(NEW_SHOP, otp));
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.otpKey).toEqual([
        "This PIN was already used, or replaced by a newer one. Request a new PIN.",
      ]);
      expect(
        (
          await post("PreRegisterUser", {
            ...NEW_SHOP,
            sendOtpViaEmail: true,
            otpEmailAddress: NEW_SHOP.emailAddress,
          })
        ).statusCode,
      ).toBe(409);
    });

    it("allows 5 tries: after 5 wrong PINs even the right one is refused", async () => {
      const account = await unregisteredAccount("CUS0004");
      const otp = await pinByEmail(account);
      const wrongPin = otp.pin === "999999" ? "888888" : "999999";
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await post("RegisterExternalUser", registration(account, otp, { otpPin: wrongPin }));
        expect(res.statusCode).toBe(400);
        answers.push(res.json().errors.otpPin[0]);
      }
      expect(answers).toEqual([
        "The PIN is incorrect. You have 4 tries left.",
        "The PIN is incorrect. You have 3 tries left.",
        "The PIN is incorrect. You have 2 tries left.",
        "The PIN is incorrect. You have 1 try left.",
        "Too many wrong PINs (5 tries). Request a new PIN.",
      ]);
      const right = await post("RegisterExternalUser", registration(account, otp));
      expect(right.statusCode).toBe(400);
      expect(right.json().errors.otpPin).toEqual(["Too many wrong PINs (5 tries). Request a new PIN."]);
    });

    it("refuses an expired PIN", async () => {
      const account = await unregisteredAccount("CUS0005");
      const otp = await pinByEmail(account);
      await t.database.db
        .updateTable("otpRequests")
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where("otpKey", "=", otp.otpKey)
        .execute();
      const res = await post("RegisterExternalUser", registration(account, otp));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.otpPin).toEqual([
        "This PIN has expired (PINs are valid for 10 minutes). Request a new PIN.",
      ]);
    });

    it("accepts only the newest PIN of an account", async () => {
      const account = await unregisteredAccount("CUS0006");
      const first = await pinByEmail(account);
      const second = await pinByEmail(account);
      const old = await post("RegisterExternalUser", registration(account, first));
      expect(old.statusCode).toBe(400);
      expect(old.json().errors.otpKey[0]).toMatch(/replaced by a newer one/);
      expect((await post("RegisterExternalUser", registration(account, second))).statusCode).toBe(200);
    });

    it("applies the password rules before spending a try", async () => {
      const account = await unregisteredAccount("CUS0007");
      const otp = await pinByEmail(account);
      const common = await post(
        "RegisterExternalUser",
        registration(account, otp, { password: "Password123" }),
      );
      expect(common.statusCode).toBe(400);
      expect(common.json().errors.password).toEqual([
        "This password is too common. Choose one that is harder to guess",
      ]);
      const short = await post("RegisterExternalUser", registration(account, otp, { password: "Short-1" }));
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.password).toEqual(["Password must be at least 10 characters"]);
      const own = await post(
        "RegisterExternalUser",
        registration(account, otp, { password: account.emailAddress }),
      );
      expect(own.json().errors.password).toEqual(["Password must not be your username or e-mail address"]);
      const stored = await t.database.db
        .selectFrom("otpRequests")
        .select("attempts")
        .where("otpKey", "=", otp.otpKey)
        .executeTakeFirstOrThrow();
      expect(stored.attempts).toBe(0);
    });

    it("refuses another e-mail address or account than the PIN was sent for, and an unknown PIN request", async () => {
      const account = await unregisteredAccount("CUS0008");
      const otp = await pinByEmail(account);
      const otherEmail = await post(
        "RegisterExternalUser",
        registration(account, otp, { email: "other@demo.shop" }),
      );
      expect(otherEmail.statusCode).toBe(400);
      expect(otherEmail.json().errors.email).toEqual(["Use the e-mail address you requested the PIN with"]);
      const otherAccount = await post(
        "RegisterExternalUser",
        registration(account, otp, { customerAccount: "CUS0003" }),
      );
      expect(otherAccount.statusCode).toBe(400);
      expect(otherAccount.json().errors.customerAccount[0]).toMatch(/sent for another account/);
      for (const otpKey of ["not-a-key", "00000000-0000-4000-8000-000000000000"]) {
        const unknown = await post("RegisterExternalUser", registration(account, otp, { otpKey }));
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().errors.otpKey).toEqual(["This PIN request is not known. Request a new PIN."]);
      }
    });
  });
});
