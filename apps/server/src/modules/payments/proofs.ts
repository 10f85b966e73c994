// Proofs of EFT payments (docs/payments.md): a customer uploads the bank's proof (a PDF or a
// picture) with the amount and the day paid; staff see every upload of the tenant, and match
// one (the money is in the bank: it goes on the ledger as an EFT payment, exactly once) or
// reject it (the account is told why). The file is checked by what its bytes are, never by the
// type it claims, and is served back only to its own account and the tenant's staff.
import { sql } from "kysely";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { formatRandCents, formatShopDate } from "@trade-shop/contracts/format";
import type { PaymentProof, ProofStatus, SubmitProofCommand } from "@trade-shop/contracts/payments";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { userFullName } from "../../db/user-name";
import { DomainError, invalid, notFound } from "../../core/domain-error";
import { refuseViewer, sastDay, type CustomerContext } from "../accounts";
import { MAX_DOCUMENT_BYTES, documentDownloadName, plainFileName, readDocument } from "../catalogue";
import { canSend, queueEmail } from "../messaging";
import { lockPayment, recordPayment } from "./ledger";
import { newPaymentReference } from "./payments";

/** The largest proof taken: 5 MB, as for every uploaded document. */
export const MAX_PROOF_BYTES = MAX_DOCUMENT_BYTES;
/** The most proofs one list shows. */
export const PROOF_LIST_LIMIT = 200;

/** Whose proofs a caller may see: a customer's own account's, or (staff) the whole tenant's. */
export type ProofScope = { tenantId: string; customerId?: number };

interface ProofRow {
  id: number;
  tenantId: string;
  customerId: number;
  accountId: string;
  accountName: string;
  amountCents: number;
  paidOn: string;
  bankReference: string | null;
  fileName: string;
  contentType: string;
  status: ProofStatus;
  submittedAt: Date;
  submittedBy: string | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  reason: string | null;
  paymentReference: string | null;
}

function proofQuery(db: Db, scope: ProofScope) {
  let query = db
    .selectFrom("paymentProofs as p")
    .innerJoin("customers as c", "c.id", "p.customerId")
    .leftJoin("users as s", "s.id", "p.submittedBy")
    .leftJoin("users as d", "d.id", "p.decidedBy")
    .leftJoin("payments as pay", "pay.id", "p.paymentId")
    .select([
      "p.id",
      "p.tenantId",
      "p.customerId",
      "c.accountId",
      "c.name as accountName",
      "p.amountCents",
      sql<string>`p.paid_on::text`.as("paidOn"),
      "p.bankReference",
      "p.fileName",
      "p.contentType",
      sql<ProofStatus>`p.status`.as("status"),
      "p.submittedAt",
      userFullName("s").as("submittedBy"),
      "p.decidedAt",
      userFullName("d").as("decidedBy"),
      "p.reason",
      "pay.reference as paymentReference",
    ])
    .where("p.tenantId", "=", scope.tenantId);
  if (scope.customerId !== undefined) query = query.where("p.customerId", "=", scope.customerId);
  return query;
}

function toProof(row: ProofRow): PaymentProof {
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    amount: toRand(Number(row.amountCents)),
    paidOn: row.paidOn,
    bankReference: row.bankReference,
    fileName: row.fileName,
    contentType: row.contentType,
    status: row.status,
    submittedAt: new Date(row.submittedAt).toISOString(),
    submittedBy: row.submittedBy,
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    decidedBy: row.decidedBy,
    reason: row.reason,
    paymentReference: row.paymentReference,
  };
}

async function proofById(db: Db, scope: ProofScope, id: number): Promise<PaymentProof> {
  const row = await proofQuery(db, scope).where("p.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`There is no proof of payment ${id}.`);
  return toProof(row as ProofRow);
}

export async function submitProof(
  db: Db,
  customer: CustomerContext,
  userId: number,
  command: SubmitProofCommand,
  today: string = sastDay(new Date()),
): Promise<PaymentProof> {
  await refuseViewer(db, customer, userId);
  if (command.paidOn > today) throw invalid("paidOn", "The day paid cannot be in the future.");
  const { bytes, contentType } = await readDocument(command.file, { field: "file", what: "proof" });
  const { id } = await db
    .insertInto("paymentProofs")
    .values({
      tenantId: customer.tenantId,
      customerId: customer.customerId,
      amountCents: toCents(command.amount),
      paidOn: command.paidOn,
      bankReference: command.bankReference || null,
      fileName: plainFileName(command.fileName, "proof"),
      contentType,
      fileBytes: bytes,
      submittedBy: userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return proofById(db, customer, id);
}

/** The scope's proofs, newest first, at most PROOF_LIST_LIMIT. */
export async function listProofs(db: Db, scope: ProofScope, status?: ProofStatus): Promise<PaymentProof[]> {
  let query = proofQuery(db, scope);
  if (status) query = query.where("p.status", "=", status);
  const rows = await query
    .orderBy("p.submittedAt", "desc")
    .orderBy("p.id", "desc")
    .limit(PROOF_LIST_LIMIT)
    .execute();
  return rows.map((row) => toProof(row as ProofRow));
}

/** The file of a proof the scope may see; any other proof is not found (its existence is not told). */
export async function proofFile(db: Db, scope: ProofScope, id: number) {
  let query = db
    .selectFrom("paymentProofs")
    .select(["id", "fileName", "contentType", "fileBytes"])
    .where("id", "=", id)
    .where("tenantId", "=", scope.tenantId);
  if (scope.customerId !== undefined) query = query.where("customerId", "=", scope.customerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`There is no proof of payment ${id}.`);
  return {
    bytes: Buffer.from(row.fileBytes),
    contentType: row.contentType,
    fileName: documentDownloadName(`proof-${row.id}`, row.fileName, row.contentType),
  };
}

interface LockedProof {
  id: number;
  tenantId: string;
  customerId: number;
  amountCents: number;
  paidOn: string;
  bankReference: string | null;
  status: ProofStatus;
}

/** The tenant's proof, locked to the end of the transaction, still Submitted; else why not. */
async function lockSubmittedProof(trx: Db, tenantId: string, id: number): Promise<LockedProof> {
  const { rows } = await sql<LockedProof>`
    SELECT id, tenant_id, customer_id, amount_cents, paid_on::text AS paid_on, bank_reference, status
      FROM payment_proofs WHERE id = ${id} AND tenant_id = ${tenantId} FOR UPDATE`.execute(trx);
  const proof = rows[0];
  if (!proof) throw notFound(`There is no proof of payment ${id}.`);
  if (proof.status !== "Submitted") {
    // `proofStatus`, not `status`: a problem's `status` is its HTTP status (RFC 9457).
    throw new DomainError(
      "proof_decided",
      `The proof of payment was ${proof.status.toLowerCase()} already.`,
      {
        extensions: { proofStatus: proof.status },
      },
    );
  }
  return proof;
}

type MailConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">;

/** Staff: the money is in the bank. The proof becomes an EFT payment on the ledger, once. */
export async function matchProof(
  db: Db,
  config: MailConfig,
  tenantId: string,
  staffUserId: number,
  id: number,
): Promise<PaymentProof> {
  await db.transaction().execute(async (trx) => {
    const proof = await lockSubmittedProof(trx, tenantId, id);
    const reference = newPaymentReference();
    await trx
      .insertInto("payments")
      .values({
        tenantId: proof.tenantId,
        customerId: proof.customerId,
        reference,
        method: "EFT",
        status: "Started",
        amountCents: Number(proof.amountCents),
        orderId: null,
        startedBy: staffUserId,
      })
      .execute();
    const payment = (await lockPayment(trx, reference))!;
    await recordPayment(trx, config, payment, {
      gatewayId: null,
      externalReference: proof.bankReference ?? null,
    });
    await trx
      .updateTable("paymentProofs")
      .set({ status: "Matched", decidedBy: staffUserId, decidedAt: sql`now()`, paymentId: payment.id })
      .where("id", "=", proof.id)
      .execute();
  });
  return proofById(db, { tenantId }, id);
}

/** Staff: the money is not in the bank. The proof is rejected and the account told why. */
export async function rejectProof(
  db: Db,
  config: MailConfig,
  tenantId: string,
  staffUserId: number,
  id: number,
  reason: string,
): Promise<PaymentProof> {
  await db.transaction().execute(async (trx) => {
    const proof = await lockSubmittedProof(trx, tenantId, id);
    await trx
      .updateTable("paymentProofs")
      .set({ status: "Rejected", decidedBy: staffUserId, decidedAt: sql`now()`, reason })
      .where("id", "=", proof.id)
      .execute();
    const account = await trx
      .selectFrom("customers")
      .select(["accountId", "name", "contactEmail"])
      .where("id", "=", proof.customerId)
      .executeTakeFirstOrThrow();
    if (!account.contactEmail || !canSend(config, "email")) return;
    const amount = formatRandCents(Number(proof.amountCents));
    await queueEmail(trx, `proof-rejected:${proof.id}`, {
      to: account.contactEmail,
      subject: `Your proof of payment of ${amount} could not be matched (account ${account.accountId})`,
      text: [
        `Dear ${account.name},`,
        "",
        `We could not match the proof of payment of ${amount}, paid on ${formatShopDate(proof.paidOn)}${
          proof.bankReference ? ` with reference ${proof.bankReference}` : ""
        }, to a payment in our bank account:`,
        "",
        reason,
        "",
        "Your balance has not changed. If you did pay, please reply to this e-mail or upload the proof again from your statement page.",
        "",
        "Trade Shop",
      ].join("\n"),
    });
  });
  return proofById(db, { tenantId }, id);
}
