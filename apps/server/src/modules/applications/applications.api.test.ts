// Applying for an account (docs/applications.md) through the API: the PIN, what the contract and
// the server refuse (VAT, CIPC and licence numbers, disguised or oversized files: nothing stored),
// who sees a document (its applicant's link and the tenant's staff only), asking for more and the
// applicant's answer, and approval exactly once, to the back office once and to an Owner who
// accepts the invitation and orders at the approved prices from the approved warehouse.
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Application, ApplicationReceipt, StaffApplication } from "@trade-shop/contracts/applications";
import type { InvitationDetails } from "@trade-shop/contracts/buyers";
import type { z } from "zod";
import { stockOf } from "../../../test/fixtures";
import { fillCart, placeCart } from "../../../test/orders";
import { makeUser } from "../../../test/principals";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { MAX_DOCUMENT_BYTES } from "../catalogue";

type Receipt = z.infer<typeof ApplicationReceipt>;

let t: TestApp;
let staff: string;
let coastalStaff: string;
let trader: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login("staff");
  trader = await t.login("trader");
  const admin = await t.login("admin");
  coastalStaff = (
    await makeUser(t, admin, { username: "coastal.reviewer", roles: ["Staff"], tenants: ["coastal"] })
  ).token;
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");
const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
const dataUrl = (claimed: string, bytes: Buffer) => `data:${claimed};base64,${bytes.toString("base64")}`;
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a7" } })
    .png()
    .toBuffer();
const inYears = (years: number) => `${new Date().getUTCFullYear() + years}-03-31`;

let applicants = 0;
/** A Soweto spaza's details, each applicant at an address of their own. */
function business(overrides: Record<string, unknown> = {}) {
  applicants += 1;
  return {
    businessName: "Sizwe Trading (Pty) Ltd",
    tradingName: "Sizwe Spaza",
    kind: "Spaza",
    contactName: "Sizwe Themba Dlamini",
    mobile: "082 123 4567",
    email: `applicant.${applicants}@test.shop`,
    address: {
      line1: "12 Vilakazi Street",
      suburb: "Orlando West",
      city: "Soweto",
      province: "Gauteng",
      postalCode: "1804",
    },
    latitude: -26.2385,
    longitude: 27.9085,
    deliveryDay: "Tuesday",
    vatNumber: "4123456789",
    companyRegistration: "2015/123456/07",
    liquorLicence: null,
    ...overrides,
  };
}

type Business = ReturnType<typeof business>;

const idDocument = () => ({ kind: "id", fileName: "id.pdf", file: dataUrl("application/pdf", PDF) });
const credit = {
  requestedLimit: 20_000,
  bankName: "FNB",
  accountHolder: "Sizwe Trading (Pty) Ltd",
  tradeReferences: [{ name: "Soweto Cash & Carry", phone: "011 123 4567" }],
  consent: true,
};

/** The text of the e-mail queued under `key`. */
async function mailText(key: string): Promise<{ to: string; subject: string; text: string }> {
  const row = await db()
    .selectFrom("outbox")
    .select(["topic", "payload"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirstOrThrow();
  expect(row.topic).toBe("messaging.email");
  return row.payload as { to: string; subject: string; text: string };
}

/** Asks for a PIN for the address and reads it from the queued e-mail, as the applicant would. */
async function pinFor(email: string) {
  const res = await t.request({ method: "POST", url: "/api/Applications/Pin", body: { email } });
  expect(res.statusCode, res.body).toBe(200);
  const { pinKey, sentTo } = res.json() as { pinKey: string; sentTo: string };
  const pin = /\b(\d{6})\b/.exec((await mailText(`application-pin:${pinKey}`)).text)![1]!;
  return { pinKey, pin, sentTo };
}

function submit(body: Record<string, unknown>, headers: { tenantId?: string; token?: string } = {}) {
  return t.request({ method: "POST", url: "/api/Applications", body, ...headers });
}

/** Applies with a fresh PIN; the receipt. */
async function apply(
  fields: { business?: Business; documents?: unknown[]; credit?: unknown } = {},
  headers: { tenantId?: string } = { tenantId: "gauteng" },
): Promise<Receipt> {
  const details = fields.business ?? business();
  const { pinKey, pin } = await pinFor(details.email);
  const res = await submit(
    {
      business: details,
      documents: fields.documents ?? [idDocument()],
      credit: fields.credit ?? null,
      pinKey,
      pin,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function refused(
  res: { statusCode: number; json(): unknown; body: string },
  field: string,
  message: RegExp,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; errors: Record<string, string[]> };
  expect(body.code).toBe("validation");
  expect(body.errors[field]?.[0], JSON.stringify(body.errors)).toMatch(message);
}

const counts = async () =>
  (
    await sql<{ applications: number; documents: number; messages: number }>`SELECT
      (SELECT count(*) FROM account_applications)::int AS applications,
      (SELECT count(*) FROM application_documents)::int AS documents,
      (SELECT count(*) FROM application_messages)::int AS messages`.execute(db())
  ).rows[0]!;

const mine = (token: string | undefined, path = "", method: "GET" | "POST" = "GET", body?: unknown) =>
  t.request({
    method,
    url: `/api/Applications/Mine${path}`,
    ...(token === undefined ? {} : { headers: { "x-application-token": token } }),
    ...(body === undefined ? {} : { body }),
  });

const asStaff = (method: "GET" | "POST", path: string, body?: unknown, token = staff, tenantId = "gauteng") =>
  t.request({
    method,
    url: `/api/Applications${path}`,
    token,
    tenantId,
    ...(body === undefined ? {} : { body }),
  });

describe("POST /api/Applications/Pin", () => {
  it("e-mails a 6-digit PIN to the address and says where, masked; a new PIN replaces the last", async () => {
    const first = await pinFor("Pin.Asker@Test.Shop");
    expect(first.sentTo).toBe("pi*******@test.shop");
    const mail = await mailText(`application-pin:${first.pinKey}`);
    expect(mail).toMatchObject({ to: "pin.asker@test.shop", subject: "Your Trade Shop application PIN" });
    const stored = await db()
      .selectFrom("applicationPins")
      .selectAll()
      .where("pinKey", "=", first.pinKey)
      .executeTakeFirstOrThrow();
    expect(stored.pinHash).not.toContain(first.pin);

    const second = await pinFor("pin.asker@test.shop");
    const res = await submit({
      business: business({ email: "pin.asker@test.shop" }),
      documents: [idDocument()],
      pinKey: first.pinKey,
      pin: first.pin,
    });
    await refused(res, "pinKey", /replaced by a newer one/);
    expect(second.pinKey).not.toBe(first.pinKey);
  });
});

describe("POST /api/Applications refuses what is wrong and stores nothing", () => {
  it("checks VAT numbers: 10 digits starting with 4", async () => {
    const { pinKey, pin } = await pinFor("vat.checker@test.shop");
    const send = (vatNumber: string) =>
      submit({
        business: business({ email: "vat.checker@test.shop", vatNumber }),
        documents: [],
        pinKey,
        pin,
      });
    await refused(await send("5123456789"), "business.vatNumber", /10 digits and starts with 4/);
    await refused(await send("412345678"), "business.vatNumber", /10 digits and starts with 4/);
    await refused(await send("41234567890"), "business.vatNumber", /10 digits and starts with 4/);
    expect((await send("4123456789")).statusCode).toBe(200);
  });

  it("checks CIPC registration numbers: year, six digits and a company type", async () => {
    const { pinKey, pin } = await pinFor("cipc.checker@test.shop");
    const send = (companyRegistration: string) =>
      submit({
        business: business({ email: "cipc.checker@test.shop", companyRegistration }),
        documents: [],
        pinKey,
        pin,
      });
    await refused(await send("2015/12345/07"), "business.companyRegistration", /CIPC certificate/);
    await refused(await send("2015/123456/99"), "business.companyRegistration", /CIPC certificate/);
    await refused(await send("1715/123456/07"), "business.companyRegistration", /CIPC certificate/);
    const ok = await send("2015/123456/07");
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("checks liquor licence numbers and expiry, and wants the licence itself among the documents", async () => {
    const email = "licence.checker@test.shop";
    const { pinKey, pin } = await pinFor(email);
    const licensed = (number: string, expiresOn = inYears(2), documents: unknown[] = [idDocument()]) =>
      submit({
        business: business({ email, kind: "Tavern", liquorLicence: { number, expiresOn } }),
        documents,
        pinKey,
        pin,
      });
    await refused(await licensed("12345"), "business.liquorLicence.number", /as on the licence/);
    await refused(await licensed("GAU-00123-LL"), "business.liquorLicence.number", /as on the licence/);
    await refused(
      await licensed("GAU/00123/LL", "2020-01-31"),
      "business.liquorLicence.expiresOn",
      /expired/,
    );
    const before = await counts();
    await refused(await licensed("GAU/00123/LL"), "documents", /liquor licence/);
    expect(await counts()).toEqual(before);

    const res = await licensed("gau/00123/ll", inYears(2), [
      idDocument(),
      { kind: "liquor_licence", fileName: "licence.pdf", file: dataUrl("application/pdf", PDF) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Receipt).application.business.liquorLicence).toEqual({
      number: "GAU/00123/LL",
      expiresOn: inYears(2),
    });
  });

  it("checks the cellphone number, the pin's place and the postal code", async () => {
    const send = (overrides: Record<string, unknown>) =>
      submit({ business: business(overrides), documents: [], pinKey: "not-sent", pin: "123456" });
    await refused(await send({ mobile: "12345" }), "business.mobile", /cellphone number/);
    await refused(await send({ latitude: 51.5, longitude: -0.12 }), "business.latitude", /South Africa/);
    await refused(
      await send({
        address: { line1: "1 Main Road", city: "Soweto", province: "Gauteng", postalCode: "18" },
      }),
      "business.address.postalCode",
      /4 digits/,
    );
  });

  it("refuses a wrong PIN, counting the tries, and a PIN sent to another address", async () => {
    const details = business();
    const { pinKey, pin } = await pinFor(details.email);
    const before = await counts();
    const wrong = pin === "000000" ? "111111" : "000000";
    await refused(
      await submit({ business: details, documents: [idDocument()], pinKey, pin: wrong }),
      "pin",
      /^The PIN is incorrect\. You have 4 tries left\.$/,
    );
    await refused(
      await submit({ business: business(), documents: [idDocument()], pinKey, pin }),
      "business.email",
      /the PIN was sent to/,
    );
    await refused(
      await submit({ business: details, documents: [], pinKey: "5f0c7a52-8d7e-4c4b-9a8e-0d1f2e3a4b5c", pin }),
      "pinKey",
      /not known/,
    );
    expect(await counts()).toEqual(before);
    // The right PIN still works, once.
    expect((await submit({ business: details, documents: [], pinKey, pin })).statusCode).toBe(200);
    await refused(await submit({ business: details, documents: [], pinKey, pin }), "pinKey", /already used/);
  });

  it("refuses a disguised file (an HTML page named .pdf), a picture that is none and a file over 5 MB, storing nothing", async () => {
    const details = business();
    const { pinKey, pin } = await pinFor(details.email);
    const before = await counts();
    const send = (documents: unknown[]) => submit({ business: details, documents, pinKey, pin });
    await refused(
      await send([
        idDocument(),
        { kind: "proof_of_address", fileName: "statement.pdf", file: dataUrl("application/pdf", HTML) },
      ]),
      "documents.1.file",
      /not a PDF, or a JPEG, PNG or WebP picture/,
    );
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML]);
    await refused(
      await send([{ kind: "id", fileName: "id.png", file: dataUrl("image/png", fakePng) }]),
      "documents.0.file",
      /could not be read/,
    );
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF.length, 0x20)]);
    await refused(
      await send([{ kind: "id", fileName: "id.pdf", file: dataUrl("application/pdf", big) }]),
      "documents.0.file",
      /larger than 5 MB/,
    );
    expect(await counts()).toEqual(before);
    // None of it spent the PIN.
    const res = await send([idDocument()]);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("an application from submission to the Owner's first order", () => {
  let receipt: Receipt;
  let details: Business;

  beforeAll(async () => {
    details = business({
      kind: "Tavern",
      liquorLicence: { number: "GAU/04321/LL", expiresOn: inYears(2) },
    });
    receipt = await apply({
      business: details,
      documents: [
        idDocument(),
        {
          kind: "proof_of_address",
          fileName: "C:\\scans\\municipal bill.png",
          file: dataUrl("image/jpeg", await png()),
        },
        { kind: "liquor_licence", fileName: "licence.pdf", file: dataUrl("application/pdf", PDF) },
      ],
      credit,
    });
  });

  it("stores the application with its documents as their bytes are, the credit consent, and e-mails the status link", async () => {
    const { application, statusToken } = receipt;
    expect(application).toMatchObject({
      status: "New",
      decidedAt: null,
      accountId: null,
      business: { businessName: "Sizwe Trading (Pty) Ltd", mobile: "0821234567", email: details.email },
      credit: {
        requestedLimit: 20_000,
        bankName: "FNB",
        consentText: expect.stringContaining("credit bureau"),
      },
    });
    expect(application.reference).toMatch(/^APP-[0-9A-Z]{6}$/);
    expect(application.documents.map((d) => [d.kind, d.fileName, d.contentType])).toEqual([
      ["id", "id.pdf", "application/pdf"],
      ["proof_of_address", "municipal bill.png", "image/png"],
      ["liquor_licence", "licence.pdf", "application/pdf"],
    ]);
    expect(statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mail = await mailText(`application-received:${application.id}`);
    expect(mail.to).toBe(details.email);
    expect(mail.text).toContain(`/apply/status?token=${statusToken}`);
    expect(mail.text).toContain(application.reference);
    // Only the link's hash is kept.
    const { rows } = await sql<{ found: number }>`
      SELECT count(*)::int AS found FROM application_status_tokens t JOIN account_applications a ON a.id = t.application_id
       WHERE a.id = ${application.id} AND t.token_hash <> ${statusToken}`.execute(db());
    expect(rows[0]!.found).toBe(1);
    const own = await mine(statusToken);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Application).reference).toBe(application.reference);
  });

  it("gives a document only to its applicant's link and the tenant's staff", async () => {
    const { application, statusToken } = receipt;
    const other = await apply();
    const document = application.documents[1]!;
    const byLink = (token?: string) => mine(token, `/Documents/${document.id}`);

    const own = await byLink(statusToken);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    expect(own.headers["content-disposition"]).toBe(
      `attachment; filename="${application.reference}-${document.id}-municipal_bill.png"`,
    );
    expect(own.headers["cache-control"]).toBe("no-store");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.rawPayload.equals(await png())).toBe(true);

    for (const res of [await byLink(), await byLink(other.statusToken), await byLink("x".repeat(43))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("not_found");
    }
    // Another application's document, by this application's link: not found either.
    const theirs = other.application.documents[0]!;
    expect((await mine(statusToken, `/Documents/${theirs.id}`)).statusCode).toBe(404);

    const staffPath = `/${application.id}/Documents/${document.id}`;
    expect((await asStaff("GET", staffPath)).statusCode).toBe(200);
    expect((await asStaff("GET", staffPath, undefined, coastalStaff, "coastal")).statusCode).toBe(404);
    // The staff route names the application: a document of another is not found under it.
    expect((await asStaff("GET", `/${other.application.id}/Documents/${document.id}`)).statusCode).toBe(404);
    const customer = await asStaff("GET", staffPath, undefined, trader);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().code).toBe("forbidden");
    expect((await t.request({ method: "GET", url: `/api/Applications${staffPath}` })).statusCode).toBe(401);
  });

  it("offers staff the tenant's price lists and the warehouses nearest the pin first", async () => {
    const res = await asStaff("GET", `/${receipt.application.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { choices } = res.json() as StaffApplication;
    const lists = await db()
      .selectFrom("priceLists")
      .select(["id", "name"])
      .where("tenantId", "=", "gauteng")
      .execute();
    expect(choices.priceLists.map((p) => p.id).sort()).toEqual(lists.map((p) => p.id).sort());
    expect(choices.warehouses.map((w) => w.code)).toEqual(["JHB", "PTA", "PLK", "BFN", "DBN", "GQB", "CPT"]);
    // As the crow flies from Orlando West: Johannesburg's centre, Pretoria's, Cape Town's.
    expect(choices.warehouses.map((w) => w.distanceKm)).toEqual([
      14.4,
      63.3,
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      1249.1,
    ]);
    for (const w of choices.warehouses) expect(Math.round(w.distanceKm! * 10) / 10).toBe(w.distanceKm);

    const foreign = await asStaff("GET", `/${receipt.application.id}`, undefined, coastalStaff, "coastal");
    expect(foreign.statusCode).toBe(404);
  });

  it("lets staff ask for more (e-mail with a new link, SMS without one) and the applicant answer, add a document and credit", async () => {
    const { application, statusToken } = receipt;
    const asked = await asStaff("POST", `/${application.id}/AskForInformation`, {
      text: "Please send a clearer copy of your ID.",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const staffView = asked.json() as StaffApplication;
    expect(staffView.status).toBe("More information needed");
    expect(staffView.messages).toEqual([
      {
        from: "Staff",
        text: "Please send a clearer copy of your ID.",
        at: expect.any(String),
        by: expect.any(String),
      },
    ]);

    const question = await db()
      .selectFrom("outbox")
      .select(["topic", "idempotencyKey", "payload"])
      .where("idempotencyKey", "like", "application-question:%")
      .execute();
    const email = question.find((q) => q.topic === "messaging.email")!.payload as {
      to: string;
      text: string;
    };
    const sms = question.find((q) => q.topic === "messaging.sms")!.payload as { to: string; text: string };
    expect(email.to).toBe(details.email);
    expect(email.text).toContain("Please send a clearer copy of your ID.");
    const link = /\/apply\/status\?token=([A-Za-z0-9_-]+)/.exec(email.text)![1]!;
    expect(link).not.toBe(statusToken);
    expect(sms).toMatchObject({ to: "+27821234567" });
    expect(sms.text).toContain(application.reference);
    expect(sms.text).not.toContain("token");
    // Both links open the application.
    expect((await mine(link)).json().status).toBe("More information needed");

    const replied = await mine(statusToken, "/Reply", "POST", { text: "Sent a new scan." });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({
      status: "New",
      messages: [{ from: "Staff" }, { from: "Applicant", text: "Sent a new scan.", by: null }],
    });
    const added = await mine(link, "/Documents", "POST", {
      documents: [{ kind: "id", fileName: "id-clear.pdf", file: dataUrl("application/pdf", PDF) }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Application).documents).toHaveLength(4);
    const withCredit = await mine(statusToken, "/Credit", "POST", {
      credit: { ...credit, requestedLimit: 25_000 },
    });
    expect(withCredit.statusCode, withCredit.body).toBe(200);
    expect((withCredit.json() as Application).credit).toMatchObject({ requestedLimit: 25_000 });
    const disguised = await mine(statusToken, "/Documents", "POST", {
      documents: [{ kind: "id", fileName: "id.pdf", file: dataUrl("application/pdf", HTML) }],
    });
    await refused(disguised, "documents.0.file", /not a PDF/);
    expect((await mine(statusToken)).json().documents).toHaveLength(4);
  });

  it("refuses liquor for an account whose application has no licence, and a price list of another tenant", async () => {
    const plain = await apply();
    const [gauteng] = await db()
      .selectFrom("priceLists")
      .select("id")
      .where("tenantId", "=", "gauteng")
      .execute();
    const [coastal] = await db()
      .selectFrom("priceLists")
      .select("id")
      .where("tenantId", "=", "coastal")
      .execute();
    const approve = (body: object) => asStaff("POST", `/${plain.application.id}/Approve`, body);
    const choice = { priceListId: gauteng!.id, warehouseCode: "JHB", creditLimit: 5000, liquor: false };
    await refused(await approve({ ...choice, liquor: true }), "liquor", /no liquor licence/);
    await refused(await approve({ ...choice, priceListId: coastal!.id }), "priceListId", /price lists/);
    await refused(await approve({ ...choice, warehouseCode: "XXX" }), "warehouseCode", /warehouses/);
    expect((await mine(plain.statusToken)).json().status).toBe("New");
  });

  it("approves once: two at once make one account, one back-office report and one Owner invitation", async () => {
    const { application, statusToken } = receipt;
    const priceList = await db()
      .selectFrom("priceLists")
      .select(["id", "name"])
      .where("tenantId", "=", "gauteng")
      .where("name", "=", "Spaza Saver")
      .executeTakeFirstOrThrow();
    const body = { priceListId: priceList.id, warehouseCode: "PTA", creditLimit: 20_000, liquor: true };
    const answers = await Promise.all([
      asStaff("POST", `/${application.id}/Approve`, body),
      asStaff("POST", `/${application.id}/Approve`, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const conflict = answers.find((a) => a.statusCode === 409)!.json();
    expect(conflict).toMatchObject({
      code: "application_decided",
      status: 409,
      applicationStatus: "Approved",
    });
    const approved = answers.find((a) => a.statusCode === 200)!.json() as StaffApplication;
    expect(approved).toMatchObject({
      status: "Approved",
      decidedBy: expect.any(String),
      declineReason: null,
    });
    const accountId = approved.accountId!;
    expect(accountId).toMatch(/^CUS\d{4,}$/);

    const customers = await db()
      .selectFrom("customers")
      .selectAll()
      .where("contactEmail", "=", details.email)
      .execute();
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      tenantId: "gauteng",
      accountId,
      name: "Sizwe Trading (Pty) Ltd t/a Sizwe Spaza",
      address1: "12 Vilakazi Street",
      address2: "Orlando West",
      address3: "Soweto",
      address4: "Gauteng",
      addressPc: "1804",
      contactName: "Sizwe Themba Dlamini",
      contactCellphone: "+27821234567",
      taxNumber: "4123456789",
      registrationNumber: "2015/123456/07",
      pricelistId: priceList.id,
      stockingWarehouseCode: "PTA",
      creditLimitCents: 2_000_000,
      dcBalanceCents: 0,
      paymentTermsDays: 30,
      isLiquorCustomer: true,
      liquorLicenceNumber: "GAU/04321/LL",
      nominatedDeliveryDate: "Tuesday",
      active: true,
    });
    const { rows: licences } = await sql<{ expiresOn: string }>`
      SELECT liquor_licence_expires_on::text AS expires_on FROM customers WHERE id = ${customers[0]!.id}`.execute(
      db(),
    );
    expect(licences[0]!.expiresOn).toBe(inYears(2));
    // No other tenant has the number either.
    expect(
      await db().selectFrom("customers").select("id").where("accountId", "=", accountId).execute(),
    ).toHaveLength(1);

    const reports = await db()
      .selectFrom("outbox")
      .select(["idempotencyKey", "payload", "orderingKey"])
      .where("topic", "=", "backoffice.account")
      .execute();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      idempotencyKey: `account:${accountId}`,
      orderingKey: `customer:gauteng:${customers[0]!.id}`,
      payload: {
        idempotencyKey: `account:${accountId}`,
        accountId,
        tenantId: "gauteng",
        priceListName: "Spaza Saver",
        warehouseCode: "PTA",
        creditLimit: 20_000,
        liquorLicence: { number: "GAU/04321/LL" },
        applicationReference: application.reference,
      },
    });
    const invitations = await db()
      .selectFrom("accountInvitations")
      .selectAll()
      .where("customerId", "=", customers[0]!.id)
      .execute();
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({
      accountRole: "Owner",
      email: details.email,
      firstname: "Sizwe Themba",
      lastname: "Dlamini",
    });
    expect((await mailText(`application-approved:${application.id}`)).text).toContain(accountId);

    // Decided: the applicant can add nothing more, and staff cannot decide again.
    const late = await mine(statusToken, "/Reply", "POST", { text: "One more thing" });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: "application_decided",
      status: 409,
      applicationStatus: "Approved",
    });
    const decline = await asStaff("POST", `/${application.id}/Decline`, { reason: "Too late" });
    expect(decline.json()).toMatchObject({ code: "application_decided", applicationStatus: "Approved" });
    expect((await mine(statusToken)).json()).toMatchObject({ status: "Approved", accountId });
  });

  it("lets the Owner accept the invitation, log in, and order at the approved price list from the approved warehouse", async () => {
    const { rows } = await sql<{ text: string }>`
      SELECT payload->>'text' AS text FROM outbox
       WHERE idempotency_key LIKE 'invitation:%' AND payload->>'to' = ${details.email}`.execute(db());
    expect(rows).toHaveLength(1);
    const token = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(rows[0]!.text)![1]!;

    const shown = await t.request({ method: "GET", url: `/api/Account/Invitation?token=${token}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json() as InvitationDetails).toMatchObject({
      accountName: "Sizwe Trading (Pty) Ltd t/a Sizwe Spaza",
      accountRole: "Owner",
      email: details.email,
      firstname: "Sizwe Themba",
    });
    const password = "Sizwe-Spaza-Soweto-2026";
    const accepted = await t.request({
      method: "POST",
      url: "/api/Account/AcceptInvitation",
      body: { token, firstname: "Sizwe", lastname: "Dlamini", password },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const owner = await t.login(details.email, password);

    const customer = await db()
      .selectFrom("customers")
      .select(["id", "pricelistId", "stockingWarehouseCode"])
      .where("contactEmail", "=", details.email)
      .executeTakeFirstOrThrow();
    const membership = await t.request({ method: "GET", url: "/api/Account/Membership", token: owner });
    expect(membership.json()).toMatchObject({ accountRole: "Owner" });

    // A product without a deal whose price on the approved list is not its own list price.
    const { rows: skus } = await sql<{ skuCode: string; priceCents: number }>`
      SELECT p.sku_code, plp.list_price_cents AS price_cents
        FROM products p
        JOIN price_list_prices plp ON plp.sku_code = p.sku_code AND plp.price_list_id = ${customer.pricelistId}
        JOIN stock s ON s.sku_code = p.sku_code AND s.warehouse_code = 'PTA'
       WHERE p.active AND NOT p.is_liquor AND s.on_hand >= 10 AND plp.list_price_cents <> p.list_price_cents
         AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.sku_code = p.sku_code AND d.tenant_id = 'gauteng'
                          AND d.starts_at <= now() AND d.ends_at > now())
       ORDER BY p.sku_code LIMIT 1`.execute(db());
    const sku = skus[0]!;
    expect(sku).toBeDefined();
    expect(customer.stockingWarehouseCode).toBe("PTA");
    const before = await stockOf(db(), "PTA", sku.skuCode);
    const elsewhere = await stockOf(db(), "JHB", sku.skuCode);

    const cart = await fillCart(t, owner, [[sku.skuCode, 2]]);
    expect(cart.cartItems[0]!.unitPriceExcl).toBe(Number(sku.priceCents) / 100);
    const order = await placeCart(t, owner, cart);
    expect(order.orderLines[0]).toMatchObject({ productId: sku.skuCode, quantity: 2 });
    expect(order.orderLines[0]!.unitPriceExcl).toBe(Number(sku.priceCents) / 100);
    expect(await stockOf(db(), "PTA", sku.skuCode)).toBe(before - 2);
    expect(await stockOf(db(), "JHB", sku.skuCode)).toBe(elsewhere);
  });
});

describe("staff's list and declining", () => {
  it("lists the tenant's applications by status, the longest waiting first, and declines with the reason e-mailed", async () => {
    const first = await apply();
    const second = await apply();
    const list = async (query = "", token = staff, tenantId = "gauteng") => {
      const res = await asStaff("GET", query, undefined, token, tenantId);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { id: number; status: string }[] }).items;
    };
    const waiting = await list("?status=New");
    expect(waiting.every((a) => a.status === "New")).toBe(true);
    const ids = waiting.map((a) => a.id);
    expect(ids.indexOf(first.application.id)).toBeLessThan(ids.indexOf(second.application.id));
    expect((await list("", coastalStaff, "coastal")).map((a) => a.id)).not.toContain(first.application.id);

    const declined = await asStaff("POST", `/${first.application.id}/Decline`, {
      reason: "We do not deliver to this area yet.",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: "Declined",
      declineReason: "We do not deliver to this area yet.",
    });
    const mail = await mailText(`application-declined:${first.application.id}`);
    expect(mail.text).toContain("We do not deliver to this area yet.");
    const all = await list();
    // Undecided before decided.
    expect(all.findIndex((a) => a.id === second.application.id)).toBeLessThan(
      all.findIndex((a) => a.id === first.application.id),
    );
    const again = await asStaff("POST", `/${first.application.id}/Approve`, {
      priceListId: 1,
      warehouseCode: "JHB",
      creditLimit: 0,
      liquor: false,
    });
    expect(again.json()).toMatchObject({ code: "application_decided", applicationStatus: "Declined" });
    const late = await mine(first.statusToken, "/Credit", "POST", { credit });
    expect(late.json()).toMatchObject({ code: "application_decided", applicationStatus: "Declined" });
  });

  it("gives an application without a TenantId to the tenant that serves the pin's region", async () => {
    const durban = await apply(
      {
        business: business({
          address: { line1: "5 Florida Road", city: "Durban", province: "KwaZulu-Natal", postalCode: "4001" },
          latitude: -29.8333,
          longitude: 31.0167,
        }),
      },
      {},
    );
    const row = await db()
      .selectFrom("accountApplications")
      .select("tenantId")
      .where("id", "=", durban.application.id)
      .executeTakeFirstOrThrow();
    expect(row.tenantId).toBe("coastal");
    expect((await asStaff("GET", `/${durban.application.id}`)).statusCode).toBe(404);
    expect(
      (await asStaff("GET", `/${durban.application.id}`, undefined, coastalStaff, "coastal")).statusCode,
    ).toBe(200);
    const soweto = await apply({}, {});
    expect((await asStaff("GET", `/${soweto.application.id}`)).statusCode).toBe(200);
    const unknown = await submit(
      { business: business(), documents: [], pinKey: "not-sent", pin: "123456" },
      { tenantId: "nowhere" },
    );
    expect(unknown.statusCode).toBe(400);
  });
});
