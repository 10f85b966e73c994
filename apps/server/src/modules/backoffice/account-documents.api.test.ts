import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "@trade-shop/contracts/common";
import { Statement } from "@trade-shop/contracts/statements";
import { customerOf } from "../../../test/fixtures";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { currentMonth } from "../accounts";
import { signBody } from "./signature";

const SECRET = "account-documents-test-secret-0123456789abcdef";

describe("POST /api/BackOffice/AccountDocument and /api/BackOffice/LiquorLicence", () => {
  let t: TestApp;
  let spaza: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SECRET: SECRET } });
    spaza = await t.login("spaza");
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, secret = SECRET) => {
    const timestamp = Math.floor(Date.now() / 1000);
    return t.request({
      method: "POST",
      url,
      body,
      headers: {
        "x-tradeshop-timestamp": String(timestamp),
        "x-tradeshop-signature": signBody(secret, timestamp, JSON.stringify(body)),
      },
    });
  };
  const statementNow = async () =>
    Statement.parse(
      (
        await t.request({
          method: "GET",
          url: `/api/Account/GetStatement?month=${currentMonth(new Date())}`,
          token: spaza,
        })
      ).json(),
    );

  it("puts an invoice, a credit note and a payment on the account once each, the balance moving with them", async () => {
    const before = (await customerOf(t.database.db, "spaza")).dcBalanceCents;
    const now = new Date().toISOString();
    const base = { tenantId: "gauteng", accountId: "CUS0002", date: now };
    const invoice = {
      ...base,
      kind: "Invoice",
      reference: "INV-REP-1",
      amount: 1000.5,
      description: "Rep order",
    };
    expect((await post("/api/BackOffice/AccountDocument", invoice)).json()).toMatchObject({
      title: "Document received",
    });
    expect((await post("/api/BackOffice/AccountDocument", invoice)).json()).toMatchObject({
      title: "Already applied",
    });
    await post("/api/BackOffice/AccountDocument", {
      ...base,
      kind: "Credit note",
      reference: "CN-1",
      amount: 100.25,
      allocatedTo: "INV-REP-1",
    });
    await post("/api/BackOffice/AccountDocument", {
      ...base,
      kind: "Payment",
      reference: "PMT-1",
      amount: 500,
    });
    const after = (await customerOf(t.database.db, "spaza")).dcBalanceCents;
    expect(after - before).toBe(100_050 - 10_025 - 50_000);
    const s = await statementNow();
    expect(toCents(s.closingBalance)).toBe(after);
    const invoiceLine = s.lines.find((l) => l.reference === "INV-REP-1")!;
    expect(invoiceLine).toMatchObject({ kind: "Invoice", debit: 1000.5 });
    // Due on the account's terms (14 days for an informal trader) when the back office gives no date.
    expect(
      (Date.parse(invoiceLine.dueDate!) - Date.parse(invoiceLine.date.slice(0, 10))) / 86_400_000,
    ).toBeGreaterThanOrEqual(13);
    expect(s.lines.find((l) => l.reference === "CN-1")).toMatchObject({
      kind: "Credit note",
      credit: 100.25,
      allocatedTo: "INV-REP-1",
    });
  });

  it("refuses an unsigned or wrongly signed report (401), an unknown account (404) and a bad amount (400)", async () => {
    const body = {
      tenantId: "gauteng",
      accountId: "CUS0002",
      kind: "Payment",
      reference: "PMT-2",
      date: new Date().toISOString(),
      amount: 5,
    };
    expect(
      expectProblem(await t.request({ method: "POST", url: "/api/BackOffice/AccountDocument", body })).code,
    ).toBe("unauthenticated");
    expect(
      expectProblem(
        await post("/api/BackOffice/AccountDocument", body, "another-secret-of-enough-length-0123456789"),
      ).code,
    ).toBe("unauthenticated");
    expect(
      expectProblem(await post("/api/BackOffice/AccountDocument", { ...body, accountId: "CUS9999" })).code,
    ).toBe("not_found");
    expect(expectProblem(await post("/api/BackOffice/AccountDocument", { ...body, amount: -5 })).code).toBe(
      "validation",
    );
    expect(
      expectProblem(await post("/api/BackOffice/AccountDocument", { ...body, amount: 1.234 })).code,
    ).toBe("validation");
  });

  it("records a liquor licence's number and expiry, and an account without one loses the liquor flag", async () => {
    const res = await post("/api/BackOffice/LiquorLicence", {
      tenantId: "gauteng",
      accountId: "CUS0002",
      licence: { number: "GAU/12345/LL", expiresOn: "2027-03-31" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.db
      .selectFrom("customers")
      .select(["isLiquorCustomer", "liquorLicenceNumber", "liquorLicenceExpiresOn"])
      .where("accountId", "=", "CUS0002")
      .executeTakeFirstOrThrow();
    expect({ ...row, liquorLicenceExpiresOn: String(row.liquorLicenceExpiresOn) }).toMatchObject({
      isLiquorCustomer: true,
      liquorLicenceNumber: "GAU/12345/LL",
    });
    await post("/api/BackOffice/LiquorLicence", { tenantId: "gauteng", accountId: "CUS0002", licence: null });
    const cleared = await t.database.db
      .selectFrom("customers")
      .select(["isLiquorCustomer", "liquorLicenceNumber"])
      .where("accountId", "=", "CUS0002")
      .executeTakeFirstOrThrow();
    expect(cleared).toEqual({ isLiquorCustomer: false, liquorLicenceNumber: null });
  });
});
