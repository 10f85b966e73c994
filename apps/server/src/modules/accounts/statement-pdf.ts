// The month's statement as a PDF: the company's letterhead, the account, opening balance,
// every document with its running balance, closing balance and ageing, in the shop's formats.
import {
  formatMonth,
  formatRandCents,
  formatShopDate,
  formatShopDateTime,
} from "@trade-shop/contracts/format";
import { toCents } from "@trade-shop/contracts/common";
import type { Statement } from "@trade-shop/contracts/statements";
import type { BankDetails } from "../../config";
import { createPdfSheet } from "../../core/pdf-sheet";

const rand = (value: number) => formatRandCents(toCents(value));
export interface StatementAccount {
  address: readonly (string | null)[];
  taxNumber: string | null;
  contactEmail: string | null;
}

/** How to pay by EFT: the shop's bank account and the reference to quote (the account number). */
export function howToPay(bank: BankDetails, accountId: string): string {
  return `Pay by EFT to ${bank.bankName}, account ${bank.accountName}, account number ${bank.accountNumber}, branch code ${bank.branchCode}. Reference: ${accountId}`;
}

/** The statement as a PDF; `bank` (the shop's account for EFT) adds a "How to pay" block. */
export async function statementPdf(
  statement: Statement,
  account: StatementAccount,
  bank: BankDetails | undefined,
): Promise<Uint8Array> {
  const sheet = await createPdfSheet({
    title: `Statement ${statement.accountId} ${formatMonth(statement.month)}`,
    subject: `Closing balance ${rand(statement.closingBalance)}`,
  });
  sheet.letterhead("STATEMENT", [
    ["Account", statement.accountId],
    ["Period", `${formatShopDate(statement.periodStart)} to ${formatShopDate(statement.periodEnd)}`],
    ["Statement date", formatShopDateTime(statement.statementDate)],
    ["Terms", `${statement.paymentTermsDays} days from invoice`],
  ]);
  sheet.block("Statement for", [
    statement.accountName,
    ...account.address,
    account.taxNumber ? `VAT number: ${account.taxNumber}` : null,
    account.contactEmail,
  ]);
  const rows: string[][] = [["", "", "Opening balance", "", "", "", rand(statement.openingBalance)]];
  for (const line of statement.lines) {
    rows.push([
      formatShopDate(line.date),
      line.reference,
      // As on the statement page: "Payment: EFT payment (for INV0123)", wrapped, never cut.
      [
        line.kind,
        line.description ? `: ${line.description}` : "",
        line.allocatedTo && line.kind !== "Invoice" ? ` (for ${line.allocatedTo})` : "",
      ].join(""),
      line.dueDate ? formatShopDate(line.dueDate) : "",
      line.debit === null ? "" : rand(line.debit),
      line.credit === null ? "" : rand(line.credit),
      rand(line.balance),
    ]);
  }
  rows.push([
    "",
    "",
    "Closing balance",
    "",
    rand(statement.totalDebits),
    rand(statement.totalCredits),
    rand(statement.closingBalance),
  ]);
  await sheet.table(
    [
      { header: "DATE", width: 58 },
      { header: "REFERENCE", width: 64 },
      { header: "DETAILS", width: 160 }, // wraps onto as many lines as it needs
      { header: "DUE", width: 58 },
      { header: "DEBIT", width: 57, align: "right" },
      { header: "CREDIT", width: 57, align: "right" },
      { header: "BALANCE", width: 61, align: "right" },
    ],
    rows,
    { boldRows: new Set([0, rows.length - 1]) },
  );
  sheet.gap(6);
  sheet.block("Ageing (days past the invoice's due date)", []);
  const { ageing } = statement;
  await sheet.table(
    [
      { header: "CURRENT", width: 74, align: "right" },
      { header: "30 DAYS", width: 74, align: "right" },
      { header: "60 DAYS", width: 74, align: "right" },
      { header: "90 DAYS", width: 74, align: "right" },
      { header: "120+ DAYS", width: 74, align: "right" },
      { header: "OVERDUE", width: 74, align: "right" },
      { header: "BALANCE", width: 71, align: "right" },
    ],
    [
      [
        ageing.current,
        ageing.days30,
        ageing.days60,
        ageing.days90,
        ageing.days120Plus,
        statement.overdue,
        statement.closingBalance,
      ].map(rand),
    ],
  );
  sheet.totals([
    ["Amount due", rand(statement.closingBalance)],
    ["Overdue now", rand(statement.overdue)],
  ]);
  if (bank) {
    sheet.gap(4);
    sheet.block("How to pay", [howToPay(bank, statement.accountId)]);
    sheet.note("Thank you for your business.");
  } else {
    sheet.note(
      "Please pay by EFT quoting your account number as the reference. Thank you for your business.",
    );
  }
  return sheet.save();
}
