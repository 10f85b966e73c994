// GetStatement: the logged-in customer's statement for one month (statement.ts) as the
// contracts' Statement, in rand, with the account's name and terms.
import type { AccountDocumentKind, Statement } from "@trade-shop/contracts/statements";
import { toRand } from "@trade-shop/contracts/common";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { invalid } from "../../core/domain-error";
import { computeStatement, monthBounds, sastDay, type LedgerDocument, type LedgerKind } from "./statement";

const KIND_NAMES: Record<LedgerKind, AccountDocumentKind> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  payment: "Payment",
};

/** Every document of the account dated before `until`, oldest first. */
export async function ledgerOf(db: Db, customerId: number, until: Date): Promise<LedgerDocument[]> {
  const { rows } = await sql<Omit<LedgerDocument, "documentDate"> & { documentDate: Date | string }>`
    SELECT kind, reference, document_date, due_date::text AS due_date, amount_cents, allocated_to, order_id, description
      FROM account_documents  -- account_documents_customer_date_idx
     WHERE customer_id = ${customerId} AND document_date < ${until}
     ORDER BY document_date, id`.execute(db);
  return rows.map((row) => ({ ...row, documentDate: new Date(row.documentDate) }));
}

/** The month in progress in Johannesburg, e.g. 2026-11. */
export const currentMonth = (now: Date) => sastDay(now).slice(0, 7);

export async function statementOf(
  db: Db,
  customer: { customerId: number; accountId: string },
  month: string,
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
  const documents = await ledgerOf(db, customer.customerId, statementDate);
  const figures = computeStatement(documents, { start, end: statementDate, asOf });
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
