// A trader applies for an account (docs/applications.md): the documents are read and the PIN
// checked before anything is stored, then the application, its documents and its first status
// link are written in one transaction, and the link is e-mailed to the PIN-checked address.
import { randomInt } from "node:crypto";
import type {
  Application,
  BusinessDetails,
  SubmitApplicationCommand,
} from "@trade-shop/contracts/applications";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError, invalid } from "../../core/domain-error";
import { queueEmail } from "../messaging";
import { checkDocuments, storeDocuments } from "./documents";
import { checkApplicationPin, usePin } from "./pins";
import { applicationOf, storedCredit, type StoredCredit } from "./records";
import { newStatusLink } from "./status-links";
import { warehousesNearest } from "./warehouses";

export type ApplicationsConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL" | "publicUrl">;

/** APP- and six characters no one misreads (no I, L, O or U), as payments' references. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const newReference = () =>
  `APP-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/**
 * The tenant an application goes to (decision 156): the one the request acts for (a login's, or
 * the TenantId header a visitor's browser sends). With neither, the trading arm of the pin's
 * region: the tenant whose accounts are stocked from the warehouse nearest the pin; a shop with
 * no such accounts yet, its first enabled tenant.
 */
export async function applicationTenant(
  db: Db,
  requested: string | undefined,
  pin: { latitude: number; longitude: number },
): Promise<string> {
  const enabled = await db
    .selectFrom("tenants")
    .select("id")
    .where("enabled", "=", true)
    .orderBy("id")
    .execute();
  const ids = new Set(enabled.map((t) => t.id));
  if (requested !== undefined) {
    if (ids.has(requested)) return requested;
    const message = `The shop has no tenant ${requested}.`;
    throw new DomainError("validation", message, { errors: { TenantId: [message] } });
  }
  const served = await db
    .selectFrom("customers")
    .select(["tenantId", "stockingWarehouseCode", (eb) => eb.fn.countAll<number>().as("accounts")])
    .where("active", "=", true)
    .groupBy(["tenantId", "stockingWarehouseCode"])
    .execute();
  for (const warehouse of await warehousesNearest(db, pin)) {
    const [arm] = served
      .filter((s) => s.stockingWarehouseCode === warehouse.code && ids.has(s.tenantId))
      .sort((a, b) => Number(b.accounts) - Number(a.accounts) || a.tenantId.localeCompare(b.tenantId));
    if (arm) return arm.tenantId;
  }
  const first = enabled[0];
  if (!first) throw new Error("The shop has no enabled tenant to take applications");
  return first.id;
}

async function insertApplication(
  trx: Db,
  values: { tenantId: string; business: BusinessDetails; credit: StoredCredit | null },
): Promise<{ id: number; reference: string }> {
  // A reference already taken is drawn again (one in a billion per draw at a million applications).
  for (let draw = 0; draw < 5; draw++) {
    const reference = newReference();
    const row = await trx
      .insertInto("accountApplications")
      .values({
        tenantId: values.tenantId,
        reference,
        business: JSON.stringify(values.business),
        credit: values.credit === null ? null : JSON.stringify(values.credit),
      })
      .onConflict((oc) => oc.column("reference").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row) return { id: row.id, reference };
  }
  throw new Error("No free application reference in five draws");
}

export async function submitApplication(
  db: Db,
  config: ApplicationsConfig,
  requestedTenant: string | undefined,
  command: SubmitApplicationCommand,
): Promise<{ application: Application; statusToken: string }> {
  const { business } = command;
  const documents = await checkDocuments(command.documents);
  if (business.liquorLicence !== null && !documents.some((d) => d.kind === "liquor_licence"))
    throw invalid("documents", "Add the liquor licence itself: a PDF or a photo of it.");
  const tenantId = await applicationTenant(db, requestedTenant, business);
  await checkApplicationPin(db, command.pinKey, command.pin, business.email);

  const credit = command.credit === null ? null : storedCredit(command.credit, new Date());
  const { id, token } = await db.transaction().execute(async (trx) => {
    await usePin(trx, command.pinKey);
    const { id, reference } = await insertApplication(trx, { tenantId, business, credit });
    await storeDocuments(trx, id, documents);
    const { token, link } = await newStatusLink(trx, config, id);
    await queueEmail(trx, `application-received:${id}`, {
      to: business.email,
      subject: `We received your application ${reference}`,
      text: [
        `Dear ${business.contactName},`,
        "",
        `Thank you for applying for a Trade Shop account for ${business.businessName}. Your reference is ${reference}.`,
        "We will look at your application and documents, and e-mail you when we decide or if we need more from you.",
        "",
        "See where it stands, answer our questions and add documents here:",
        link,
        "",
        "Keep this link to yourself: anyone who has it can see your application and its documents.",
        "",
        "Trade Shop",
      ].join("\n"),
    });
    return { id, token };
  });
  return { application: await applicationOf(db, id), statusToken: token };
}
