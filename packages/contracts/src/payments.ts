// Paying the account (docs/payments.md): online through PayFast (card or instant EFT) for the
// balance due, any amount from R50 up to it, or the part of an order over credit; by EFT to the
// shop's bank account, with a proof of payment that staff match to the ledger. A paid payment is
// a Payment document on the account's statement and raises its remaining credit at once.
import { z } from "zod";
import type { ApiRoute } from "./http";
import { CalendarDay, Id, IdParam, IsoDateTime, Rand, requiredText } from "./common";

/** The least an online payment may be, unless less is owed (PayFast charges per payment). */
export const MINIMUM_PAYMENT = 50;

export const PaymentStatus = z.enum(["Started", "Paid", "Failed", "Cancelled"]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** PayFast: paid online; EFT: a proof of payment matched by staff. */
export const PaymentMethod = z.enum(["PayFast", "EFT"]);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const BankDetails = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branchCode: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

/** What the account can pay and how: the statement page and the dashboard read it. */
export const PaymentOptions = z.object({
  /** PayFast is set up: the Pay buttons show. */
  online: z.boolean(),
  /** The least an online payment may be (MINIMUM_PAYMENT, or the balance due when less). */
  minimum: Rand,
  /** What the account owes now (its balance; 0 when it is in credit). */
  balanceDue: Rand,
  /** The shop's bank account for EFT; null when the shop has not set one. */
  bank: BankDetails.nullable(),
  /** What an EFT quotes as its reference: the account number. */
  reference: z.string(),
});
export type PaymentOptions = z.infer<typeof PaymentOptions>;

/**
 * Pay an amount off the account's balance, or the part of an order Awaiting payment that is over
 * the account's credit (the server works that out): one or the other.
 */
export const StartPaymentCommand = z
  .object({
    amount: Rand.refine((rand) => rand > 0, "The amount must be more than zero").optional(),
    orderId: Id.optional(),
  })
  .refine((c) => (c.amount === undefined) !== (c.orderId === undefined), {
    message: "Give an amount or an order, not both",
    path: ["amount"],
  });
export type StartPaymentCommand = z.infer<typeof StartPaymentCommand>;

/**
 * Where the browser goes to pay: a form posted to PayFast's payment page (`action`) with these
 * fields, in this order (PayFast signs them in order).
 */
export const PaymentRedirect = z.object({
  reference: z.string(),
  amount: Rand,
  action: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;

export const Payment = z.object({
  /** The shop's reference, PayFast's m_payment_id (e.g. PAY-7K2M9Q4X). */
  reference: z.string(),
  amount: Rand,
  status: PaymentStatus,
  method: PaymentMethod,
  /** The order it pays for, when it pays for one. */
  orderId: Id.nullable(),
  orderNumber: z.string().nullable(),
  createdAt: IsoDateTime,
  paidAt: IsoDateTime.nullable(),
  /** PayFast's id of the payment (pf_payment_id), once paid. */
  gatewayId: z.string().nullable(),
  /** Why it failed or was cancelled. */
  reason: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const ProofStatus = z.enum(["Submitted", "Matched", "Rejected"]);
export type ProofStatus = z.infer<typeof ProofStatus>;

/** A proof of payment file as uploaded: a data URL of a PDF, JPEG, PNG or WebP. */
const ProofDataUrl = z
  .string()
  .regex(
    /^data:(application\/pdf|image\/(png|jpeg|webp));base64,/,
    "The proof must be a PDF, or a JPEG, PNG or WebP picture",
  );

export const SubmitProofCommand = z.object({
  amount: Rand.refine((rand) => rand > 0, "The amount must be more than zero"),
  /** The day the EFT was made. */
  paidOn: CalendarDay,
  /** What the EFT quoted, if not the account number. */
  bankReference: z.string().trim().max(40).optional(),
  fileName: requiredText("Choose the proof of payment file", 120),
  file: ProofDataUrl,
});
export type SubmitProofCommand = z.infer<typeof SubmitProofCommand>;

export const PaymentProof = z.object({
  id: Id,
  accountId: z.string(),
  accountName: z.string(),
  amount: Rand,
  paidOn: CalendarDay,
  bankReference: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  status: ProofStatus,
  submittedAt: IsoDateTime,
  submittedBy: z.string().nullable(),
  decidedAt: IsoDateTime.nullable(),
  decidedBy: z.string().nullable(),
  /** Why staff rejected it. */
  reason: z.string().nullable(),
  /** The payment it became on the ledger, once matched. */
  paymentReference: z.string().nullable(),
});
export type PaymentProof = z.infer<typeof PaymentProof>;

export const ProofList = z.object({ items: z.array(PaymentProof) });
export type ProofList = z.infer<typeof ProofList>;

export const ProofQuery = z.object({ status: ProofStatus.optional() });
export type ProofQuery = z.infer<typeof ProofQuery>;

export const RejectProofCommand = z.object({
  reason: requiredText("Say why the proof is rejected", 200),
});
export type RejectProofCommand = z.infer<typeof RejectProofCommand>;

const ReferenceParams = z.object({
  reference: z.string().regex(/^PAY-[0-9A-Z]{8,16}$/, "Not a payment reference"),
});
const ProofParams = z.object({ id: IdParam });

export const paymentRoutes = {
  options: {
    method: "GET",
    path: "/api/Payments/Options",
    response: PaymentOptions,
    auth: true,
    problems: ["not_a_customer"],
    summary: "How the account can pay: online or not, the balance due, the bank details and reference",
    tag: "Payments",
  },
  start: {
    method: "POST",
    path: "/api/Payments",
    body: StartPaymentCommand,
    response: PaymentRedirect,
    auth: true,
    problems: [
      "not_a_customer",
      "viewer_read_only",
      "payments_unavailable",
      "not_awaiting_payment",
      "not_found",
    ],
    summary: "Start an online payment: the signed form to post to PayFast's payment page",
    tag: "Payments",
  },
  get: {
    method: "GET",
    path: "/api/Payments/:reference",
    params: ReferenceParams,
    response: Payment,
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "One payment of the account: started, paid, failed or cancelled",
    tag: "Payments",
  },
  receipt: {
    method: "GET",
    path: "/api/Payments/:reference/Receipt",
    params: ReferenceParams,
    produces: "application/pdf",
    auth: true,
    problems: ["not_a_customer", "not_found", "not_paid"],
    summary: "The receipt of a paid payment as a PDF (application/pdf)",
    tag: "Payments",
  },
  submitProof: {
    method: "POST",
    path: "/api/Payments/Proofs",
    body: SubmitProofCommand,
    response: PaymentProof,
    auth: true,
    problems: ["not_a_customer", "viewer_read_only"],
    summary: "Upload a proof of an EFT payment for staff to match",
    tag: "Payments",
  },
  proofs: {
    method: "GET",
    path: "/api/Payments/Proofs",
    query: ProofQuery,
    response: ProofList,
    auth: true,
    problems: ["not_a_customer"],
    summary: "Proofs of payment: a customer's own account's, or for staff every account's, newest first",
    tag: "Payments",
  },
  proofFile: {
    method: "GET",
    path: "/api/Payments/Proofs/:id/File",
    params: ProofParams,
    produces: "application/octet-stream",
    auth: true,
    problems: ["not_a_customer", "not_found"],
    summary: "The proof's file as uploaded (PDF or picture), for its account and staff only",
    tag: "Payments",
  },
  matchProof: {
    method: "POST",
    path: "/api/Payments/Proofs/:id/Match",
    params: ProofParams,
    response: PaymentProof,
    auth: true,
    roles: ["Staff", "Admin"],
    problems: ["not_found", "proof_decided"],
    summary: "Staff: the money is in the bank; the proof goes on the account's ledger as a payment",
    tag: "Payments",
  },
  rejectProof: {
    method: "POST",
    path: "/api/Payments/Proofs/:id/Reject",
    params: ProofParams,
    body: RejectProofCommand,
    response: PaymentProof,
    auth: true,
    roles: ["Staff", "Admin"],
    problems: ["not_found", "proof_decided"],
    summary: "Staff: the money is not in the bank; the customer is told why",
    tag: "Payments",
  },
} as const satisfies Record<string, ApiRoute>;
