// The order confirmation e-mail: queued in the placing transaction (so it goes exactly when the
// order commits), with the order's hand-off in one statement, to the customer account's contact
// address, whoever placed the order — a buyer of the account or a Rep ordering for it (decision 127).
import { toCents } from "@trade-shop/contracts/common";
import { formatRandCents, formatShopDateTime, expectedDayText } from "@trade-shop/contracts/format";
import type { Order } from "@trade-shop/contracts/orders";
import type { OutboxMessage } from "../../core/outbox";
import { emailToQueue } from "../messaging";

/** The confirmation's outbox message; undefined for an account without a contact address. */
export function orderConfirmation(
  order: Order,
  account: { name: string; contactEmail: string | null },
): OutboxMessage | undefined {
  if (!account.contactEmail) return undefined;
  const lines = order.orderLines.map(
    (l) =>
      `  ${l.quantity} x ${l.productDescription}: ${formatRandCents(toCents(l.totalPriceExcl))} excl. VAT`,
  );
  return emailToQueue(`order-confirmation:${order.id}`, {
    to: account.contactEmail,
    subject: `Order ${order.orderId} received (${order.accountId})`,
    text: [
      `Dear ${account.name},`,
      "",
      `We have received order ${order.orderId}, placed on ${formatShopDateTime(order.createdDate)}${order.placedBy ? ` by ${order.placedBy}` : ""}.`,
      "",
      ...lines,
      "",
      `Total: ${formatRandCents(toCents(order.totalPriceExcl))} excl. VAT, ${formatRandCents(toCents(order.totalPriceIncl))} incl. VAT.`,
      ...(order.expectedDeliveryDate ? [`${expectedDayText(order)}.`] : []),
      "We will let you know as it moves through picking and delivery.",
      "",
      "Trade Shop",
    ].join("\n"),
  });
}
