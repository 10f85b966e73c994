// Paying the account (docs/payments.md): the Pay options and panel, a payment's state, and going
// to PayFast. The front door: features import these, never the files behind them.
export {
  CONFIRM_WAIT_MS,
  PAYMENTS_KEY,
  postToPayFast,
  usePayment,
  usePaymentOptions,
  useStartPayment,
} from "./payment-queries";
export { BankDetails, PayPanel, amountProblem } from "./pay-panel";
