// Statements and invoices: a customer account's monthly statement drawn from the
// invoices, credit notes and payments the back office reports, its ageing, the statement and
// invoice PDFs, and the back office's report of a credit note or payment.
import { z } from "zod";
import type { ApiRoute } from "./http";
import { CalendarDay, Id, IdParam, IsoDateTime, MAX_ID, Rand, SuccessEnvelope } from "./common";

/** A calendar month, e.g. 2026-11. */
export const StatementMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM")
  .refine((month) => month >= "2000-01", "Statements start in 2000")
  .refine((month) => month <= "2100-12", "Give a month up to 2100-12");
export type StatementMonth = z.infer<typeof StatementMonth>;

export const StatementQuery = z.object({ month: StatementMonth });
export type StatementQuery = z.infer<typeof StatementQuery>;

/** Lines on one page of a statement when `limit` is not given, and the most one page holds. */
export const STATEMENT_PAGE = 200;
export const STATEMENT_PAGE_MAX = 500;

/**
 * A statement's lines come a page at a time, oldest first: `limit` lines (STATEMENT_PAGE unless
 * given), and the next page by `after`, the statement's `nextAfter`. Every page carries the
 * month's balances, totals and ageing; the first line of a page carries its running balance on
 * from the page before.
 */
export const StatementPageQuery = StatementQuery.extend({
  after: z.coerce.number<string | number>().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(STATEMENT_PAGE_MAX).optional(),
});
export type StatementPageQuery = z.infer<typeof StatementPageQuery>;

/** A calendar day, e.g. 2026-11-25. */
export const IsoDay = CalendarDay;

export const AccountDocumentKind = z.enum(["Invoice", "Credit note", "Payment"]);
export type AccountDocumentKind = z.infer<typeof AccountDocumentKind>;

export const StatementLine = z.object({
  date: IsoDateTime,
  kind: AccountDocumentKind,
  reference: z.string(),
  description: z.string().nullable(),
  /** Invoices: the day payment is due on the account's terms. */
  dueDate: IsoDay.nullable(),
  /** The invoice, or the invoice a credit note or payment was allocated to. */
  allocatedTo: z.string().nullable(),
  /** The shop's order (its id, for order details) when the document belongs to one. */
  orderId: Id.nullable(),
  /** What an invoice adds to the balance. */
  debit: Rand.nullable(),
  /** What a credit note or payment takes off it. */
  credit: Rand.nullable(),
  /** The balance after this line. */
  balance: Rand,
});
export type StatementLine = z.infer<typeof StatementLine>;

/**
 * What is owed by how long it is past its due date: current is not yet due, days30 is 1 to 30
 * days overdue, days60 31 to 60, days90 61 to 90, days120Plus more than 90. The five add up to
 * the balance.
 */
export const Ageing = z.object({
  current: Rand,
  days30: Rand,
  days60: Rand,
  days90: Rand,
  days120Plus: Rand,
});
export type Ageing = z.infer<typeof Ageing>;

export const Statement = z.object({
  accountId: z.string(),
  accountName: z.string(),
  month: StatementMonth,
  /** The first and last day of the month (Johannesburg). */
  periodStart: IsoDay,
  periodEnd: IsoDay,
  /** When the statement is drawn up to: the end of the month, or now for the month in progress. */
  statementDate: IsoDateTime,
  paymentTermsDays: z.number().int().nonnegative(),
  openingBalance: Rand,
  totalDebits: Rand,
  totalCredits: Rand,
  /** openingBalance + totalDebits - totalCredits. */
  closingBalance: Rand,
  /** What was past due on the statement date: all of the ageing but current. */
  overdue: Rand,
  ageing: Ageing,
  /** This page of the month's lines (StatementPageQuery); the PDF has them all. */
  lines: z.array(StatementLine),
  /** What to pass as `after` for the next page of lines; null when this page holds the last. */
  nextAfter: Id.nullable(),
});
export type Statement = z.infer<typeof Statement>;

export const EmailStatementCommand = z.object({ month: StatementMonth });
export type EmailStatementCommand = z.infer<typeof EmailStatementCommand>;

const OrderInvoiceParams = z.object({ id: IdParam });

export const statementRoutes = {
  getStatement: {
    method: "GET",
    path: "/api/Account/GetStatement",
    query: StatementPageQuery,
    response: Statement,
    auth: true,
    problems: ["not_a_customer"],
    summary:
      "The customer account's statement for one month: opening balance, its documents a page at a time (limit, after), closing balance and ageing",
    tag: "Account",
  },
  statementPdf: {
    method: "GET",
    path: "/api/Account/Statement",
    query: StatementQuery,
    produces: "application/pdf",
    auth: true,
    problems: ["not_a_customer"],
    summary: "The month's statement as a PDF (application/pdf)",
    tag: "Account",
  },
  emailStatement: {
    method: "POST",
    path: "/api/Account/EmailStatement",
    body: EmailStatementCommand,
    response: SuccessEnvelope,
    auth: true,
    problems: ["not_a_customer", "viewer_read_only", "rate_limited"],
    summary: "E-mail the month's statement PDF to the account's e-mail address",
    tag: "Account",
  },
  invoicePdf: {
    method: "GET",
    path: "/api/Order/Invoice/:id",
    params: OrderInvoiceParams,
    produces: "application/pdf",
    auth: true,
    problems: ["not_a_customer", "not_found", "not_invoiced"],
    summary: "The tax invoice of an invoiced order as a PDF (application/pdf)",
    tag: "Orders",
  },
} as const satisfies Record<string, ApiRoute>;

/**
 * The back office reports a document on a customer's account (signed like the status callback,
 * see backoffice.ts): a credit note or payment, or an invoice the shop did not place (a rep's
 * order). A repeat of the same kind and reference changes nothing. Invoices of the shop's own
 * orders arrive with their status callback (Invoiced, invoiceNumber) instead.
 */
export const BackOfficeAccountDocument = z.object({
  tenantId: z.string().trim().min(1).max(40),
  accountId: z.string().trim().min(1).max(40),
  kind: AccountDocumentKind,
  reference: z.string().trim().min(1).max(40),
  date: IsoDateTime,
  /** Positive; the kind gives the sign. */
  amount: Rand.refine((rand) => rand > 0, "The amount must be more than zero"),
  /** Invoices: when payment is due; without it, the date plus the account's terms. */
  dueDate: IsoDay.nullish(),
  /** Credit notes and payments: the invoice they settle; without it, the oldest open ones. */
  allocatedTo: z.string().trim().min(1).max(40).nullish(),
  description: z.string().trim().max(200).nullish(),
});
export type BackOfficeAccountDocument = z.infer<typeof BackOfficeAccountDocument>;

/** The back office reports a customer's liquor licence (number and expiry), or that it has none (null). */
export const BackOfficeLiquorLicence = z.object({
  tenantId: z.string().trim().min(1).max(40),
  accountId: z.string().trim().min(1).max(40),
  licence: z
    .object({
      number: z.string().trim().min(1).max(40),
      expiresOn: IsoDay,
    })
    .nullable(),
});
export type BackOfficeLiquorLicence = z.infer<typeof BackOfficeLiquorLicence>;

export const backOfficeAccountRoutes = {
  accountDocument: {
    method: "POST",
    path: "/api/BackOffice/AccountDocument",
    body: BackOfficeAccountDocument,
    response: SuccessEnvelope,
    auth: false,
    signed: true,
    problems: ["not_found", "service_unavailable"],
    summary: "The back office reports an invoice, credit note or payment on a customer's account (signed)",
    tag: "BackOffice",
  },
  liquorLicence: {
    method: "POST",
    path: "/api/BackOffice/LiquorLicence",
    body: BackOfficeLiquorLicence,
    response: SuccessEnvelope,
    auth: false,
    signed: true,
    problems: ["not_found", "service_unavailable"],
    summary: "The back office reports a customer's liquor licence number and expiry (signed)",
    tag: "BackOffice",
  },
} as const satisfies Record<string, ApiRoute>;
