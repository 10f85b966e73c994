// GET /api/Account/GetStatement from the stored month sums (decision 158): the same figures as
// the statement drawn from the whole ledger, on the demo data and after a document dated into a
// past month, which moves every later month's opening balance.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRand } from "@trade-shop/contracts/common";
import { Statement } from "@trade-shop/contracts/statements";
import { customerOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { currentMonth, ledgerOf } from "./account-statement";
import { computeStatement, monthBounds, sastDay } from "./statement";

/** The last `count` months up to this one, oldest first. */
function monthsBack(count: number): string[] {
  const [year, month] = currentMonth(new Date()).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

describe("GET /api/Account/GetStatement: from the stored opening balances", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const users = ["trader", "spaza"] as const;

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of users) {
      tokens[user] = await t.login(user);
      ids[user] = (await customerOf(t.database.db, user)).id;
    }
  });
  afterAll(() => t.close());

  const served = async (user: string, month: string) => {
    const res = await t.request({
      method: "GET",
      url: `/api/Account/GetStatement?month=${month}`,
      token: tokens[user],
    });
    expect(res.statusCode, res.body).toBe(200);
    return Statement.parse(res.json());
  };

  /** The figures as the statement drew them before: every document of the ledger, summed in memory. */
  const wholeLedger = async (customerId: number, month: string, statementDate: Date) => {
    const { start, end, lastDay } = monthBounds(month);
    const asOf = end.getTime() === statementDate.getTime() ? lastDay : sastDay(statementDate);
    const s = computeStatement(await ledgerOf(t.database.db, customerId, statementDate), {
      start,
      end: statementDate,
      asOf,
    });
    // Through JSON, as the answer comes: -0 is 0 there.
    return JSON.parse(
      JSON.stringify({
        openingBalance: toRand(s.openingCents),
        totalDebits: toRand(s.debitsCents),
        totalCredits: toRand(s.creditsCents),
        closingBalance: toRand(s.closingCents),
        overdue: toRand(s.overdueCents),
        ageing: {
          current: toRand(s.ageing.current),
          days30: toRand(s.ageing.days30),
          days60: toRand(s.ageing.days60),
          days90: toRand(s.ageing.days90),
          days120Plus: toRand(s.ageing.days120Plus),
        },
        lines: s.lines.map((l) => [l.document.reference, toRand(l.balanceCents)]),
      }),
    ) as unknown;
  };

  const figuresOf = (s: Statement) => ({
    openingBalance: s.openingBalance,
    totalDebits: s.totalDebits,
    totalCredits: s.totalCredits,
    closingBalance: s.closingBalance,
    overdue: s.overdue,
    ageing: s.ageing,
    lines: s.lines.map((l) => [l.reference, l.balance]),
  });

  const expectSameAsWholeLedger = async (months: readonly string[]) => {
    let withLines = 0;
    for (const user of users) {
      for (const month of months) {
        const statement = await served(user, month);
        expect(figuresOf(statement), `${user} ${month}`).toEqual(
          await wholeLedger(ids[user]!, month, new Date(statement.statementDate)),
        );
        if (statement.lines.length > 0) withLines++;
      }
    }
    return withLines;
  };

  it("gives every month of the demo's ledger the figures of the whole ledger", async () => {
    expect(await expectSameAsWholeLedger(monthsBack(15))).toBeGreaterThan(4);
  });

  it("moves every later month's opening when a document is dated into a past month", async () => {
    const months = monthsBack(8);
    const openings = async () =>
      Promise.all(months.map(async (month) => (await served("trader", month)).openingBalance));
    const before = await openings();
    const [backdated] = months.slice(2);
    // Mid-month in Johannesburg: an invoice, and a payment of part of an older invoice.
    const at = new Date(`${backdated}-15T09:00:00+02:00`);
    const { rows } = await sql<{ reference: string }>`
      SELECT reference FROM account_documents WHERE customer_id = ${ids.trader} AND kind = 'invoice'
       ORDER BY document_date LIMIT 1`.execute(t.database.db);
    await sql`
      INSERT INTO account_documents (customer_id, kind, reference, document_date, due_date, amount_cents, description)
      VALUES (${ids.trader}, 'invoice', 'BACKDATED-1', ${at}, ${`${backdated}-30`}::date - 1, 123456, 'Backdated invoice')`.execute(
      t.database.db,
    );
    await sql`
      INSERT INTO account_documents (customer_id, kind, reference, document_date, amount_cents, allocated_to, description)
      VALUES (${ids.trader}, 'payment', 'BACKDATED-2', ${new Date(at.getTime() + 3_600_000)}, 2345,
              ${rows[0]?.reference ?? null}, 'Backdated payment')`.execute(t.database.db);
    const after = await openings();
    months.forEach((month, i) => {
      // Months up to the backdated one open as before; every later one by the net of the two.
      const moved = month > backdated! ? toRand(123456 - 2345) : 0;
      expect(after[i], month).toBeCloseTo(before[i]! + moved, 2);
    });
    await expectSameAsWholeLedger(months);
    const statement = await served("trader", backdated!);
    expect(statement.lines.map((l) => l.reference)).toEqual(
      expect.arrayContaining(["BACKDATED-1", "BACKDATED-2"]),
    );
  });

  it("keeps the month sums right when documents are changed or removed", async () => {
    const months = monthsBack(8);
    await sql`UPDATE account_documents SET amount_cents = amount_cents + 1000, document_date = document_date - interval '31 days'
               WHERE customer_id = ${ids.trader} AND reference = 'BACKDATED-1'`.execute(t.database.db);
    await expectSameAsWholeLedger(months);
    await sql`DELETE FROM account_documents WHERE customer_id = ${ids.trader} AND reference LIKE 'BACKDATED-%'`.execute(
      t.database.db,
    );
    await expectSameAsWholeLedger(months);
    const { rows } = await sql<{ wrong: string }>`
      SELECT count(*) AS wrong FROM account_ledger_months m
        FULL JOIN (SELECT customer_id, ledger_month(document_date) AS month,
                          sum(CASE WHEN kind = 'invoice' THEN amount_cents ELSE -amount_cents END) AS net
                     FROM account_documents GROUP BY 1, 2) d
          ON d.customer_id = m.customer_id AND d.month = m.month
       WHERE coalesce(m.debits_cents - m.credits_cents, 0) <> coalesce(d.net, 0)`.execute(t.database.db);
    expect(Number(rows[0]!.wrong)).toBe(0);
  });
});
