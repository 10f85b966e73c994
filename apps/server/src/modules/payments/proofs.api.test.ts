// Proofs of EFT payments (docs/payments.md) through the API: what a customer may upload (the
// bytes decide, never the claimed type), who may see the file, and staff matching a proof onto
// the ledger exactly once, or rejecting it and telling the account.
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProof } from "@trade-shop/contracts/payments";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { customerOf, extraLogin } from "../../../test/fixtures";
import { MAX_PROOF_BYTES } from "./proofs";

let t: TestApp;
let trader: string;
let spaza: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  trader = await t.login("trader");
  spaza = await t.login("spaza");
  staff = await t.login("staff");
});

afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");
const dataUrl = (claimed: string, bytes: Buffer) => `data:${claimed};base64,${bytes.toString("base64")}`;
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a7" } })
    .png()
    .toBuffer();

const today = () => new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);

function upload(token: string, file: string, fields: Record<string, unknown> = {}) {
  return t.request({
    method: "POST",
    url: "/api/Payments/Proofs",
    token,
    body: { amount: 250, paidOn: today(), fileName: "proof.pdf", file, ...fields },
  });
}

async function submitted(token: string, fields: Record<string, unknown> = {}): Promise<PaymentProof> {
  const res = await upload(token, dataUrl("application/pdf", PDF), fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const proofCount = async () =>
  (
    await t.database.db
      .selectFrom("paymentProofs")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow()
  ).n;

async function refused(res: Awaited<ReturnType<typeof upload>>, field: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; errors: Record<string, string[]> };
  expect(body.code).toBe("validation");
  expect(body.errors[field]?.[0]).toMatch(message);
}

const balanceOf = async (username: string) =>
  Number((await customerOf(t.database.db, username)).dcBalanceCents);

async function owe(username: string, cents: number) {
  const customer = await customerOf(t.database.db, username);
  await sql`UPDATE customers SET dc_balance_cents = ${cents} WHERE id = ${customer.id}`.execute(
    t.database.db,
  );
}

/** Staff work in both tenants; the customers here are Gauteng's, as the web app's TenantId says. */
const tenantOf = (token: string | undefined, tenantId = "gauteng") => (token === staff ? { tenantId } : {});

const decide = (id: number, action: "Match" | "Reject", token = staff, body: object = {}) =>
  t.request({ method: "POST", url: `/api/Payments/Proofs/${id}/${action}`, token, body, ...tenantOf(token) });

const fileOf = (id: number, token?: string, tenantId?: string) =>
  t.request({
    method: "GET",
    url: `/api/Payments/Proofs/${id}/File`,
    ...(token ? { token } : {}),
    ...tenantOf(token, tenantId),
  });

describe("uploading a proof of payment", () => {
  it("takes a PDF with the amount, the day paid and the reference, keeping only the file's own name", async () => {
    const proof = await submitted(trader, {
      amount: 1234.56,
      bankReference: "CUS0001 June",
      fileName: "C:\\Users\\thandi\\Downloads\\fnb-proof.pdf",
    });
    expect(proof).toMatchObject({
      accountId: "CUS0001",
      amount: 1234.56,
      paidOn: today(),
      bankReference: "CUS0001 June",
      fileName: "fnb-proof.pdf",
      contentType: "application/pdf",
      status: "Submitted",
      decidedAt: null,
      paymentReference: null,
    });
    expect(proof.submittedBy).toEqual(expect.any(String));
    const row = await t.database.db
      .selectFrom("paymentProofs")
      .select(["amountCents", "fileBytes"])
      .where("id", "=", proof.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.amountCents)).toBe(123_456);
    expect(Buffer.from(row.fileBytes).equals(PDF)).toBe(true);
  });

  it("takes a PNG picture, stored as what its bytes are whatever type it claimed", async () => {
    const res = await upload(trader, dataUrl("image/jpeg", await png()), { fileName: "/home/me/photo.jpg" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ contentType: "image/png", fileName: "photo.jpg" });
  });

  it("refuses text or an HTML page that claims to be a picture or a PDF, and stores nothing", async () => {
    const before = await proofCount();
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    await refused(
      await upload(trader, dataUrl("image/png", Buffer.from("just some words"))),
      "file",
      /not a PDF/,
    );
    await refused(await upload(trader, dataUrl("image/png", html)), "file", /not a PDF/);
    await refused(await upload(trader, dataUrl("application/pdf", html)), "file", /not a PDF/);
    // A picture's signature with nothing of a picture after it.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);
    await refused(await upload(trader, dataUrl("image/png", fake)), "file", /could not be read/);
    // A type the contract does not take at all.
    await refused(await upload(trader, dataUrl("text/html", html)), "file", /PDF/);
    expect(await proofCount()).toBe(before);
  });

  it("refuses a file over 5 MB and stores nothing", async () => {
    const before = await proofCount();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_PROOF_BYTES + 1 - PDF.length, 0x20)]);
    await refused(await upload(trader, dataUrl("application/pdf", big)), "file", /larger than 5 MB/);
    expect(await proofCount()).toBe(before);
  });

  it("refuses a day paid in the future and an amount of nothing", async () => {
    const tomorrow = new Date(Date.now() + 26 * 3_600_000).toISOString().slice(0, 10);
    await refused(
      await upload(trader, dataUrl("application/pdf", PDF), { paidOn: tomorrow }),
      "paidOn",
      /future/,
    );
    await refused(
      await upload(trader, dataUrl("application/pdf", PDF), { amount: 0 }),
      "amount",
      /more than zero/,
    );
  });

  it("does not let a viewer of the account upload one", async () => {
    const viewer = await extraLogin(t, "trader", "proof-viewer", { accountRole: "Viewer" });
    const before = await proofCount();
    const res = await upload(viewer, dataUrl("application/pdf", PDF));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("viewer_read_only");
    expect(await proofCount()).toBe(before);
  });

  it("is for customers: staff have no account to upload for", async () => {
    const res = await upload(staff, dataUrl("application/pdf", PDF));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("not_a_customer");
  });
});

describe("who sees a proof", () => {
  it("gives the file to its own account and to staff; another customer is told it is not found", async () => {
    const proof = await submitted(trader, { fileName: "bank proof (1).pdf" });

    const own = await fileOf(proof.id, trader);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["content-disposition"]).toBe(
      `attachment; filename="proof-${proof.id}-bank_proof__1_.pdf"`,
    );
    expect(own.headers["cache-control"]).toBe("no-store");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.rawPayload.equals(PDF)).toBe(true);

    const other = await fileOf(proof.id, spaza);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("not_found");
    expect((await fileOf(proof.id, staff)).statusCode).toBe(200);
    // Staff of another tenant do not see it either.
    expect((await fileOf(proof.id, staff, "coastal")).statusCode).toBe(404);
    expect((await fileOf(proof.id)).statusCode).toBe(401);
    expect((await fileOf(999_999, trader)).statusCode).toBe(404);
  });

  it("downloads a picture under its real type's ending", async () => {
    const res = await upload(trader, dataUrl("image/png", await png()), { fileName: "receipt" });
    const proof: PaymentProof = res.json();
    const file = await fileOf(proof.id, trader);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="proof-${proof.id}-receipt.png"`);
  });

  it("lists a customer's own proofs only, and every account's for staff, newest first, by status", async () => {
    const mine = await submitted(spaza, { amount: 99.99 });
    const list = async (token: string, query = "") => {
      const res = await t.request({
        method: "GET",
        url: `/api/Payments/Proofs${query}`,
        token,
        ...tenantOf(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: PaymentProof[] }).items;
    };
    const spazas = await list(spaza);
    expect(spazas.map((p) => p.id)).toEqual([mine.id]);
    const traders = await list(trader);
    expect(traders.length).toBeGreaterThan(0);
    expect(traders.every((p) => p.accountId === "CUS0001")).toBe(true);

    const all = await list(staff, "?status=Submitted");
    expect(all[0]!.id).toBe(mine.id);
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining(traders.map((p) => p.id)));
    expect(all.every((p) => p.status === "Submitted")).toBe(true);
    const ids = all.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await list(staff, "?status=Matched")).toEqual(
      (await list(staff)).filter((p) => p.status === "Matched"),
    );
  });
});

describe("staff deciding on a proof", () => {
  const ledgerOf = (reference: string) =>
    t.database.db
      .selectFrom("accountDocuments")
      .selectAll()
      .where("reference", "=", reference)
      .where("kind", "=", "payment")
      .execute();

  it("matches a proof once: two clicks at once make one payment on the ledger and lower the balance once", async () => {
    await owe("trader", 300_000);
    const proof = await submitted(trader, { amount: 1500.25, bankReference: "CUS0001" });

    const answers = await Promise.all([decide(proof.id, "Match"), decide(proof.id, "Match")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const conflict = answers.find((a) => a.statusCode === 409)!.json();
    expect(conflict).toMatchObject({ code: "proof_decided", status: 409, proofStatus: "Matched" });
    const matched: PaymentProof = answers.find((a) => a.statusCode === 200)!.json();
    expect(matched).toMatchObject({ status: "Matched", decidedBy: expect.any(String) });
    expect(matched.paymentReference).toMatch(/^PAY-/);

    const documents = await ledgerOf(matched.paymentReference!);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ amountCents: 150_025, description: "EFT payment" });
    expect(await balanceOf("trader")).toBe(300_000 - 150_025);
    const payments = await t.database.db
      .selectFrom("payments")
      .select(["method", "status", "amountCents", "orderId"])
      .where("reference", "=", matched.paymentReference!)
      .execute();
    expect(payments).toEqual([{ method: "EFT", status: "Paid", amountCents: 150_025, orderId: null }]);
    const queued = await t.database.db
      .selectFrom("outbox")
      .select("topic")
      .where("idempotencyKey", "in", [
        `payment:${matched.paymentReference}`,
        `receipt:${matched.paymentReference}`,
      ])
      .execute();
    expect(queued.map((q) => q.topic).sort()).toEqual(["backoffice.payment", "messaging.email"]);

    // Later clicks change nothing either.
    const again = await decide(proof.id, "Match");
    expect(again.statusCode).toBe(409);
    expect(await balanceOf("trader")).toBe(300_000 - 150_025);
    expect(
      await t.database.db.selectFrom("payments").select("id").where("amountCents", "=", 150_025).execute(),
    ).toHaveLength(1);
  });

  it("rejects a proof with the reason, tells the account by e-mail, and it cannot be matched after", async () => {
    await owe("trader", 300_000);
    const proof = await submitted(trader, { amount: 777 });
    const rejected = await decide(proof.id, "Reject", staff, { reason: "Not in our bank account" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "Rejected", reason: "Not in our bank account" });

    const mail = await t.database.db
      .selectFrom("outbox")
      .select(["topic", "payload"])
      .where("idempotencyKey", "=", `proof-rejected:${proof.id}`)
      .executeTakeFirstOrThrow();
    expect(mail.topic).toBe("messaging.email");
    expect(mail.payload).toMatchObject({ to: "orders.traderswholesale@demo.shop" });
    expect((mail.payload as { text: string }).text).toContain("Not in our bank account");

    const match = await decide(proof.id, "Match");
    expect(match.statusCode).toBe(409);
    expect(match.json()).toMatchObject({ code: "proof_decided", status: 409, proofStatus: "Rejected" });
    const again = await decide(proof.id, "Reject", staff, { reason: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf("trader")).toBe(300_000);

    const list = await t.request({ method: "GET", url: "/api/Payments/Proofs", token: trader });
    expect((list.json() as { items: PaymentProof[] }).items.find((p) => p.id === proof.id)).toMatchObject({
      status: "Rejected",
      reason: "Not in our bank account",
    });
  });

  it("wants a reason to reject, and is for staff only", async () => {
    const proof = await submitted(trader);
    const noReason = await decide(proof.id, "Reject", staff, { reason: " " });
    expect(noReason.statusCode).toBe(400);
    for (const res of [
      await decide(proof.id, "Match", trader),
      await decide(proof.id, "Reject", trader, { reason: "x" }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
    expect((await decide(999_999, "Match")).statusCode).toBe(404);
  });
});
