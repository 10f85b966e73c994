import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCents } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import { shopDetails } from "@trade-shop/contracts/shop-details";
import { STATEMENT_PAGE, STATEMENT_PAGE_MAX, Statement } from "@trade-shop/contracts/statements";
import { customerOf } from "../../../test/fixtures";
import { placeTestOrder } from "../../../test/orders";
import { readPdf } from "../../../test/pdf-text";
import { expectProblem } from "../../../test/route-table";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { loadConfig } from "../../config";
import { createBackOfficeSimulator } from "../backoffice";
import { currentMonth, statementAccountOf } from "./account-statement";
import { statementPdf } from "./statement-pdf";

/** The last `count` months up to this one, oldest first. */
function monthsBack(count: number): string[] {
  const [year, month] = currentMonth(new Date()).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * `expected` is drawn whole, maybe wrapped: texts that run on from one another with a space
 * (other columns' texts may come between a cell's lines), none of them cut short.
 */
function expectDrawnWhole(texts: readonly string[], expected: string) {
  const found = texts.some((first, i) => {
    if (first === "" || !expected.startsWith(first)) return false;
    let joined = first;
    for (const next of texts.slice(i + 1, i + 12)) {
      if (joined === expected) break;
      if (expected.startsWith(`${joined} ${next}`)) joined = `${joined} ${next}`;
    }
    return joined === expected;
  });
  expect(found, `"${expected}" in ${JSON.stringify(texts)}`).toBe(true);
}

describe("GET /api/Account/GetStatement", () => {
  let t: TestApp;
  let trader: string;
  let spaza: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BACKOFFICE_SIMULATOR_STEP_MS: "0" } });
    [trader, spaza] = await Promise.all([t.login("trader"), t.login("spaza")]);
  });
  afterAll(() => t.close());

  const page = async (token: string, month: string, paging = "") => {
    const res = await t.request({
      method: "GET",
      url: `/api/Account/GetStatement?month=${month}${paging}`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Statement.strict().parse(res.json());
  };

  /** The month's statement with every page of its lines, `limit` at a time. */
  const statement = async (token: string, month: string, limit = STATEMENT_PAGE_MAX) => {
    const first = await page(token, month, `&limit=${limit}`);
    const lines = [...first.lines];
    for (let after = first.nextAfter; after !== null;) {
      const next = await page(token, month, `&limit=${limit}&after=${after}`);
      expect({ ...next, lines: [], nextAfter: null }).toEqual({ ...first, lines: [], nextAfter: null });
      lines.push(...next.lines);
      after = next.nextAfter;
    }
    return { ...first, lines, nextAfter: null };
  };

  /** Every figure of one statement adds up, in cents. */
  function expectAddsUp(s: Statement) {
    const opening = toCents(s.openingBalance);
    const debits = sum(s.lines.map((l) => toCents(l.debit ?? 0)));
    const credits = sum(s.lines.map((l) => toCents(l.credit ?? 0)));
    expect(toCents(s.totalDebits)).toBe(debits);
    expect(toCents(s.totalCredits)).toBe(credits);
    expect(toCents(s.closingBalance)).toBe(opening + debits - credits);
    let running = opening;
    for (const line of s.lines) {
      running += toCents(line.debit ?? 0) - toCents(line.credit ?? 0);
      expect(toCents(line.balance)).toBe(running);
    }
    const buckets = [
      s.ageing.current,
      s.ageing.days30,
      s.ageing.days60,
      s.ageing.days90,
      s.ageing.days120Plus,
    ].map(toCents);
    expect(sum(buckets)).toBe(toCents(s.closingBalance));
    expect(toCents(s.overdue)).toBe(sum(buckets.slice(1)));
  }

  it("adds up month after month, each closing balance the next month's opening, and closes on the account's balance", async () => {
    for (const [username, token] of [
      ["trader", trader],
      ["spaza", spaza],
    ] as const) {
      const months = monthsBack(13);
      let previousClosing: number | undefined;
      let documents = 0;
      for (const month of months) {
        const s = await statement(token, month);
        expectAddsUp(s);
        if (previousClosing !== undefined)
          expect(toCents(s.openingBalance), `${username} ${month}`).toBe(previousClosing);
        previousClosing = toCents(s.closingBalance);
        documents += s.lines.length;
      }
      expect(documents, username).toBeGreaterThan(10);
      const customer = await customerOf(t.database.db, username);
      expect(previousClosing, username).toBe(customer.dcBalanceCents);
    }
  });

  it("gives the lines a page at a time, the running balance carried from page to page", async () => {
    // The trader's busiest month in the window, read whole and in pages of 3.
    const months = monthsBack(13);
    const whole = await Promise.all(months.map((month) => statement(trader, month)));
    const busiest = whole.reduce((a, b) => (b.lines.length > a.lines.length ? b : a));
    expect(busiest.lines.length).toBeGreaterThan(6);
    const inThrees = await statement(trader, busiest.month, 3);
    expect(inThrees).toEqual(busiest);
    expectAddsUp(inThrees);
    // Without a limit, a page holds STATEMENT_PAGE lines; the last page says there is no more.
    const first = await page(trader, busiest.month);
    expect(first.lines).toEqual(busiest.lines.slice(0, STATEMENT_PAGE));
    expect(first.nextAfter).toBe(busiest.lines.length > STATEMENT_PAGE ? expect.any(Number) : null);
    const firstTwo = await page(trader, busiest.month, "&limit=2");
    expect(firstTwo.lines).toEqual(busiest.lines.slice(0, 2));
    expect(firstTwo.nextAfter).toEqual(expect.any(Number));
    // A line of another month, of another account, or none at all is no place to start a page.
    const other = whole.find((s) => s.month !== busiest.month && s.lines.length > 0)!;
    const otherMonth = await page(trader, other.month, "&limit=1");
    const spazaMonth = await page(spaza, currentMonth(new Date()), "&limit=1");
    for (const after of [otherMonth.nextAfter ?? 0, spazaMonth.nextAfter ?? 0, 2_000_000_000]) {
      if (after === 0) continue;
      const res = await t.request({
        method: "GET",
        url: `/api/Account/GetStatement?month=${busiest.month}&after=${after}`,
        token: trader,
      });
      expect(expectProblem(res, String(after)).errors).toHaveProperty("after");
    }
    for (const paging of ["&limit=0", `&limit=${STATEMENT_PAGE_MAX + 1}`, "&after=-1", "&after=x"]) {
      const res = await t.request({
        method: "GET",
        url: `/api/Account/GetStatement?month=${busiest.month}${paging}`,
        token: trader,
      });
      expect(expectProblem(res, paging).code).toBe("validation");
    }
  });

  it("ages what is owed by invoice due date, worked out independently in SQL", async () => {
    // Spaza's demo ledger has payments on terms; check the month in progress against open items
    // aged in SQL (allocated payments and credit notes taken off their invoice).
    const customer = await customerOf(t.database.db, "spaza");
    const s = await statement(spaza, currentMonth(new Date()));
    const { rows } = await sql<{ bucket: string; cents: number }>`
      WITH open AS (
        SELECT i.reference, i.due_date,
               i.amount_cents - coalesce((SELECT sum(x.amount_cents) FROM account_documents x
                                          WHERE x.customer_id = i.customer_id AND x.kind <> 'invoice' AND x.allocated_to = i.reference), 0) AS left_cents
          FROM account_documents i WHERE i.customer_id = ${customer.id} AND i.kind = 'invoice')
      SELECT CASE WHEN d <= 0 THEN 'current' WHEN d <= 30 THEN 'days30' WHEN d <= 60 THEN 'days60'
                  WHEN d <= 90 THEN 'days90' ELSE 'days120Plus' END AS bucket, sum(left_cents) AS cents
        FROM (SELECT left_cents, (now() AT TIME ZONE 'Africa/Johannesburg')::date - due_date AS d FROM open) aged
       GROUP BY 1`.execute(t.database.db);
    const unallocated = await sql<{ n: number }>`SELECT count(*)::int AS n FROM account_documents
      WHERE customer_id = ${customer.id} AND kind <> 'invoice' AND allocated_to IS NULL`.execute(
      t.database.db,
    );
    expect(unallocated.rows[0]!.n).toBe(0);
    const expected = { current: 0, days30: 0, days60: 0, days90: 0, days120Plus: 0 } as Record<
      string,
      number
    >;
    for (const row of rows) expected[row.bucket] = Number(row.cents);
    expect(Object.fromEntries(Object.entries(s.ageing).map(([k, v]) => [k, toCents(v)]))).toEqual(expected);
  });

  it("puts an order on the ledger when the back office invoices it, due on the account's terms", async () => {
    const simulator = createBackOfficeSimulator(t.database.db, { stepMs: 0 });
    const placed = await placeTestOrder(t, "trader", trader, [2, 1], 40);
    await t.outbox.drain();
    for (let i = 0; i < 3; i++) await simulator.tick(); // Submitted -> Picking -> Invoiced
    const month = currentMonth(new Date());
    const s = await statement(trader, month);
    const line = s.lines.find((l) => l.orderId === placed.id);
    expect(line).toMatchObject({
      kind: "Invoice",
      debit: placed.totalPriceIncl,
      description: `Order ${placed.orderId}`,
    });
    expect(line!.reference).toMatch(/^INV\d+$/);
    const days = (Date.parse(line!.dueDate!) - Date.parse(line!.date.slice(0, 10))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(31);
    expectAddsUp(s);
    expect(toCents(s.closingBalance)).toBe((await customerOf(t.database.db, "trader")).dcBalanceCents);
    // A repeated report of the invoice adds nothing.
    await simulator.tick();
    expect((await statement(trader, month)).lines.filter((l) => l.orderId === placed.id)).toHaveLength(1);
  });

  it("refuses a malformed or future month (400), a login without an account (403) and no login (401)", async () => {
    for (const month of ["2026-13", "26-11", "", "2026-1"]) {
      const res = await t.request({
        method: "GET",
        url: `/api/Account/GetStatement?month=${month}`,
        token: trader,
      });
      expect(expectProblem(res, month).code).toBe("validation");
    }
    const next = monthsBack(1)[0]!.split("-").map(Number) as [number, number];
    const future = new Date(Date.UTC(next[0], next[1], 1)).toISOString().slice(0, 7);
    const res = await t.request({
      method: "GET",
      url: `/api/Account/GetStatement?month=${future}`,
      token: trader,
    });
    expect(expectProblem(res).errors).toHaveProperty("month");
    const staff = await t.request({
      method: "GET",
      url: `/api/Account/GetStatement?month=2026-10`,
      token: await t.login("staff"),
      tenantId: "gauteng",
    });
    expect(expectProblem(staff).code).toBe("not_a_customer");
    expect(
      (await t.request({ method: "GET", url: "/api/Account/GetStatement?month=2026-10" })).statusCode,
    ).toBe(401);
  });
});

describe("GET /api/Account/Statement (PDF) and POST /api/Account/EmailStatement", () => {
  let t: TestApp;
  let spaza: string;
  beforeAll(async () => {
    t = await createTestApp();
    spaza = await t.login("spaza");
  });
  afterAll(() => t.close());

  it("is a valid PDF with the company's details, the account and the statement's totals in the shop's formats", async () => {
    const month = monthsBack(2)[0]!;
    const json = Statement.parse(
      (
        await t.request({ method: "GET", url: `/api/Account/GetStatement?month=${month}`, token: spaza })
      ).json(),
    );
    const res = await t.request({
      method: "GET",
      url: `/api/Account/Statement?month=${month}`,
      token: spaza,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="statement-CUS0002-${month}.pdf"`);
    const { doc, pages } = await readPdf(res.rawPayload);
    expect(doc.getTitle()).toContain("CUS0002");
    const text = pages.flat();
    expect(text).toContain("STATEMENT");
    expect(text).toContain(shopDetails.legalName);
    expect(text).toContain(`VAT number: ${shopDetails.vatNumber}`);
    expect(text).toContain("Spaza Corner Store");
    expect(text).toContain("Opening balance");
    expect(text).toContain("Closing balance");
    for (const figure of [
      json.openingBalance,
      json.closingBalance,
      json.totalDebits,
      json.totalCredits,
      json.overdue,
    ]) {
      expect(text).toContain(formatRandCents(toCents(figure)));
    }
    for (const line of json.lines) expect(text).toContain(line.reference);
    expect(text.some((s) => /^Statement date: \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/.test(s))).toBe(true);
  });

  it("gives the shop's bank details and the reference to quote, and shows every line's details in full", async () => {
    const month = monthsBack(3)[0]!;
    const customer = await customerOf(t.database.db, "spaza");
    await t.database.db
      .insertInto("accountDocuments")
      .values([
        {
          customerId: customer.id,
          kind: "payment",
          reference: "PAYTEST01",
          documentDate: new Date(`${month}-14T10:00:00Z`),
          amountCents: 12_345,
          description: "PayFast payment (card or instant EFT)",
          allocatedTo: "INV0099001",
        },
        {
          customerId: customer.id,
          kind: "payment",
          reference: "PAYTEST02",
          documentDate: new Date(`${month}-15T10:00:00Z`),
          amountCents: 10_000,
          description: "EFT payment",
        },
      ])
      .execute();
    const res = await t.request({
      method: "GET",
      url: `/api/Account/Statement?month=${month}`,
      token: spaza,
    });
    expect(res.statusCode).toBe(200);
    const text = (await readPdf(res.rawPayload)).pages.flat();
    expect(text.filter((s) => s.endsWith("..."))).toEqual([]);
    expectDrawnWhole(text, "Payment: PayFast payment (card or instant EFT) (for INV0099001)");
    expectDrawnWhole(text, "Payment: EFT payment");
    for (const header of ["DATE", "REFERENCE", "DETAILS", "DUE", "DEBIT", "CREDIT", "BALANCE"]) {
      expect(text).toContain(header);
    }
    const bank = loadConfig({ NODE_ENV: "test", WEB_DIST: "/nonexistent" }).bank!;
    expect(text).toContain("How to pay");
    expectDrawnWhole(
      text,
      `Pay by EFT to ${bank.bankName}, account ${bank.accountName}, account number ${bank.accountNumber}, branch code ${bank.branchCode}. Reference: CUS0002`,
    );

    // Without bank details configured the block is left out and the old request stays.
    const json = Statement.parse(
      (
        await t.request({ method: "GET", url: `/api/Account/GetStatement?month=${month}`, token: spaza })
      ).json(),
    );
    const without = (
      await readPdf(await statementPdf(json, await statementAccountOf(t.database.db, customer.id), undefined))
    ).pages.flat();
    expect(without).not.toContain("How to pay");
    expect(without.join(" ")).toContain("Please pay by EFT quoting your account number as the reference.");
  });

  it("e-mails the statement PDF through the outbox", async () => {
    const month = monthsBack(1)[0]!;
    const res = await t.request({
      method: "POST",
      url: "/api/Account/EmailStatement",
      token: spaza,
      body: { month },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, title: "Statement sent" });
    const queued = await t.database.db
      .selectFrom("outbox")
      .select(["payload"])
      .where("idempotencyKey", "like", `statement:CUS0002:${month}:%`)
      .execute();
    expect(queued).toHaveLength(1);
    const payload = queued[0]!.payload as { to: string; attachments: { contentBase64: string }[] };
    expect(payload.to).toBe("spazacornerstore@demo.shop");
    const attached = await readPdf(Buffer.from(payload.attachments[0]!.contentBase64, "base64"));
    expect(attached.pages.flat()).toContain("How to pay");
    await t.outbox.drain();
    const sent = await t.database.db
      .selectFrom("sentMessages")
      .selectAll()
      .where("recipient", "=", "spazacornerstore@demo.shop")
      .execute();
    expect(sent.some((m) => m.body.includes(`statement-CUS0002-${month}.pdf`))).toBe(true);
  });
});
