// A payment onto the account's ledger (docs/payments.md), in the caller's transaction on the
// locked payment: marked Paid, a Payment document on the statement, the balance lowered by it
// (which raises remaining credit; the customers trigger tells the browsers at once), its report
// queued for the back office, the order it paid for handed off, and the receipt e-mailed. The
// document is unique per account, kind and reference, so nothing is ever booked twice.
import { sql } from "kysely";
import { toRand } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { reportPayment } from "../backoffice";
import { canSend, queueEmail } from "../messaging";
import { orderPaid } from "../orders";
import { METHOD_TEXTS, receiptPdf, type ReceiptFacts } from "./receipt-pdf";

export interface PaymentRow {
  id: number;
  tenantId: string;
  customerId: number;
  reference: string;
  method: "PayFast" | "EFT";
  amountCents: number;
  orderId: number | null;
  status: "Started" | "Paid" | "Failed" | "Cancelled";
  gatewayId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  reason: string | null;
  startedBy: number | null;
}

/** The payment with this reference, locked to the end of the transaction. */
export async function lockPayment(trx: Db, reference: string): Promise<PaymentRow | undefined> {
  const { rows } = await sql<PaymentRow>`
    SELECT id, tenant_id, customer_id, reference, method, amount_cents, order_id, status, gateway_id,
           created_at, paid_at, reason, started_by
      FROM payments WHERE reference = ${reference} FOR UPDATE`.execute(trx);
  return rows[0];
}

type MailConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">;

export async function recordPayment(
  trx: Db,
  config: MailConfig,
  payment: PaymentRow,
  /** PayFast's id of the payment (gateway), or the bank reference an EFT quoted. */
  outside: { gatewayId: string | null; externalReference: string | null },
): Promise<void> {
  const { rows } = await sql<{ paidAt: Date }>`
    UPDATE payments SET status = 'Paid', paid_at = now(), gateway_id = ${outside.gatewayId}, reason = NULL
     WHERE id = ${payment.id} RETURNING paid_at`.execute(trx);
  const paidAt = rows[0]!.paidAt;
  const inserted = await sql<{ id: number }>`
    INSERT INTO account_documents (customer_id, kind, reference, document_date, amount_cents, order_id, description)
    VALUES (${payment.customerId}, 'payment', ${payment.reference}, ${paidAt}, ${payment.amountCents},
            ${payment.orderId}, ${METHOD_TEXTS[payment.method]})
    ON CONFLICT (customer_id, kind, reference) DO NOTHING
    RETURNING id`.execute(trx);
  const { rows: accounts } = await sql<{
    accountId: string;
    name: string;
    contactEmail: string | null;
    balanceCents: number;
  }>`
    UPDATE customers SET dc_balance_cents = dc_balance_cents - ${inserted.rows.length > 0 ? payment.amountCents : 0}
     WHERE id = ${payment.customerId}
     RETURNING account_id, name, contact_email, dc_balance_cents AS balance_cents`.execute(trx);
  const account = accounts[0]!;
  const customer = { tenantId: payment.tenantId, customerId: payment.customerId };
  const orderNumber = payment.orderId === null ? null : await orderNumberOf(trx, payment.orderId);
  await reportPayment(
    trx,
    {
      tenantId: payment.tenantId,
      accountId: account.accountId,
      reference: payment.reference,
      amount: toRand(payment.amountCents),
      date: paidAt.toISOString(),
      method: payment.method,
      externalReference: outside.externalReference,
      orderId: orderNumber,
    },
    customer,
  );
  if (payment.orderId !== null) {
    await orderPaid(trx, customer, payment.orderId, {
      reference: payment.reference,
      amountCents: payment.amountCents,
      gatewayId: outside.gatewayId,
    });
  }
  if (account.contactEmail && canSend(config, "email")) {
    const facts: ReceiptFacts = {
      reference: payment.reference,
      amountCents: payment.amountCents,
      method: payment.method,
      paidAt,
      accountId: account.accountId,
      accountName: account.name,
      externalReference: outside.externalReference,
      orderNumber,
      balanceAfterCents: Number(account.balanceCents),
    };
    await queueEmail(trx, `receipt:${payment.reference}`, {
      to: account.contactEmail,
      subject: `Receipt ${payment.reference}: ${formatRandCents(payment.amountCents)} paid on account ${account.accountId}`,
      text: [
        `Dear ${account.name},`,
        "",
        `Thank you: we received ${formatRandCents(payment.amountCents)} (${METHOD_TEXTS[payment.method]}).`,
        orderNumber ? `It paid for order ${orderNumber}, which has gone to us for picking.` : null,
        `Your account's balance is now ${formatRandCents(Number(account.balanceCents))}.`,
        "",
        "The receipt is attached.",
        "",
        "Trade Shop",
      ]
        .filter((line) => line !== null)
        .join("\n"),
      attachments: [
        {
          filename: `receipt-${payment.reference}.pdf`,
          contentType: "application/pdf",
          contentBase64: Buffer.from(await receiptPdf(facts)).toString("base64"),
        },
      ],
    });
  }
}

async function orderNumberOf(trx: Db, orderId: number): Promise<string | null> {
  const row = await trx.selectFrom("orders").select("orderId").where("id", "=", orderId).executeTakeFirst();
  return row?.orderId ?? null;
}
