// Paying the account (docs/payments.md): the Pay options and panel, a payment's state, and going
// to PayFast; proofs of EFT payments, the customer's form and list and the staff's actions. The front door: features import these, never the files behind them.
export {
  CONFIRM_WAIT_MS,
  PAYMENTS_KEY,
  postToPayFast,
  usePayment,
  usePaymentOptions,
  useStartPayment,
} from "./payment-queries";
export { BankDetails, PayPanel, amountProblem } from "./pay-panel";
export {
  PROOFS_KEY,
  PROOF_SENT,
  downloadProofFile,
  useAccountProofs,
  useMatchProof,
  useRejectProof,
  useSubmitProof,
  useTenantProofs,
  type ProofFilter,
} from "./proof-queries";
export { AccountProofs, MAX_PROOF_BYTES, ProofForm, ProofStatusBadge, shopToday } from "./proof-form";
