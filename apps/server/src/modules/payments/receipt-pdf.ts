// A payment's receipt as a PDF: the letterhead, who paid, how much, how and when, and what it
// paid for; e-mailed when the payment is recorded and downloadable from the payment's page.
import { formatRandCents, formatShopDateTime } from "@trade-shop/contracts/format";
import { createPdfSheet } from "../../core/pdf-sheet";

export interface ReceiptFacts {
  reference: string;
  amountCents: number;
  method: "PayFast" | "EFT";
  paidAt: Date;
  accountId: string;
  accountName: string;
  /** PayFast's id of the payment, or the reference the EFT quoted. */
  externalReference: string | null;
  /** The order number it paid for, if it paid for one. */
  orderNumber: string | null;
  /** The account's balance just after it, when the receipt is made as it is recorded. */
  balanceAfterCents?: number;
}

export const METHOD_TEXTS = {
  PayFast: "PayFast payment (card or instant EFT)",
  EFT: "EFT payment",
} as const;

export async function receiptPdf(facts: ReceiptFacts): Promise<Uint8Array> {
  const amount = formatRandCents(facts.amountCents);
  const sheet = await createPdfSheet({
    title: `Receipt ${facts.reference}`,
    subject: `${amount} from ${facts.accountId}`,
  });
  sheet.letterhead("RECEIPT", [
    ["Receipt", facts.reference],
    ["Account", facts.accountId],
    ["Date", formatShopDateTime(facts.paidAt.toISOString())],
  ]);
  sheet.block("Received from", [facts.accountName]);
  await sheet.table(
    [
      { header: "PAYMENT", width: 230 },
      { header: "REFERENCE", width: 185 },
      { header: "AMOUNT", width: 100, align: "right" },
    ],
    [
      [
        facts.orderNumber
          ? `${METHOD_TEXTS[facts.method]} for order ${facts.orderNumber}`
          : METHOD_TEXTS[facts.method],
        facts.externalReference ?? facts.reference,
        amount,
      ],
    ],
  );
  sheet.totals([
    ["Paid", amount],
    ...(facts.balanceAfterCents === undefined
      ? []
      : [["Account balance after it", formatRandCents(facts.balanceAfterCents)] as [string, string]]),
  ]);
  sheet.note("Thank you: the payment is on your account's statement.");
  return sheet.save();
}
