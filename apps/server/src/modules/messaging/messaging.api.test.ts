import { createServer, type IncomingMessage, type Server } from "node:http";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, startSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { createTestApp, type TestApp } from "../../../test/test-app";

const requestReset = (t: TestApp, emailAddress: string) =>
  t.request({ method: "POST", url: "/api/Users/RequestPasswordReset", body: { emailAddress } });

const outboxRows = (t: TestApp) =>
  t.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("topic", "like", "messaging.%")
    .orderBy("id")
    .execute();

const makeAllDue = (t: TestApp) =>
  t.database.db
    .updateTable("outbox")
    .set({ availableAt: sql`now()` })
    .execute();

describe("e-mail in demo mode without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("records the message instead of sending it, and lists it at /dev/mailbox newest first", async () => {
    // One sent after the other: a drain of both may send them side by side, in either order.
    expect((await requestReset(t, "trader@demo.shop")).statusCode).toBe(200);
    expect(await t.outbox.drain()).toEqual({ done: 1, retried: 0, parked: 0 });
    expect((await requestReset(t, "spaza@demo.shop")).statusCode).toBe(200);
    expect(await t.outbox.drain()).toEqual({ done: 1, retried: 0, parked: 0 });

    const res = await t.request({ method: "GET", url: "/dev/mailbox?format=json" });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { recipient: string }) => m.recipient)).toEqual([
      "spaza@demo.shop",
      "trader@demo.shop",
    ]);
    expect(messages[0]).toMatchObject({
      channel: "email",
      delivery: "recorded",
      subject: "Reset your Trade Shop password",
    });
    expect(messages[0].body).toContain("/auth/reset-password?hash=");
  });

  it("shows the mailbox as a readable page with clickable links and escaped text", async () => {
    await t.database.db
      .insertInto("sentMessages")
      .values({
        channel: "email",
        recipient: "x@demo.shop",
        subject: "<b>not bold</b>",
        body: "Open http://localhost:3000/a?b=1 now",
      })
      .execute();
    const res = await t.request({ method: "GET", url: "/dev/mailbox", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<h1>Mailbox</h1>");
    expect(res.body).toMatch(/<time datetime="[^"]+">\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}<\/time>/);
    expect(res.body).toContain("&lt;b&gt;not bold&lt;/b&gt;");
    expect(res.body).toContain('<a href="http://localhost:3000/a?b=1">');
    expect(res.body.indexOf("x@demo.shop")).toBeLessThan(res.body.indexOf("spaza@demo.shop"));
  });
});

describe("e-mail outside demo mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production", JWT_SECRET: "s".repeat(40) } });
  });
  afterAll(() => t.close());

  it("has no mailbox", async () => {
    const res = await t.request({ method: "GET", url: "/dev/mailbox" });
    expect(res.statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/dev/mailbox?format=json" })).statusCode).toBe(404);
  });

  it("refuses to promise an e-mail it cannot send (503), whatever the address", async () => {
    for (const address of ["trader@demo.shop", "nobody@nowhere.test"]) {
      const res = await requestReset(t, address);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("service_unavailable");
    }
    expect(await outboxRows(t)).toEqual([]);
  });
});

describe("e-mail through SMTP", () => {
  let t: TestApp;
  let smtp: TestSmtpServer | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: "Trade Shop <shop@tradeshop.test>",
        OUTBOX_MAX_ATTEMPTS: "2",
      },
    });
  });
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
    await t.database.db.deleteFrom("sentMessages").execute();
  });
  afterAll(() => t.close());

  it("retries while the SMTP server is down and delivers exactly once when it is back", async () => {
    expect((await requestReset(t, "spaza@demo.shop")).statusCode).toBe(200);
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    const [waiting] = await outboxRows(t);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpServer({ port });
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 0, parked: 0 });
    await makeAllDue(t);
    expect(await t.outbox.drain()).toEqual({ done: 1, retried: 0, parked: 0 });
    await makeAllDue(t);
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 0, parked: 0 });

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail).toMatchObject({
      from: "shop@tradeshop.test",
      to: ["spaza@demo.shop"],
      subject: "Reset your Trade Shop password",
    });
    expect(mail.text).toMatch(/\/auth\/reset-password\?hash=[\w-]{40,}/);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@trade-shop>$/);
    const sent = await t.database.db.selectFrom("sentMessages").selectAll().execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: "email",
      recipient: "spaza@demo.shop",
      delivery: "smtp",
      outboxId: waiting!.id,
    });
  });

  it("parks a message the server keeps refusing, with the server's answer", async () => {
    smtp = await startSmtpServer({ port, rejectRecipients: true });
    expect((await requestReset(t, "trader@demo.shop")).statusCode).toBe(200);
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    await makeAllDue(t);
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 0, parked: 1 });
    const parked = (await outboxRows(t)).at(-1)!;
    expect(parked).toMatchObject({ status: "parked", attempts: 2 });
    expect(parked.lastError).toMatch(/550/);
    expect(smtp.mails).toEqual([]);
    expect(await t.database.db.selectFrom("sentMessages").select("id").execute()).toEqual([]);
  });
});

describe("SMS through the HTTP provider", () => {
  let t: TestApp;
  let provider: Server;
  const received: {
    headers: IncomingMessage["headers"];
    body: { to: string; message: string; reference: string };
  }[] = [];
  let answer = 503;

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body: JSON.parse(body) });
        res
          .writeHead(answer, { "content-type": "application/json" })
          .end(JSON.stringify({ ok: answer === 200 }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", () => resolve()));
    const address = provider.address();
    const port = typeof address === "object" && address ? address.port : 0;
    t = await createTestApp({
      env: { SMS_URL: `http://127.0.0.1:${port}/messages`, SMS_TOKEN: "sms-token-123" },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it("posts the PIN to the provider with the bearer token, retrying until the provider accepts it", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Users/PreRegisterUser",
      body: {
        pastelCustomerAccount: "CUS0003",
        emailAddress: "newshop@demo.shop",
        sendOtpViaSms: true,
        otpSMSNumber: "+27*****0003",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.outbox.drain()).toEqual({ done: 0, retried: 1, parked: 0 });
    expect((await outboxRows(t))[0]!.lastError).toMatch(/SMS provider answered 503/);

    answer = 200;
    await makeAllDue(t);
    expect(await t.outbox.drain()).toEqual({ done: 1, retried: 0, parked: 0 });
    expect(received).toHaveLength(2);
    const last = received[1]!;
    expect(last.headers.authorization).toBe("Bearer sms-token-123");
    expect(last.headers["idempotency-key"]).toBe(last.body.reference);
    expect(last.body.to).toBe("+27820000003");
    expect(last.body.message).toMatch(/registration PIN for account CUS0003 is \d{6}\b/);

    const sent = await t.database.db.selectFrom("sentMessages").selectAll().execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: "sms",
      recipient: "+27820000003",
      delivery: "http",
      subject: null,
    });
  });
});
