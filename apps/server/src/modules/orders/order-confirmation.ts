// The order confirmation e-mail: queued in the placing transaction (so it goes exactly when the
// order commits) to the customer account's contact address, whoever placed the order — a buyer
// of the account or a Rep ordering for it (decision 127).
import { toCents } from "@trade-shop/contracts/common";
import { formatRandCents, formatShopDateTime, expectedDayText } from "@trade-shop/contracts/format";
import type { Order } from "@trade-shop/contracts/orders";
import type { Db } from "../../db/database";
import { queueEmail } from "../messaging";

export async function queueOrderConfirmation(
  trx: Db,
  order: Order,
  account: { name: string; contactEmail: string | null },
) {
  if (!account.contactEmail) return;
  const lines = order.orderLines.map(
    (l) =>
      `  ${l.quantity} x ${l.productDescription}: ${formatRandCents(toCents(l.totalPriceExcl))} excl. VAT`,
  );
  await queueEmail(trx, `order-confirmation:${order.id}`, {
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
