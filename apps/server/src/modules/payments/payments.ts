// Paying online (docs/payments.md): what the account can pay, starting a payment (a Started row
// and the signed form the browser posts to PayFast), and a payment as the customer sees it.
import { randomInt } from "node:crypto";
import { sql } from "kysely";
import { toCents, toRand } from "@trade-shop/contracts/common";
import { formatRandCents } from "@trade-shop/contracts/format";
import {
  MINIMUM_PAYMENT,
  type Payment,
  type PaymentOptions,
  type PaymentRedirect,
  type StartPaymentCommand,
} from "@trade-shop/contracts/payments";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError, invalid, notFound } from "../../core/domain-error";
import { refuseViewer, type CustomerContext } from "../accounts";
import { orderAwaitingPayment } from "../orders";
import { payfastAmount, signedCheckoutFields } from "./payfast";
import type { PaymentRow } from "./ledger";

type PaymentsConfig = Pick<Config, "payfast" | "bank" | "publicUrl">;

const MINIMUM_CENTS = toCents(MINIMUM_PAYMENT);

/** What the account owes now: its balance, or 0 when it is in credit. */
async function balanceDueCents(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom("customers")
    .select("dcBalanceCents")
    .where("id", "=", customerId)
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.dcBalanceCents));
}

export async function paymentOptions(
  db: Db,
  config: PaymentsConfig,
  customer: CustomerContext,
): Promise<PaymentOptions> {
  const due = await balanceDueCents(db, customer.customerId);
  return {
    online: config.payfast !== undefined,
    minimum: toRand(Math.min(MINIMUM_CENTS, due)),
    balanceDue: toRand(due),
    bank: config.bank ?? null,
    reference: customer.accountId,
  };
}

/** PAY- and ten characters no one misreads (no I, L, O or U). */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const newPaymentReference = () =>
  `PAY-${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

export async function startPayment(
  db: Db,
  config: PaymentsConfig,
  customer: CustomerContext,
  userId: number,
  command: StartPaymentCommand,
): Promise<PaymentRedirect> {
  await refuseViewer(db, customer, userId);
  const payfast = config.payfast;
  if (!payfast) {
    throw new DomainError(
      "payments_unavailable",
      "The shop takes no online payments yet: please pay by EFT to the bank account on your statement.",
    );
  }
  const reference = newPaymentReference();
  const { amountCents, orderNumber } = await db.transaction().execute(async (trx) => {
    let amountCents: number;
    let order: { id: number; orderId: string } | null = null;
    if (command.orderId !== undefined) {
      const awaiting = await orderAwaitingPayment(trx, customer.customerId, command.orderId);
      amountCents = awaiting.paymentDueCents;
      order = awaiting;
    } else {
      amountCents = toCents(command.amount!);
      const due = await balanceDueCents(trx, customer.customerId);
      if (due === 0) throw invalid("amount", "Nothing is owed on your account: there is nothing to pay.");
      const least = Math.min(MINIMUM_CENTS, due);
      if (amountCents < least || amountCents > due) {
        throw invalid(
          "amount",
          `Pay from ${formatRandCents(least)} up to ${formatRandCents(due)}, the balance due.`,
        );
      }
    }
    await trx
      .insertInto("payments")
      .values({
        tenantId: customer.tenantId,
        customerId: customer.customerId,
        reference,
        method: "PayFast",
        amountCents,
        orderId: order?.id ?? null,
        startedBy: userId,
      })
      .execute();
    return { amountCents, orderNumber: order?.orderId ?? null };
  });
  const user = await db
    .selectFrom("users")
    .select(["firstname", "lastname", "email"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const back = `${config.publicUrl}/payments/${reference}`;
  const fields = signedCheckoutFields(
    {
      merchant_id: payfast.merchantId,
      merchant_key: payfast.merchantKey,
      return_url: back,
      cancel_url: `${back}?cancelled=1`,
      notify_url: `${config.publicUrl}/api/Payments/PayFast/Notify`,
      name_first: user?.firstname.slice(0, 100),
      name_last: user?.lastname.slice(0, 100),
      email_address: user?.email.slice(0, 100),
      m_payment_id: reference,
      amount: payfastAmount(amountCents),
      item_name: orderNumber
        ? `Order ${orderNumber}: the part over credit`
        : `Payment on account ${customer.accountId}`,
      custom_str1: customer.accountId,
    },
    payfast.passphrase,
  );
  return {
    reference,
    amount: toRand(amountCents),
    action: `${payfast.url}/eng/process`,
    fields: fields.map(([name, value]) => ({ name, value })),
  };
}

export function toPayment(row: PaymentRow & { orderNumber: string | null }): Payment {
  return {
    reference: row.reference,
    amount: toRand(Number(row.amountCents)),
    status: row.status,
    method: row.method,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    gatewayId: row.gatewayId,
    reason: row.reason,
  };
}

/** A payment of the account's; another account's is not found. */
export async function paymentOf(db: Db, customer: CustomerContext, reference: string) {
  const { rows } = await sql<PaymentRow & { orderNumber: string | null }>`
    SELECT p.id, p.tenant_id, p.customer_id, p.reference, p.method, p.amount_cents, p.order_id, p.status,
           p.gateway_id, p.created_at, p.paid_at, p.reason, p.started_by, o.order_id AS order_number
      FROM payments p LEFT JOIN orders o ON o.id = p.order_id
     WHERE p.reference = ${reference} AND p.customer_id = ${customer.customerId}
       AND p.tenant_id = ${customer.tenantId}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound(`There is no payment ${reference} on your account.`);
  return row;
}

export async function getPayment(db: Db, customer: CustomerContext, reference: string): Promise<Payment> {
  return toPayment(await paymentOf(db, customer, reference));
}
