// Payments: paying the account online through PayFast (the payment form, the ITN, the built-in
// sandbox) and by EFT with a proof of payment staff match; a paid payment goes on the account's
// ledger, to the back office, and hands off the order it paid for (docs/payments.md). Owns
// payments and payment_proofs; writes Payment documents to account_documents (the accounts
// module's ledger) through ledger.ts only. docs/architecture.md.
export { paymentRoutes, ITN_PATH } from "./routes";
export { SANDBOX_PREFIX, registerPayFastSandbox, type PayFastSandbox } from "./sandbox";
export { lockPayment, recordPayment, type PaymentRow } from "./ledger";
export { newPaymentReference } from "./payments";
