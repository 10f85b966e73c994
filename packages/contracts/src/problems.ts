// Every way an API call can fail, by a stable machine code. A problem-details answer carries
// its code as `code` and as `type` (`/problems/<code>`, where the shop documents it: the texts
// are in problem-texts.ts, which only the server needs); the HTTP status belongs to the code.
// Clients branch on the code, never on a title's wording.
import { z } from "zod";

/** Each problem code and its HTTP status. */
export const PROBLEM_STATUSES = {
  validation: 400,
  unreadable_request: 400,
  bad_request: 400,
  unauthenticated: 401,
  bad_credentials: 401,
  session_revoked: 401,
  forbidden: 403,
  tenant_forbidden: 403,
  not_a_customer: 403,
  account_not_assigned: 403,
  account_disabled: 403,
  password_change_required: 403,
  xsrf_mismatch: 403,
  liquor_not_allowed: 403,
  liquor_licence_expired: 403,
  viewer_cannot_order: 403,
  viewer_read_only: 403,
  owner_only: 403,
  not_found: 404,
  invitation_invalid: 404,
  method_not_allowed: 405,
  uri_too_long: 414,
  headers_too_large: 431,
  username_taken: 409,
  list_name_taken: 409,
  email_taken: 409,
  account_has_user: 409,
  duplicate_user: 409,
  own_account: 409,
  not_a_rep: 409,
  last_admin: 409,
  tenant_required: 409,
  cart_changed: 409,
  cart_empty: 409,
  product_unavailable: 409,
  prices_changed: 409,
  credit_exceeded: 409,
  stock_short: 409,
  status_not_allowed: 409,
  not_awaiting_approval: 409,
  order_not_cancellable: 409,
  order_not_changeable: 409,
  order_changed: 409,
  not_invoiced: 409,
  hand_off_not_parked: 409,
  payments_unavailable: 409,
  not_awaiting_payment: 409,
  not_paid: 409,
  proof_decided: 409,
  application_decided: 409,
  account_locked: 423,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  database_unavailable: 503,
} as const satisfies Record<string, number>;

export type ProblemCode = keyof typeof PROBLEM_STATUSES;
export const PROBLEM_CODES = Object.keys(PROBLEM_STATUSES) as ProblemCode[];
export const ProblemCode = z.enum(PROBLEM_CODES as [ProblemCode, ...ProblemCode[]]);

export const statusOf = (code: ProblemCode): number => PROBLEM_STATUSES[code];

/** The `type` URI of a problem: the shop's own page about it. */
export const problemType = (code: ProblemCode) => `/problems/${code}`;
