// The liquor licence as the back office holds it (number and expiry date): why liquor may not
// be added or ordered, in words the customer can act on, and the notice e-mailed once per
// licence in the 30 days before it expires. A licence is valid to the end of its expiry day in
// Johannesburg.
import { formatShopDate } from "@trade-shop/contracts/format";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { queueEmail } from "../messaging";

export const LICENCE_NOTICE_DAYS = 30;

export interface LiquorStanding {
  isLiquorCustomer: boolean;
  liquorLicenceNumber: string | null;
  /** YYYY-MM-DD. */
  liquorLicenceExpiresOn: string | null;
  liquorLicenceExpired: boolean;
}

/** The SQL the customer's standing is read with (customers aliased as `customers`). */
export const liquorStandingColumns = [
  sql<string | null>`customers.liquor_licence_expires_on::text`.as("liquorLicenceExpiresOn"),
  sql<boolean>`coalesce(customers.liquor_licence_expires_on < (now() AT TIME ZONE 'Africa/Johannesburg')::date, false)`.as(
    "liquorLicenceExpired",
  ),
] as const;

export const liquorNotLicensed = () =>
  new DomainError(
    "liquor_not_allowed",
    "Your account is not licensed to buy liquor. Contact your sales representative to add a liquor licence.",
  );

export const licenceExpiredMessage = (
  standing: Pick<LiquorStanding, "liquorLicenceNumber" | "liquorLicenceExpiresOn">,
) =>
  `Your liquor licence${standing.liquorLicenceNumber ? ` ${standing.liquorLicenceNumber}` : ""} expired on ${formatShopDate(
    standing.liquorLicenceExpiresOn!,
  )}, so liquor cannot be added or ordered. Send your renewed licence to your sales representative to buy liquor again.`;

/** Why this customer may not buy liquor, or undefined when they may. */
export function liquorRefusal(standing: LiquorStanding): DomainError | undefined {
  if (!standing.isLiquorCustomer) return liquorNotLicensed();
  if (standing.liquorLicenceExpired) {
    const message = licenceExpiredMessage(standing);
    return new DomainError("liquor_licence_expired", message, {
      extensions: {
        detail: message,
        licenceNumber: standing.liquorLicenceNumber,
        licenceExpiresOn: standing.liquorLicenceExpiresOn,
      },
    });
  }
  return undefined;
}

/**
 * E-mails every licensed account whose licence expires within 30 days and has not been told
 * for this expiry date yet; the mark and the e-mail commit together. Run by the outbox
 * worker's hourly housekeeping; a renewed licence (a new date) is told again when its turn comes.
 */
export async function sendLiquorLicenceNotices(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      id: number;
      accountId: string;
      name: string;
      contactEmail: string | null;
      number: string | null;
      expiresOn: string;
    }>`
      SELECT id, account_id, name, contact_email, liquor_licence_number AS number, liquor_licence_expires_on::text AS expires_on
        FROM customers
       WHERE is_liquor_customer AND active
         AND liquor_licence_expires_on >= (now() AT TIME ZONE 'Africa/Johannesburg')::date
         AND liquor_licence_expires_on <= (now() AT TIME ZONE 'Africa/Johannesburg')::date + ${LICENCE_NOTICE_DAYS}::int
         AND liquor_licence_notice_for IS DISTINCT FROM liquor_licence_expires_on
       ORDER BY id
       LIMIT 200
         FOR UPDATE SKIP LOCKED`.execute(trx);
    for (const row of rows) {
      if (row.contactEmail) {
        await queueEmail(trx, `liquor-licence:${row.id}:${row.expiresOn}`, {
          to: row.contactEmail,
          subject: `Your liquor licence expires on ${formatShopDate(row.expiresOn)} (${row.accountId})`,
          text: [
            `Dear ${row.name},`,
            "",
            `Our records show your liquor licence${row.number ? ` ${row.number}` : ""} expires on ${formatShopDate(row.expiresOn)}.`,
            "After that day liquor cannot be added to your cart or ordered until we have your renewed licence.",
            "Please send the renewed licence to your sales representative before then.",
            "",
            "Trade Shop",
          ].join("\n"),
        });
      }
      await sql`UPDATE customers SET liquor_licence_notice_for = liquor_licence_expires_on WHERE id = ${row.id}`.execute(
        trx,
      );
    }
    return rows.length;
  });
}
