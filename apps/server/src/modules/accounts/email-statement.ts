// "E-mail me this statement": the month's statement PDF goes to the account's e-mail address
// through the outbox (queued in a transaction, retried until sent). The key holds the month
// and the minute, so a double click sends one e-mail and a later request sends another.
import type { SuccessEnvelope } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import { toCents } from "@trade-shop/contracts/common";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { assertCanSend, queueEmail } from "../messaging";
import { statementAccountOf, statementOf } from "./account-statement";
import { formatMonth } from "@trade-shop/contracts/format";
import { statementPdf } from "./statement-pdf";

export async function emailStatement(
  config: Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL" | "bank">,
  db: Db,
  customer: { customerId: number; accountId: string },
  month: string,
): Promise<SuccessEnvelope> {
  assertCanSend(config, "email");
  const account = await statementAccountOf(db, customer.customerId);
  if (!account.contactEmail) {
    throw new DomainError(
      "not_found",
      "Your account has no e-mail address on record; ask your sales representative to add one.",
    );
  }
  const statement = await statementOf(db, customer, month);
  const pdf = await statementPdf(statement, account, config.bank);
  const name = formatMonth(month);
  const minute = new Date().toISOString().slice(0, 16);
  await db.transaction().execute((trx) =>
    queueEmail(trx, `statement:${customer.accountId}:${month}:${minute}`, {
      to: account.contactEmail!,
      subject: `Your Trade Shop statement for ${name} (${customer.accountId})`,
      text: [
        `Dear ${statement.accountName},`,
        "",
        `Your statement for ${name} is attached.`,
        `Closing balance: ${formatRandCents(toCents(statement.closingBalance))}`,
        `Overdue: ${formatRandCents(toCents(statement.overdue))}`,
        "",
        "Trade Shop",
      ].join("\n"),
      attachments: [
        {
          filename: `statement-${customer.accountId}-${month}.pdf`,
          contentType: "application/pdf",
          contentBase64: Buffer.from(pdf).toString("base64"),
        },
      ],
    }),
  );
  return {
    success: true,
    message: `Your ${name} statement is on its way to ${account.contactEmail}.`,
    title: "Statement sent",
  };
}
