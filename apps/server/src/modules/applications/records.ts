// Reading applications in the contracts' shapes (the applicant's and staff's view are the same
// Application; staff's adds the approval choices, review.ts), and locking one for a change that
// must not cross a decision.
import { sql } from "kysely";
import {
  CREDIT_CHECK_CONSENT,
  type Application,
  type ApplicationStatus,
  type BusinessDetails,
  type CreditRequest,
  type DocumentKind,
} from "@trade-shop/contracts/applications";
import type { Db } from "../../db/database";
import { userFullName } from "../../db/user-name";
import { DomainError, notFound } from "../../core/domain-error";

/** The credit part as stored: the request without its tick box, with what was agreed to and when. */
export type StoredCredit = Omit<CreditRequest, "consent"> & { consentText: string; consentedAt: string };

export const DECIDED: readonly ApplicationStatus[] = ["Approved", "Declined"];

/** The credit request as kept: the consent's own words, and when it was given. */
export function storedCredit(credit: CreditRequest, at: Date): StoredCredit {
  return {
    requestedLimit: credit.requestedLimit,
    bankName: credit.bankName,
    accountHolder: credit.accountHolder,
    tradeReferences: credit.tradeReferences,
    consentText: CREDIT_CHECK_CONSENT,
    consentedAt: at.toISOString(),
  };
}

function applicationsQuery(db: Db) {
  return db
    .selectFrom("accountApplications as a")
    .leftJoin("users as d", "d.id", "a.decidedBy")
    .leftJoin("customers as c", "c.id", "a.customerId")
    .select([
      "a.id",
      "a.tenantId",
      "a.reference",
      "a.status",
      "a.business",
      "a.credit",
      "a.submittedAt",
      "a.updatedAt",
      "a.decidedAt",
      userFullName("d").as("decidedBy"),
      "a.declineReason",
      "c.accountId",
    ]);
}

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationsQuery>["executeTakeFirstOrThrow"]>>;

const iso = (at: Date | string) => new Date(at).toISOString();

async function toApplication(db: Db, row: ApplicationRow): Promise<Application> {
  const [documents, messages] = await Promise.all([
    db
      .selectFrom("applicationDocuments")
      .select(["id", "kind", "fileName", "contentType", "uploadedAt"])
      .where("applicationId", "=", row.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("applicationMessages as m")
      .leftJoin("users as s", "s.id", "m.staffUserId")
      .select(["m.sender", "m.text", "m.createdAt", userFullName("s").as("by")])
      .where("m.applicationId", "=", row.id)
      .orderBy("m.id")
      .execute(),
  ]);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as ApplicationStatus,
    submittedAt: iso(row.submittedAt),
    updatedAt: iso(row.updatedAt),
    business: row.business as unknown as BusinessDetails,
    credit: (row.credit as unknown as StoredCredit | null) ?? null,
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind as DocumentKind,
      fileName: d.fileName,
      contentType: d.contentType,
      uploadedAt: iso(d.uploadedAt),
    })),
    messages: messages.map((m) => ({
      from: m.sender as "Staff" | "Applicant",
      text: m.text,
      at: iso(m.createdAt),
      by: m.sender === "Staff" ? (m.by ?? "Trade Shop") : null,
    })),
    decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
    decidedBy: row.decidedBy,
    declineReason: row.declineReason,
    accountId: row.accountId,
  };
}

/** One application; with a tenant, only that tenant's (staff), else not found. */
export async function applicationOf(db: Db, id: number, tenantId?: string): Promise<Application> {
  let query = applicationsQuery(db).where("a.id", "=", id);
  if (tenantId !== undefined) query = query.where("a.tenantId", "=", tenantId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`There is no application ${id}.`);
  return toApplication(db, row);
}

export interface LockedApplication {
  id: number;
  tenantId: string;
  reference: string;
  status: ApplicationStatus;
  business: BusinessDetails;
  credit: StoredCredit | null;
}

/** Refuses a change once the application is decided: `applicationStatus` says how. */
export function refuseDecided(application: { status: ApplicationStatus; reference: string }) {
  if (!DECIDED.includes(application.status)) return;
  // `applicationStatus`, not `status`: a problem's `status` is its HTTP status (RFC 9457).
  throw new DomainError(
    "application_decided",
    `Application ${application.reference} was ${application.status.toLowerCase()} already.`,
    { extensions: { applicationStatus: application.status } },
  );
}

/**
 * The application, locked to the end of the transaction and still undecided; else not found (with
 * a tenant: not that tenant's) or why not. Two decisions at once: the second waits, then is refused.
 */
export async function lockUndecided(trx: Db, id: number, tenantId?: string): Promise<LockedApplication> {
  const { rows } = await sql<LockedApplication>`
    SELECT id, tenant_id, reference, status, business, credit FROM account_applications
     WHERE id = ${id} ${tenantId === undefined ? sql`` : sql`AND tenant_id = ${tenantId}`}
       FOR UPDATE`.execute(trx);
  const application = rows[0];
  if (!application) throw notFound(`There is no application ${id}.`);
  refuseDecided(application);
  return application;
}

/** Marks a change of the application; the applicant adding anything puts it back to staff. */
export async function touch(trx: Db, id: number, status?: ApplicationStatus) {
  await trx
    .updateTable("accountApplications")
    .set({ updatedAt: sql`now()`, ...(status ? { status } : {}) })
    .where("id", "=", id)
    .execute();
}
