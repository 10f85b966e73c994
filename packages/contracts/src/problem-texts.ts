// What each problem code means and what the caller can do: the text of /problems/<code> (the
// server's problem pages). Apart from problems.ts so that the browser's download carries the codes only.
import type { ProblemCode } from "./problems";

export const PROBLEM_TEXTS: Record<ProblemCode, string> = {
  validation: "A field is missing or not valid; `errors` names each field with its message.",
  unreadable_request:
    "The request body could not be read: not JSON, empty, too large, or not sent as application/json.",
  bad_request: "The request is malformed in a way no field explains (a header, the URL).",
  unauthenticated:
    "No valid login: the token is missing, malformed, expired or no longer accepted. Log in again.",
  bad_credentials:
    "The username or password is incorrect; from two tries before the lock-out, `triesLeft` says how many remain.",
  session_revoked: "The login was valid but has been ended (the account was disabled since). Log in again.",
  forbidden: "The login does not hold a role this action needs.",
  tenant_forbidden: "The TenantId header names a tenant the login does not hold.",
  not_a_customer: "The login is not linked to a customer account in this tenant.",
  account_not_assigned:
    "The X-Acting-For header names a customer account this login may not order for: only a Rep may send it, for an account assigned to them in this tenant.",
  account_disabled: "The account is disabled. Contact your sales representative.",
  password_change_required:
    "The account must choose a new password before logging in; a reset link has been e-mailed.",
  xsrf_mismatch:
    "A state-changing request did not carry the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.",
  liquor_not_allowed: "The customer account is not licensed to buy liquor.",
  liquor_licence_expired:
    "The customer account's liquor licence expired (`licenceExpiresOn`): liquor cannot be added or ordered until the renewed licence is on record.",
  viewer_cannot_order:
    "The login is a Viewer on the customer account: it sees prices and history but cannot place orders.",
  viewer_read_only:
    "The login is a Viewer on the customer account: it reads the account's order lists and statements but does not change or send them.",
  owner_only: "Only the customer account's owner manages its buyers and approves their orders.",
  not_found: "Nothing with this id or code exists, or it is not yours to see.",
  invitation_invalid:
    "The invitation link is not known, was withdrawn, has been used or has expired; ask the account's owner for a new one.",
  method_not_allowed: "This path does not accept the HTTP method used.",
  uri_too_long: "A part of the URL (a path parameter) is longer than the shop accepts.",
  headers_too_large:
    "The request line and headers together are larger than the shop accepts (16 KB); a cookie may have grown too big.",
  username_taken: "Another user already has this username.",
  list_name_taken: "The customer account already has an order list of this name.",
  email_taken: "Another user already has this e-mail address.",
  account_has_user: "The customer account already has a user; log in or reset the password.",
  duplicate_user: "Another user already has this username, e-mail address or customer account.",
  own_account: "An admin cannot disable their own account or take the Admin role away from themselves.",
  not_a_rep:
    "Customer accounts are assigned only to users holding the Rep role; give the user the role first.",
  last_admin: "The change would leave the shop without an enabled Admin.",
  tenant_required:
    "The account number exists in more than one tenant; send the TenantId header to choose one.",
  cart_changed:
    "The cart changed since the page was loaded (its orderReference differs); `orderReference` is the current one.",
  cart_empty: "The cart has no lines to order.",
  product_unavailable: "Products in the cart are no longer sold; `unavailable` lists their SKUs.",
  prices_changed:
    "The totals or lines submitted differ from the server's pricing; `cart` is the re-priced cart to review.",
  credit_exceeded:
    "The order total is more than the remaining credit; `orderTotal` and `remainingCredit` give both in rand.",
  stock_short:
    "The customer's warehouse does not hold enough of some lines; `shortages` lists each with what is available.",
  status_not_allowed: "An order cannot move from its current back-office status to the one reported.",
  not_awaiting_approval:
    "The order is not awaiting approval (any more): it was approved, rejected or released already (`currentPastelStatus`).",
  order_not_cancellable:
    "The order can no longer be cancelled: it is being picked, invoiced or delivered, or was rejected (`currentPastelStatus`).",
  order_not_changeable:
    "The order's lines can no longer be changed: the back office may have it already, or it was decided (`currentPastelStatus`).",
  order_changed:
    "The order was changed (on another screen) since the reading this change was made on: read it again and change it from there.",
  not_invoiced:
    "The order has not been invoiced yet: its tax invoice exists once the back office invoices it.",
  hand_off_not_parked:
    "This hand-off has already been handed over (`state` is done); only a waiting or parked one can be tried now.",
  payments_unavailable:
    "The shop takes no online payments: PayFast is not set up. Pay by EFT to the bank account on the statement.",
  not_awaiting_payment:
    "The order does not wait for a payment: it is within credit, paid already, or no longer open (`currentPastelStatus`).",
  not_paid: "The payment has not been paid (yet): a receipt exists once PayFast confirms it.",
  proof_decided: "The proof of payment was matched or rejected already (`proofStatus`).",
  application_decided:
    "The application was approved or declined already (`applicationStatus`): nothing more can be added or decided.",
  account_locked: "Too many failed log-ins: the account is locked until `lockoutExpiryDate`.",
  rate_limited: "Too many requests; wait for the Retry-After header's seconds.",
  internal_error: "Something unexpected went wrong on the server; it is logged there.",
  service_unavailable:
    "A service this action needs (e-mail, SMS, the staff directory, status callbacks) is not configured or not reachable.",
  database_unavailable:
    "The shop's database cannot be reached or did not answer in time. Try again after the Retry-After header's seconds; repeating a command is safe (an order is placed once per cart reference).",
};
