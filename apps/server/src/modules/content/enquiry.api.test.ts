import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { ENQUIRY_RATE_LIMITS } from "./enquiry-limits";
import { SALES_SUPPORT_EMAIL } from "./enquiries";

const THANK_YOU = "Thank you for your message. The provider will contact you shortly";

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  name: "Nomsa Dlamini",
  email: "nomsa@spaza.example",
  phone: "+27 82 555 0101",
  customerAccount: "CUS0002",
  message: "Please call me about delivery days for Soweto.",
  ...overrides,
});

const send = (t: TestApp, body: unknown, extra: { token?: string; remoteAddress?: string } = {}) =>
  t.request({ method: "POST", url: "/api/Users/UserEnquiry", body, ...extra });

const enquiries = (t: TestApp) => t.database.db.selectFrom("enquiries").selectAll().orderBy("id").execute();
const queued = (t: TestApp) =>
  t.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("idempotencyKey", "like", "enquiry:%")
    .orderBy("id")
    .execute();

describe("POST /api/Users/UserEnquiry", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores the enquiry, answers with the thank-you envelope and e-mails sales support through the outbox", async () => {
    const res = await send(t, enquiry());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, title: "Message sent", message: THANK_YOU });

    const [row] = await enquiries(t);
    expect(row).toMatchObject({
      name: "Nomsa Dlamini",
      email: "nomsa@spaza.example",
      phone: "+27 82 555 0101",
      customerAccount: "CUS0002",
      message: "Please call me about delivery days for Soweto.",
    });
    const [message] = await queued(t);
    expect(message).toMatchObject({
      topic: "messaging.email",
      idempotencyKey: `enquiry:${row!.id}`,
      status: "pending",
    });

    expect(await t.outbox.drain()).toMatchObject({ done: 1, parked: 0 });
    const sent = await t.database.db
      .selectFrom("sentMessages")
      .selectAll()
      .where("outboxId", "=", message!.id)
      .executeTakeFirstOrThrow();
    expect(sent.recipient).toBe(SALES_SUPPORT_EMAIL);
    expect(sent.subject).toBe(`Website enquiry ${row!.id} from Nomsa Dlamini (CUS0002)`);
    expect(sent.body).toContain("Please call me about delivery days for Soweto.");
    expect(sent.body).toContain("nomsa@spaza.example");
    expect(sent.body).toContain("+27 82 555 0101");
    expect(sent.body).toContain("(not logged in)");
  });

  it("names the logged-in sender and keeps a missing account empty", async () => {
    const token = await t.login("trader");
    const res = await send(t, enquiry({ customerAccount: undefined, email: "trader@demo.shop" }), { token });
    expect(res.statusCode).toBe(200);
    const row = (await enquiries(t)).at(-1);
    expect(row?.customerAccount).toBeNull();
    const message = (await queued(t)).at(-1);
    const payload = message?.payload as { subject: string; text: string };
    expect(payload.subject).toBe(`Website enquiry ${row!.id} from Nomsa Dlamini`);
    expect(payload.text).toMatch(/Logged in as: +trader \(tenant \w+\)/);
  });

  it("keeps a name on one line in the subject", async () => {
    await send(t, enquiry({ name: "Evil\r\nBcc: everyone@example.com" }));
    const payload = (await queued(t)).at(-1)?.payload as { subject: string };
    expect(payload.subject).toMatch(/from Evil Bcc: everyone@example\.com/);
    expect(payload.subject).not.toMatch(/[\r\n]/);
  });

  it("answers a filled-in honeypot the same way but stores and sends nothing", async () => {
    const before = { enquiries: (await enquiries(t)).length, queued: (await queued(t)).length };
    const res = await send(t, enquiry({ website: "http://cheap-pills.example" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, title: "Message sent", message: THANK_YOU });
    expect((await enquiries(t)).length).toBe(before.enquiries);
    expect((await queued(t)).length).toBe(before.queued);
  });

  it("refuses incomplete or malformed input with a 400 problem naming the fields", async () => {
    const before = (await enquiries(t)).length;
    const res = await send(t, { name: " ", email: "not-an-address", phone: "call me", message: "Hi" });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(["email", "message", "name", "phone"]);
    expect(errors.name).toEqual(["Enter your name"]);
    expect((await send(t, "not json")).statusCode).toBe(400);
    expect((await enquiries(t)).length).toBe(before);
  });

  it("needs the request-forgery header like every other command", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Users/UserEnquiry",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(enquiry()),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/Users/UserEnquiry rate limits (AUTH_RATE_LIMIT_FACTOR=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: "1" } });
  });
  afterAll(() => t.close());

  it("limits one client address, whoever the sender claims to be", async () => {
    const { max } = ENQUIRY_RATE_LIMITS.enquiry.perIp;
    for (let i = 0; i < max; i++) {
      expect(
        (await send(t, enquiry({ email: `sender-${i}@spaza.example` }), { remoteAddress: "10.9.0.1" }))
          .statusCode,
      ).toBe(200);
    }
    const limited = await send(t, enquiry({ email: "one-more@spaza.example" }), {
      remoteAddress: "10.9.0.1",
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toContain("application/problem+json");
    expect(limited.json().code).toBe("rate_limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(
      (await send(t, enquiry({ email: "one-more@spaza.example" }), { remoteAddress: "10.9.0.2" })).statusCode,
    ).toBe(200);
  });

  it("limits one sender e-mail address, whichever addresses the messages come from", async () => {
    const { max } = ENQUIRY_RATE_LIMITS.enquiry.perKey;
    for (let i = 0; i < max; i++) {
      expect(
        (await send(t, enquiry({ email: "Busy@Spaza.Example" }), { remoteAddress: `10.9.1.${i + 1}` }))
          .statusCode,
      ).toBe(200);
    }
    const limited = await send(t, enquiry({ email: "busy@spaza.example" }), { remoteAddress: "10.9.2.1" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many messages from this e-mail address/);
    expect(
      (await send(t, enquiry({ email: "calm@spaza.example" }), { remoteAddress: "10.9.2.1" })).statusCode,
    ).toBe(200);
  });
});

describe("POST /api/Users/UserEnquiry without e-mail outside demo mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production", JWT_SECRET: "s".repeat(40) } });
  });
  afterAll(() => t.close());

  it("refuses up front (503) and stores nothing, so nobody waits for a reply that cannot come", async () => {
    const res = await send(t, enquiry());
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("service_unavailable");
    expect(await enquiries(t)).toEqual([]);
    expect(await queued(t)).toEqual([]);
  });
});
