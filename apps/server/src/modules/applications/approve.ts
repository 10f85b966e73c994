// Approving an application (docs/applications.md), exactly once: in one transaction on the
// locked application, the customer account is opened (the accounts module's customers and
// customer_addresses rows, written here only), reported to the back office through the outbox,
// and the applicant invited as its Owner and told by e-mail. A second approval, or one after a
// decline, waits for the lock and is refused.
import { sql } from "kysely";
import { toCents } from "@trade-shop/contracts/common";
import type { z } from "zod";
import type {
  ApproveApplicationCommand,
  BusinessDetails,
  BusinessKind,
  StaffApplication,
} from "@trade-shop/contracts/applications";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { Db } from "../../db/database";
import { invalid } from "../../core/domain-error";
import { inviteOwner, sastDay } from "../accounts";
import { reportAccount } from "../backoffice";
import { toE164 } from "../identity";
import { assertCanSend, queueEmail } from "../messaging";
import { lockUndecided, type LockedApplication } from "./records";
import { staffApplication, type Reviewer } from "./review";
import type { ApplicationsConfig } from "./submit";

/** The terms a new account starts on; the back office may change them later. */
export const PAYMENT_TERMS_DAYS = 30;

/** The demo's channel groups (docs/demo-data.md) by the kind of business an applicant chose. */
const CHANNELS: Record<BusinessKind, { group: string; subGroup: string } | null> = {
  Spaza: { group: "Informal Retail", subGroup: "Spaza" },
  Tuckshop: { group: "Informal Retail", subGroup: "Tuck Shop" },
  Tavern: { group: "On Consumption", subGroup: "Tavern" },
  Supermarket: { group: "Independent Retail", subGroup: "Supermarket" },
  Wholesaler: { group: "Wholesale", subGroup: "Distributor" },
  "Restaurant or take-away": { group: "On Consumption", subGroup: "Restaurant" },
  Other: null,
};

type Approval = z.infer<typeof ApproveApplicationCommand>;

/** "Thandi Nomsa Mokoena" -> Thandi Nomsa, Mokoena: the surname is the last word. */
export function splitName(name: string): { firstname: string; lastname: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstname: words[0] ?? "", lastname: "" };
  return { firstname: words.slice(0, -1).join(" "), lastname: words.at(-1)! };
}

/** The next account number no tenant has (CUS and at least four digits), so a number names one account. */
async function nextAccountId(trx: Db): Promise<string> {
  // Two approvals at once in any tenant take turns here until their transactions end.
  await sql`SELECT pg_advisory_xact_lock(hashtext('customers.account_id'))`.execute(trx);
  const { rows } = await sql<{ last: number | null }>`
    SELECT max(substring(account_id FROM 4)::int) AS last FROM customers WHERE account_id ~ '^CUS[0-9]{1,9}$'`.execute(
    trx,
  );
  return `CUS${String((rows[0]?.last ?? 0) + 1).padStart(4, "0")}`;
}

/** The staff's choices, checked against the tenant and the application. */
async function checkChoices(trx: Db, application: LockedApplication, approval: Approval) {
  const priceList = await trx
    .selectFrom("priceLists")
    .select(["id", "name"])
    .where("id", "=", approval.priceListId)
    .where("tenantId", "=", application.tenantId)
    .executeTakeFirst();
  if (!priceList) throw invalid("priceListId", "Choose one of this tenant's price lists.");
  const warehouse = await trx
    .selectFrom("warehouses")
    .select(["code", "name"])
    .where("code", "=", approval.warehouseCode)
    .executeTakeFirst();
  if (!warehouse) throw invalid("warehouseCode", "Choose one of the warehouses.");
  const licence = application.business.liquorLicence;
  if (approval.liquor) {
    if (licence === null)
      throw invalid("liquor", "The application has no liquor licence: the account cannot buy liquor.");
    if (licence.expiresOn < sastDay(new Date()))
      throw invalid(
        "liquor",
        `The liquor licence expired on ${licence.expiresOn}: ask for the new one first.`,
      );
  }
  return { priceList, warehouse };
}

/** The customers row's address lines, as the back office's accounts have them. */
function addressLines(business: BusinessDetails) {
  const { address } = business;
  return {
    address1: [address.line1, address.line2].filter(Boolean).join(", "),
    address2: address.suburb || null,
    address3: address.city,
    address4: address.province,
    address5: "South Africa",
    addressPc: address.postalCode,
  };
}

/** The account's name: the registered name, and the trading name as South African invoices put it. */
const accountName = (business: BusinessDetails) =>
  business.tradingName && business.tradingName.toLowerCase() !== business.businessName.toLowerCase()
    ? `${business.businessName} t/a ${business.tradingName}`
    : business.businessName;

export async function approveApplication(
  db: Db,
  config: ApplicationsConfig,
  reviewer: Reviewer,
  id: number,
  approval: Approval,
): Promise<StaffApplication> {
  // The Owner's invitation must reach them: no approval a mail server cannot announce.
  assertCanSend(config, "email");
  await db.transaction().execute(async (trx) => {
    const application = await lockUndecided(trx, id, reviewer.tenantId);
    const { priceList, warehouse } = await checkChoices(trx, application, approval);
    const { business } = application;
    const accountId = await nextAccountId(trx);
    const licence = approval.liquor ? business.liquorLicence : null;
    const creditLimitCents = toCents(approval.creditLimit);
    const lines = addressLines(business);
    const cellphone = toE164(business.mobile) ?? business.mobile;
    const channel = CHANNELS[business.kind];
    const { id: customerId } = await trx
      .insertInto("customers")
      .values({
        tenantId: application.tenantId,
        accountId,
        name: accountName(business),
        grouping1: business.address.province,
        grouping2: channel?.group ?? null,
        ...lines,
        latitude: business.latitude,
        longitude: business.longitude,
        pastelCustomerId: accountId,
        contactName: business.contactName,
        contactCellphone: cellphone,
        contactEmail: business.email,
        taxNumber: business.vatNumber ?? null,
        registrationNumber: business.companyRegistration ?? null,
        nominatedDeliveryDate: business.deliveryDay,
        channelGroup: channel?.group ?? null,
        channelSubGroup: channel?.subGroup ?? null,
        mainWarehouseCode: warehouse.code,
        pricelistId: priceList.id,
        active: true,
        isLiquorCustomer: licence !== null,
        stockingWarehouseCode: warehouse.code,
        deliveryMethod: "Delivery",
        creditLimitCents,
        dcBalanceCents: 0,
        paymentTermsDays: PAYMENT_TERMS_DAYS,
        liquorLicenceNumber: licence?.number ?? null,
        liquorLicenceExpiresOn: licence?.expiresOn ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("customerAddresses")
      .values({ customerId, label: "Main store", ...lines, isDefault: true })
      .execute();
    await trx
      .updateTable("accountApplications")
      .set({
        status: "Approved",
        customerId,
        decidedBy: reviewer.userId,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where("id", "=", id)
      .execute();

    const tenantCustomer = { tenantId: application.tenantId, customerId };
    await reportAccount(
      trx,
      {
        tenantId: application.tenantId,
        accountId,
        name: accountName(business),
        kind: business.kind,
        address: {
          address1: lines.address1,
          address2: lines.address2,
          address3: lines.address3,
          address4: lines.address4,
          address5: lines.address5,
          postalCode: lines.addressPc,
        },
        latitude: business.latitude,
        longitude: business.longitude,
        contactName: business.contactName,
        contactEmail: business.email,
        contactCellphone: cellphone,
        vatNumber: business.vatNumber ?? null,
        registrationNumber: business.companyRegistration ?? null,
        priceListId: priceList.id,
        priceListName: priceList.name,
        warehouseCode: warehouse.code,
        creditLimit: approval.creditLimit,
        paymentTermsDays: PAYMENT_TERMS_DAYS,
        deliveryDay: business.deliveryDay,
        liquorLicence: licence,
        applicationReference: application.reference,
        openedAt: new Date().toISOString(),
      },
      tenantCustomer,
    );
    await inviteOwner(trx, config, {
      customerId,
      email: business.email,
      ...splitName(business.contactName),
      invitedBy: reviewer.userId,
    });
    await queueEmail(trx, `application-approved:${id}`, {
      to: business.email,
      subject: `Your application ${application.reference} is approved: account ${accountId}`,
      text: [
        `Dear ${business.contactName},`,
        "",
        `Welcome to Trade Shop: ${business.businessName} now has the account ${accountId}.`,
        `Credit limit: ${formatRandCents(creditLimitCents)}, on ${PAYMENT_TERMS_DAYS}-day terms. Deliveries come from our ${warehouse.name} warehouse on ${business.deliveryDay}s.`,
        ...(licence === null ? [] : [`You may buy liquor under licence ${licence.number}.`]),
        "",
        "A second e-mail brings the link to choose your password; with it you log in as the account's owner.",
        "",
        "Trade Shop",
      ].join("\n"),
    });
  });
  return staffApplication(db, reviewer.tenantId, id);
}
