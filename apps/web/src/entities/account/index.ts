// The customer account (docs/api.md): its details, credit and addresses, and whether it may buy
// liquor (its people are entities/buyers). A product page and the list view read the last, for
// visitors too: keep it small.
// The front door: features and other entities import these, never the files behind them.
export {
  ACCOUNT_KEY,
  getCreditDetailsQueryOptions,
  getCustomerDetailsQueryOptions,
  storeAccountChange,
  useAccountState,
  useCreditDetails,
  useCustomerAddresses,
  useCustomerDetails,
  useRemainingCredit,
} from "./account-queries";
export { addressLines } from "./address-lines";
export { useLiquorBlock } from "./liquor-standing";
