// PayFast's ITN (instant transaction notification): PayFast POSTs the outcome of a payment,
// form-encoded, to the notify_url the payment form gave it. Nothing in it is believed until
// (docs/payments.md):
//   - its signature is right (over the fields in the order posted, with the passphrase);
//   - it is for this merchant and for a payment the shop started;
//   - its amount is that payment's amount to the cent;
//   - PayFast's validate call confirms it sent exactly these fields.
// COMPLETE then records the payment (ledger.ts) once, however often PayFast repeats it; FAILED
// and CANCELLED mark a started payment so and change nothing else. Anything refused is answered
// 400 (404 for an unknown payment) and recorded nowhere.
import type { PayFastSettings, Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError, invalid, notFound } from "../../core/domain-error";
import { confirmedByPayFast, itnSignature, type Fields } from "./payfast";
import { lockPayment, recordPayment } from "./ledger";
import { toCents } from "@trade-shop/contracts/common";

export type ItnOutcome = "recorded" | "already recorded" | "failed" | "cancelled" | "ignored";

const field = (fields: Fields, name: string) => fields.find(([key]) => key === name)?.[1];

/** The ITN's amount_gross in cents, or undefined when it is no amount. */
function grossCents(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  return toCents(Number(text));
}

export async function acceptItn(
  db: Db,
  config: Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL"> & { payfast: PayFastSettings },
  fields: Fields,
  options: { validateTimeoutMs: number },
): Promise<ItnOutcome> {
  const { payfast } = config;
  const signature = field(fields, "signature");
  if (!signature || itnSignature(fields, payfast.passphrase) !== signature.toLowerCase())
    throw invalid("signature", "The notification's signature is not right.");
  if (field(fields, "merchant_id") !== payfast.merchantId)
    throw invalid("merchant_id", "The notification is for another merchant.");
  const reference = field(fields, "m_payment_id") ?? "";
  const gatewayId = field(fields, "pf_payment_id");
  if (!gatewayId) throw invalid("pf_payment_id", "The notification names no PayFast payment.");
  const status = field(fields, "payment_status");
  const cents = grossCents(field(fields, "amount_gross"));

  // Read first without a lock, to refuse what is plainly wrong before asking PayFast.
  const seen = await db
    .selectFrom("payments")
    .select(["amountCents", "method"])
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!seen || seen.method !== "PayFast") throw notFound(`There is no payment ${reference} to notify.`);
  if (cents !== Number(seen.amountCents))
    throw invalid("amount_gross", `The amount is not the payment's own (${reference}).`);
  if (!(await confirmedByPayFast(fields, { url: payfast.url, timeoutMs: options.validateTimeoutMs })))
    throw invalid("signature", "PayFast did not confirm the notification.");

  return db.transaction().execute(async (trx): Promise<ItnOutcome> => {
    const payment = (await lockPayment(trx, reference))!;
    if (payment.status === "Paid") {
      if (payment.gatewayId === gatewayId) return "already recorded";
      // A second PayFast payment for one reference: PayFast never makes one; refuse and log it.
      throw new DomainError(
        "validation",
        `Payment ${reference} was paid already by PayFast payment ${payment.gatewayId}.`,
      );
    }
    switch (status) {
      case "COMPLETE":
        await recordPayment(trx, config, payment, { gatewayId, externalReference: gatewayId });
        return "recorded";
      case "FAILED":
      case "CANCELLED": {
        const to = status === "FAILED" ? "Failed" : "Cancelled";
        await trx
          .updateTable("payments")
          .set({
            status: to,
            gatewayId,
            reason: status === "FAILED" ? "PayFast could not take the payment." : "Cancelled at PayFast.",
          })
          .where("id", "=", payment.id)
          .execute();
        return to === "Failed" ? "failed" : "cancelled";
      }
      default:
        // PENDING (an instant EFT the bank has not cleared): the COMPLETE one follows.
        return "ignored";
    }
  });
}
