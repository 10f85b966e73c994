// Every way an API call can fail, by a stable machine code. A problem-details answer carries
// its code as `code` and as `type` (`/problems/<code>`, where the shop documents it); the
// HTTP status belongs to the code. Clients branch on the code, never on a title's wording.
import { z } from "zod";

interface ProblemKind {
  status: number;
  /** What happened and what the caller can do: the text of /problems/<code>. */
  about: string;
}

export const PROBLEMS = {
  validation: {
    status: 400,
    about: "A field is missing or not valid; `errors` names each field with its message.",
  },
  unreadable_request: {
    status: 400,
    about: "The request body could not be read: not JSON, empty, too large, or not sent as application/json.",
  },
  bad_request: {
    status: 400,
    about: "The request is malformed in a way no field explains (a header, the URL).",
  },
  unauthenticated: {
    status: 401,
    about: "No valid login: the token is missing, malformed, expired or no longer accepted. Log in again.",
  },
  bad_credentials: { status: 401, about: "The username or password is incorrect." },
  session_revoked: {
    status: 401,
    about: "The login was valid but has been ended (the account was disabled since). Log in again.",
  },
  forbidden: { status: 403, about: "The login does not hold a role this action needs." },
  tenant_forbidden: { status: 403, about: "The TenantId header names a tenant the login does not hold." },
  not_a_customer: { status: 403, about: "The login is not linked to a customer account in this tenant." },
  account_not_assigned: {
    status: 403,
    about:
      "The X-Acting-For header names a customer account this login may not order for: only a Rep may send it, for an account assigned to them in this tenant.",
  },
  account_disabled: { status: 403, about: "The account is disabled. Contact your sales representative." },
  password_change_required: {
    status: 403,
    about: "The account must choose a new password before logging in; a reset link has been e-mailed.",
  },
  xsrf_mismatch: {
    status: 403,
    about: "A state-changing request did not carry the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.",
  },
  liquor_not_allowed: { status: 403, about: "The customer account is not licensed to buy liquor." },
  liquor_licence_expired: {
    status: 403,
    about:
      "The customer account's liquor licence expired (`licenceExpiresOn`): liquor cannot be added or ordered until the renewed licence is on record.",
  },
  viewer_cannot_order: {
    status: 403,
    about:
      "The login is a Viewer on the customer account: it sees prices and history but cannot place orders.",
  },
  owner_only: {
    status: 403,
    about: "Only the customer account's owner manages its buyers and approves their orders.",
  },
  not_found: { status: 404, about: "Nothing with this id or code exists, or it is not yours to see." },
  invitation_invalid: {
    status: 404,
    about:
      "The invitation link is not known, was withdrawn, has been used or has expired; ask the account's owner for a new one.",
  },
  method_not_allowed: { status: 405, about: "This path does not accept the HTTP method used." },
  uri_too_long: {
    status: 414,
    about: "A part of the URL (a path parameter) is longer than the shop accepts.",
  },
  headers_too_large: {
    status: 431,
    about:
      "The request line and headers together are larger than the shop accepts (16 KB); a cookie may have grown too big.",
  },
  username_taken: { status: 409, about: "Another user already has this username." },
  list_name_taken: { status: 409, about: "The customer account already has an order list of this name." },
  email_taken: { status: 409, about: "Another user already has this e-mail address." },
  account_has_user: {
    status: 409,
    about: "The customer account already has a user; log in or reset the password.",
  },
  duplicate_user: {
    status: 409,
    about: "Another user already has this username, e-mail address or customer account.",
  },
  own_account: {
    status: 409,
    about: "An admin cannot disable their own account or take the Admin role away from themselves.",
  },
  not_a_rep: {
    status: 409,
    about: "Customer accounts are assigned only to users holding the Rep role; give the user the role first.",
  },
  last_admin: { status: 409, about: "The change would leave the shop without an enabled Admin." },
  tenant_required: {
    status: 409,
    about: "The account number exists in more than one tenant; send the TenantId header to choose one.",
  },
  cart_changed: {
    status: 409,
    about:
      "The cart changed since the page was loaded (its orderReference differs); `orderReference` is the current one.",
  },
  cart_empty: { status: 409, about: "The cart has no lines to order." },
  product_unavailable: {
    status: 409,
    about: "Products in the cart are no longer sold; `unavailable` lists their SKUs.",
  },
  prices_changed: {
    status: 409,
    about:
      "The totals or lines submitted differ from the server's pricing; `cart` is the re-priced cart to review.",
  },
  credit_exceeded: {
    status: 409,
    about:
      "The order total is more than the remaining credit; `orderTotal` and `remainingCredit` give both in rand.",
  },
  stock_short: {
    status: 409,
    about:
      "The customer's warehouse does not hold enough of some lines; `shortages` lists each with what is available.",
  },
  status_not_allowed: {
    status: 409,
    about: "An order cannot move from its current back-office status to the one reported.",
  },
  not_awaiting_approval: {
    status: 409,
    about:
      "The order is not awaiting approval (any more): it was approved, rejected or released already (`currentPastelStatus`).",
  },
  not_invoiced: {
    status: 409,
    about: "The order has not been invoiced yet: its tax invoice exists once the back office invoices it.",
  },
  hand_off_not_parked: {
    status: 409,
    about: "Only a parked hand-off can be retried; this one is queued or done (`state`).",
  },
  account_locked: {
    status: 423,
    about: "Too many failed log-ins: the account is locked until `lockoutExpiryDate`.",
  },
  rate_limited: { status: 429, about: "Too many requests; wait for the Retry-After header's seconds." },
  internal_error: {
    status: 500,
    about: "Something unexpected went wrong on the server; it is logged there.",
  },
  service_unavailable: {
    status: 503,
    about:
      "A service this action needs (e-mail, SMS, the staff directory, status callbacks) is not configured or not reachable.",
  },
  database_unavailable: {
    status: 503,
    about:
      "The shop's database cannot be reached or did not answer in time. Try again after the Retry-After header's seconds; repeating a command is safe (an order is placed once per cart reference).",
  },
} as const satisfies Record<string, ProblemKind>;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];
export const ProblemCode = z.enum(PROBLEM_CODES as [ProblemCode, ...ProblemCode[]]);

export const statusOf = (code: ProblemCode): number => PROBLEMS[code].status;

/** The `type` URI of a problem: the shop's own page about it. */
export const problemType = (code: ProblemCode) => `/problems/${code}`;
