// GetStatement: the logged-in customer's statement for one month (statement.ts) as the
// contracts' Statement, in rand, with the account's name and terms.
import type { AccountDocumentKind, Statement } from "@trade-shop/contracts/statements";
import { toRand } from "@trade-shop/contracts/common";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { invalid } from "../../core/domain-error";
import {
  ageFromBuckets,
  monthBounds,
  monthLines,
  overdueOf,
  sastDay,
  type AgeingCents,
  type LedgerDocument,
  type LedgerKind,
  type StatementLineCents,
} from "./statement";

const KIND_NAMES: Record<LedgerKind, AccountDocumentKind> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  payment: "Payment",
};

/** A line of the ledger to read on from: its date and id (the order lines are read in). */
interface LedgerCursor {
  documentDate: Date;
  id: number;
}

/**
 * The documents of the account dated in [from, until), oldest first; with `page`, at most
 * `limit` of them after the line `after`.
 */
export async function ledgerOf(
  db: Db,
  customerId: number,
  until: Date,
  from = new Date(0),
  page?: { after: LedgerCursor | null; limit: number },
): Promise<(LedgerDocument & { id: number })[]> {
  const after = page?.after;
  const { rows } = await sql<
    Omit<LedgerDocument, "documentDate"> & { id: number; documentDate: Date | string }
  >`
    SELECT id, kind, reference, document_date, due_date::text AS due_date, amount_cents, allocated_to, order_id, description
      FROM account_documents  -- account_documents_customer_date_idx
     WHERE customer_id = ${customerId} AND document_date >= ${from} AND document_date < ${until}
       ${after ? sql`AND (document_date, id) > (${after.documentDate}, ${after.id})` : sql``}
     ORDER BY document_date, id
     ${page ? sql`LIMIT ${page.limit}` : sql``}`.execute(db);
  return rows.map((row) => ({ ...row, documentDate: new Date(row.documentDate) }));
}

/** The balance at the start of `month` (YYYY-MM): the sum of the months before it (migration 0031). */
async function openingOf(db: Db, customerId: number, month: string): Promise<number> {
  const { rows } = await sql<{ cents: string | number }>`
    SELECT coalesce(sum(debits_cents - credits_cents), 0) AS cents
      FROM account_ledger_months  -- its primary key (customer_id, month)
     WHERE customer_id = ${customerId} AND month < ${`${month}-01`}::date`.execute(db);
  return Number(rows[0]!.cents);
}

/**
 * The ageing of `balanceCents` on `asOf`: the open totals of the invoices dated before `until`
 * and due at most 90 days before `asOf`, by bucket, each invoice less the credits allocated to it
 * before `until` (statement.ts ageFromBuckets); older invoices need not be read.
 */
async function ageingOf(db: Db, customerId: number, until: Date, balanceCents: number, asOf: string) {
  if (balanceCents <= 0) return ageFromBuckets(balanceCents, {});
  const { rows } = await sql<{ bucket: keyof AgeingCents; openCents: string | number }>`
    SELECT CASE WHEN i.due_date >= ${asOf}::date THEN 'current'
                WHEN i.due_date >= ${asOf}::date - 30 THEN 'days30'
                WHEN i.due_date >= ${asOf}::date - 60 THEN 'days60'
                ELSE 'days90' END AS bucket,
           sum(greatest(0, i.amount_cents - coalesce((
             SELECT sum(c.amount_cents) FROM account_documents c  -- account_documents_allocated_idx
              WHERE c.customer_id = i.customer_id AND c.allocated_to = i.reference AND c.kind <> 'invoice'
                AND c.document_date < ${until}), 0))) AS open_cents
      FROM account_documents i  -- account_documents_invoices_due_idx
     WHERE i.customer_id = ${customerId} AND i.kind = 'invoice' AND i.document_date < ${until}
       AND i.due_date >= ${asOf}::date - 90
     GROUP BY 1`.execute(db);
  return ageFromBuckets(balanceCents, Object.fromEntries(rows.map((r) => [r.bucket, Number(r.openCents)])));
}

/** The month in progress in Johannesburg, e.g. 2026-11. */
export const currentMonth = (now: Date) => sastDay(now).slice(0, 7);

/** Which of the month's lines: a page (`after` the id of the last line already shown), or all. */
export type StatementLines = { after?: number; limit: number } | "all";

/** The line `after` of the statement of [start, until); a 400 when it is not one of its lines. */
async function cursorOf(db: Db, customerId: number, start: Date, until: Date, after: number) {
  const { rows } = await sql<{ documentDate: Date | string; id: number }>`
    SELECT id, document_date FROM account_documents
     WHERE id = ${after} AND customer_id = ${customerId} AND document_date >= ${start} AND document_date < ${until}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw invalid("after", "That line is not on this statement.");
  return { id: Number(row.id), documentDate: new Date(row.documentDate) };
}

/**
 * The month's totals from [start, until), and what its lines up to and including `cursor` add to
 * the balance: the running balance a page starting after it carries on from. Summed in SQL by
 * account_documents_customer_date_idx, not in Node.
 */
async function monthTotalsOf(
  db: Db,
  customerId: number,
  start: Date,
  until: Date,
  cursor: LedgerCursor | null,
) {
  const upToCursor = cursor ? sql`(document_date, id) <= (${cursor.documentDate}, ${cursor.id})` : sql`false`;
  const { rows } = await sql<{ debits: string | number; credits: string | number; before: string | number }>`
    SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'invoice'), 0) AS debits,
           coalesce(sum(amount_cents) FILTER (WHERE kind <> 'invoice'), 0) AS credits,
           coalesce(sum(CASE WHEN kind = 'invoice' THEN amount_cents ELSE -amount_cents END)
                      FILTER (WHERE ${upToCursor}), 0) AS before
      FROM account_documents  -- account_documents_customer_date_idx
     WHERE customer_id = ${customerId} AND document_date >= ${start} AND document_date < ${until}`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    debitsCents: Number(row.debits),
    creditsCents: Number(row.credits),
    beforeCents: Number(row.before),
  };
}

/**
 * The month's statement: its balances, totals and ageing, and its lines, a page of them (the
 * screen) or all (the PDF and the e-mail).
 */
export async function statementOf(
  db: Db,
  customer: { customerId: number; accountId: string },
  month: string,
  lines: StatementLines = "all",
  now = new Date(),
): Promise<Statement> {
  if (month > currentMonth(now))
    throw invalid("month", "There is no statement for a month that has not begun.");
  const account = await db
    .selectFrom("customers")
    .select(["name", "paymentTermsDays"])
    .where("id", "=", customer.customerId)
    .executeTakeFirstOrThrow();
  const { start, end, lastDay } = monthBounds(month);
  const statementDate = end < now ? end : now;
  const asOf = end < now ? lastDay : sastDay(now);
  // The stored month sums give the opening; then only this month's documents are read, a page of
  // them for the screen, and the ageing reads back only as far as the balance reaches (decision 158).
  const openingCents = await openingOf(db, customer.customerId, month);
  let shown: { lines: StatementLineCents[]; debitsCents: number; creditsCents: number; closingCents: number };
  let nextAfter: number | null = null;
  if (lines === "all") {
    shown = monthLines(openingCents, await ledgerOf(db, customer.customerId, statementDate, start));
  } else {
    const { customerId } = customer;
    const cursor =
      lines.after === undefined ? null : await cursorOf(db, customerId, start, statementDate, lines.after);
    const totals = await monthTotalsOf(db, customerId, start, statementDate, cursor);
    // One line more than the page shows says whether another page follows.
    const read = await ledgerOf(db, customerId, statementDate, start, {
      after: cursor,
      limit: lines.limit + 1,
    });
    const page = read.slice(0, lines.limit);
    nextAfter = read.length > lines.limit ? page.at(-1)!.id : null;
    shown = {
      lines: monthLines(openingCents + totals.beforeCents, page).lines,
      debitsCents: totals.debitsCents,
      creditsCents: totals.creditsCents,
      closingCents: openingCents + totals.debitsCents - totals.creditsCents,
    };
  }
  const ageing = await ageingOf(db, customer.customerId, statementDate, shown.closingCents, asOf);
  const figures = { openingCents, ...shown, ageing, overdueCents: overdueOf(ageing) };
  return {
    accountId: customer.accountId,
    accountName: account.name,
    month,
    periodStart: `${month}-01`,
    periodEnd: lastDay,
    statementDate: statementDate.toISOString(),
    paymentTermsDays: account.paymentTermsDays,
    openingBalance: toRand(figures.openingCents),
    totalDebits: toRand(figures.debitsCents),
    totalCredits: toRand(figures.creditsCents),
    closingBalance: toRand(figures.closingCents),
    overdue: toRand(figures.overdueCents),
    ageing: {
      current: toRand(figures.ageing.current),
      days30: toRand(figures.ageing.days30),
      days60: toRand(figures.ageing.days60),
      days90: toRand(figures.ageing.days90),
      days120Plus: toRand(figures.ageing.days120Plus),
    },
    lines: figures.lines.map(({ document, balanceCents }) => ({
      date: document.documentDate.toISOString(),
      kind: KIND_NAMES[document.kind],
      reference: document.reference,
      description: document.description,
      dueDate: document.dueDate,
      allocatedTo: document.allocatedTo,
      orderId: document.orderId,
      debit: document.kind === "invoice" ? toRand(document.amountCents) : null,
      credit: document.kind === "invoice" ? null : toRand(document.amountCents),
      balance: toRand(balanceCents),
    })),
    nextAfter,
  };
}

/** What the statement PDF prints about the account besides its name. */
export async function statementAccountOf(db: Db, customerId: number) {
  const row = await db
    .selectFrom("customers")
    .select([
      "address1",
      "address2",
      "address3",
      "address4",
      "address5",
      "addressPc",
      "taxNumber",
      "contactEmail",
    ])
    .where("id", "=", customerId)
    .executeTakeFirstOrThrow();
  return {
    address: [row.address1, row.address2, row.address3, row.address4, row.address5, row.addressPc],
    taxNumber: row.taxNumber,
    contactEmail: row.contactEmail,
  };
}
