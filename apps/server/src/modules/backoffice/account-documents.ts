// What the back office reports about a customer's account besides order statuses: documents on
// its ledger (credit notes, payments, invoices the shop did not place) and its liquor licence.
// A document goes on the ledger and into the balance in one transaction, once per kind and
// reference, so the statement's closing balance stays the account's balance.
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import { toCents } from "@trade-shop/contracts/common";
import type {
  AccountDocumentKind,
  BackOfficeAccountDocument,
  BackOfficeLiquorLicence,
} from "@trade-shop/contracts/statements";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";
import type { LedgerKind } from "../accounts";

const KINDS: Record<AccountDocumentKind, LedgerKind> = {
  Invoice: "invoice",
  "Credit note": "credit_note",
  Payment: "payment",
};

async function lockCustomer(trx: Db, tenantId: string, accountId: string) {
  const { rows } = await sql<{ id: number; paymentTermsDays: number }>`
    SELECT id, payment_terms_days FROM customers WHERE tenant_id = ${tenantId} AND account_id = ${accountId} FOR NO KEY UPDATE`.execute(
    trx,
  );
  const customer = rows[0];
  if (!customer) throw notFound(`There is no account ${accountId} in tenant ${tenantId}.`);
  return customer;
}

export async function applyAccountDocument(
  db: Db,
  report: BackOfficeAccountDocument,
): Promise<SuccessEnvelope> {
  return db.transaction().execute(async (trx) => {
    const customer = await lockCustomer(trx, report.tenantId, report.accountId);
    const kind = KINDS[report.kind];
    const cents = toCents(report.amount);
    const inserted = await sql<{ id: number }>`
      INSERT INTO account_documents (customer_id, kind, reference, document_date, due_date, amount_cents, allocated_to, description)
      VALUES (${customer.id}, ${kind}, ${report.reference}, ${report.date},
              ${kind === "invoice" ? sql`coalesce(${report.dueDate ?? null}::date, (${report.date}::timestamptz AT TIME ZONE 'Africa/Johannesburg')::date + ${customer.paymentTermsDays}::int)` : sql`NULL`},
              ${cents}, ${kind === "invoice" ? null : (report.allocatedTo ?? null)}, ${report.description ?? null})
      ON CONFLICT (customer_id, kind, reference) DO NOTHING
      RETURNING id`.execute(trx);
    if (inserted.rows.length === 0) {
      return {
        success: true,
        message: `${report.kind} ${report.reference} was already on account ${report.accountId}.`,
        title: "Already applied",
      };
    }
    await sql`UPDATE customers SET dc_balance_cents = dc_balance_cents + ${kind === "invoice" ? cents : -cents}
               WHERE id = ${customer.id}`.execute(trx);
    return {
      success: true,
      message: `${report.kind} ${report.reference} is on account ${report.accountId}.`,
      title: "Document received",
    };
  });
}

export async function applyLiquorLicence(db: Db, report: BackOfficeLiquorLicence): Promise<SuccessEnvelope> {
  return db.transaction().execute(async (trx) => {
    const customer = await lockCustomer(trx, report.tenantId, report.accountId);
    await trx
      .updateTable("customers")
      .set({
        liquorLicenceNumber: report.licence?.number ?? null,
        liquorLicenceExpiresOn: report.licence?.expiresOn ?? null,
        isLiquorCustomer: report.licence !== null,
      })
      .where("id", "=", customer.id)
      .execute();
    const message = report.licence
      ? `Account ${report.accountId} holds liquor licence ${report.licence.number} until ${report.licence.expiresOn}.`
      : `Account ${report.accountId} holds no liquor licence.`;
    return { success: true, message, title: "Licence received" };
  });
}
