// Staff's side of the applications of their tenant (docs/applications.md): the list, one
// application with what to approve it with, asking the applicant for more, and declining. Another
// tenant's application is not found. Approving is approve.ts.
import { sql } from "kysely";
import type { z } from "zod";
import type {
  ApplicationStatus,
  ApplicationSummary,
  ApprovalChoices,
  BusinessDetails,
  StaffApplication,
} from "@trade-shop/contracts/applications";
import type { Db } from "../../db/database";
import { canSend, queueEmail, queueSms } from "../messaging";
import { maskEmail, toE164 } from "../identity";
import { applicationOf, lockUndecided, touch, type StoredCredit } from "./records";
import { newStatusLink } from "./status-links";
import type { ApplicationsConfig } from "./submit";
import { warehousesNearest } from "./warehouses";

/** The most applications one list shows. */
export const APPLICATION_LIST_LIMIT = 200;

/** Whoever decides, in the tenant they act for. */
export interface Reviewer {
  tenantId: string;
  userId: number;
}

export async function listApplications(
  db: Db,
  tenantId: string,
  status?: ApplicationStatus,
): Promise<z.infer<typeof ApplicationSummary>[]> {
  let query = db
    .selectFrom("accountApplications as a")
    .leftJoin("customers as c", "c.id", "a.customerId")
    .select([
      "a.id",
      "a.reference",
      "a.status",
      "a.submittedAt",
      "a.updatedAt",
      "c.accountId",
      "a.business",
      "a.credit",
    ])
    .where("a.tenantId", "=", tenantId);
  if (status) query = query.where("a.status", "=", status);
  // account_applications_tenant_idx. Undecided first, the longest waiting first; then the latest decided.
  const rows = await query
    .orderBy(sql`a.decided_at IS NULL`, "desc")
    .orderBy(sql`CASE WHEN a.decided_at IS NULL THEN a.submitted_at END`, "asc")
    .orderBy(sql`CASE WHEN a.decided_at IS NULL THEN a.id END`, "asc")
    .orderBy("a.decidedAt", "desc")
    .orderBy("a.id", "desc")
    .limit(APPLICATION_LIST_LIMIT)
    .execute();
  return rows.map((row) => {
    const business = row.business as unknown as BusinessDetails;
    const credit = row.credit as unknown as StoredCredit | null;
    return {
      id: row.id,
      reference: row.reference,
      status: row.status as ApplicationStatus,
      submittedAt: new Date(row.submittedAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
      accountId: row.accountId,
      businessName: business.businessName,
      kind: business.kind,
      city: business.address.city,
      creditRequested: credit?.requestedLimit ?? null,
      liquor: business.liquorLicence !== null,
    };
  });
}

async function approvalChoices(
  db: Db,
  tenantId: string,
  business: BusinessDetails,
): Promise<z.infer<typeof ApprovalChoices>> {
  const [priceLists, warehouses] = await Promise.all([
    db
      .selectFrom("priceLists")
      .select(["id", "name"])
      .where("tenantId", "=", tenantId)
      .orderBy("name")
      .orderBy("id")
      .execute(),
    warehousesNearest(db, business),
  ]);
  return { priceLists, warehouses };
}

/** One application of the tenant with the price lists and warehouses (nearest first) to approve it with. */
export async function staffApplication(db: Db, tenantId: string, id: number): Promise<StaffApplication> {
  const application = await applicationOf(db, id, tenantId);
  return { ...application, choices: await approvalChoices(db, tenantId, application.business) };
}

/**
 * Asks the applicant for more: the message on the application, which waits for them, an e-mail
 * with the message and a new status link (a link cannot be written out again from its hash,
 * decision 156), and an SMS that says to read it. The SMS has no link: the cellphone number was never proved theirs.
 */
export async function askForInformation(
  db: Db,
  config: ApplicationsConfig,
  reviewer: Reviewer,
  id: number,
  text: string,
): Promise<StaffApplication> {
  await db.transaction().execute(async (trx) => {
    const application = await lockUndecided(trx, id, reviewer.tenantId);
    const { id: messageId } = await trx
      .insertInto("applicationMessages")
      .values({ applicationId: id, sender: "Staff", staffUserId: reviewer.userId, text })
      .returning("id")
      .executeTakeFirstOrThrow();
    await touch(trx, id, "More information needed");
    const { business, reference } = application;
    if (canSend(config, "email")) {
      const { link } = await newStatusLink(trx, config, id);
      await queueEmail(trx, `application-question:${messageId}`, {
        to: business.email,
        subject: `Your application ${reference}: we need more information`,
        text: [
          `Dear ${business.contactName},`,
          "",
          `To decide on the application of ${business.businessName} (${reference}), we need more from you:`,
          "",
          text,
          "",
          "Answer and add documents here:",
          link,
          "",
          "Keep this link to yourself: anyone who has it can see your application and its documents.",
          "",
          "Trade Shop",
        ].join("\n"),
      });
    }
    const cell = toE164(business.mobile);
    if (cell && canSend(config, "sms")) {
      await queueSms(trx, `application-question:${messageId}:sms`, {
        to: cell,
        text: `Trade Shop needs more information for your account application ${reference}. We e-mailed ${maskEmail(business.email.toLowerCase())} what we need.`,
      });
    }
  });
  return staffApplication(db, reviewer.tenantId, id);
}

/** Declines the application with the reason the applicant is told by e-mail. */
export async function declineApplication(
  db: Db,
  config: ApplicationsConfig,
  reviewer: Reviewer,
  id: number,
  reason: string,
): Promise<StaffApplication> {
  await db.transaction().execute(async (trx) => {
    const { business, reference } = await lockUndecided(trx, id, reviewer.tenantId);
    await trx
      .updateTable("accountApplications")
      .set({
        status: "Declined" satisfies ApplicationStatus,
        declineReason: reason,
        decidedBy: reviewer.userId,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where("id", "=", id)
      .execute();
    if (!canSend(config, "email")) return;
    await queueEmail(trx, `application-declined:${id}`, {
      to: business.email,
      subject: `Your application ${reference} was not approved`,
      text: [
        `Dear ${business.contactName},`,
        "",
        `We are sorry: we cannot open a Trade Shop account for ${business.businessName} (${reference}).`,
        "",
        reason,
        "",
        "If something has changed, or you think we got it wrong, please reply to this e-mail.",
        "",
        "Trade Shop",
      ].join("\n"),
    });
  });
  return staffApplication(db, reviewer.tenantId, id);
}
