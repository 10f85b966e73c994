// Contact-form enquiries (docs/behaviour.md Contact): each one is stored and, in the same transaction,
// an e-mail to sales support is queued in the outbox, so an enquiry the shop accepted is
// never lost between the database and the mail server.
import type { UserEnquiry } from "@trade-shop/contracts/content";
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { assertCanSend, queueEmail } from "../messaging";

/** Where enquiries go: the Sales Support address the header and footer link to. */
export const SALES_SUPPORT_EMAIL = "sales@tradeshop.example";

/** docs/behaviour.md: what the contact page says once the message is on its way. */
export const ENQUIRY_RECEIVED: SuccessEnvelope = {
  success: true,
  title: "Message sent",
  message: "Thank you for your message. The provider will contact you shortly",
};

/** Who sent it, when the sender was logged in: sales support can look the account up. */
export interface EnquirySender {
  username: string;
  tenantId: string | undefined;
}

type EnquiryConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">;

/** A bot fills in every field it finds, including the `website` field people never see. */
export function isSpam(enquiry: UserEnquiry): boolean {
  return (enquiry.website ?? "").trim() !== "";
}

// Names go into a mail header: one line, no control characters.
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, " ").trim();

function emailText(id: number, enquiry: UserEnquiry, sender: EnquirySender | undefined): string {
  return [
    `Enquiry ${id} from the Trade Shop contact form.`,
    "",
    `Name:             ${oneLine(enquiry.name)}`,
    `E-mail:           ${enquiry.email}`,
    `Phone:            ${enquiry.phone}`,
    `Customer account: ${enquiry.customerAccount ?? "(not given)"}`,
    sender
      ? `Logged in as:     ${sender.username}${sender.tenantId ? ` (tenant ${sender.tenantId})` : ""}`
      : "Logged in as:     (not logged in)",
    "",
    "Message:",
    enquiry.message,
    "",
    `Reply to ${enquiry.email} or call ${enquiry.phone}.`,
  ].join("\n");
}

/**
 * Stores the enquiry and queues its e-mail to sales support. A honeypot hit is answered the
 * same way but stores and sends nothing, so a bot learns nothing from the answer.
 */
export async function receiveEnquiry(
  db: Db,
  config: EnquiryConfig,
  enquiry: UserEnquiry,
  sender: EnquirySender | undefined,
): Promise<{ envelope: SuccessEnvelope; enquiryId: number | null }> {
  if (isSpam(enquiry)) return { envelope: ENQUIRY_RECEIVED, enquiryId: null };
  assertCanSend(config, "email");
  const enquiryId = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("enquiries")
      .values({
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone,
        customerAccount: enquiry.customerAccount ?? null,
        message: enquiry.message,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const account = enquiry.customerAccount ? ` (${oneLine(enquiry.customerAccount)})` : "";
    await queueEmail(trx, `enquiry:${id}`, {
      to: SALES_SUPPORT_EMAIL,
      subject: `Website enquiry ${id} from ${oneLine(enquiry.name)}${account}`,
      text: emailText(id, enquiry, sender),
    });
    return id;
  });
  return { envelope: ENQUIRY_RECEIVED, enquiryId };
}
