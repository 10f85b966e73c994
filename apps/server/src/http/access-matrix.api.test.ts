// Who may call what: every route of the contracts' route table, called by every kind of
// caller with a request that is valid for that caller, answers exactly what the table below
// says. A route added to the contracts without a row here fails the sweep, so access rules
// are decided, not inherited by accident.
import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "@trade-shop/contracts/cart";
import type { HandOff } from "@trade-shop/contracts/backoffice";
import type { CreateOrderCommand, Order } from "@trade-shop/contracts/orders";
import { statusOf, type ProblemCode } from "@trade-shop/contracts/problems";
import { signBody } from "../modules/backoffice";
import { newPaymentReference } from "../modules/payments";
import { customerOf, findSku } from "../../test/fixtures";
import { commandFrom, placeTestOrder } from "../../test/orders";
import {
  loginPrincipals,
  makeUser,
  PRINCIPALS,
  type Caller,
  type PrincipalName,
} from "../../test/principals";
import { expectProblem, ROUTES, urlOf } from "../../test/route-table";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/test-app";

/** A 2xx status, or the problem code (and so the status) the caller is refused with. */
type Outcome = 200 | ProblemCode;
type Row = readonly [
  anonymous: Outcome,
  customerA: Outcome,
  customerB: Outcome,
  staff: Outcome,
  noImage: Outcome,
  adminOfOne: Outcome,
  admin: Outcome,
  foreignTenant: Outcome,
  customerOtherTenant: Outcome,
  viewerA: Outcome,
];

const OK = 200;
const ANON = "unauthenticated"; // 401
const ROLE = "forbidden"; // 403: lacks the route's role
const NOCUS = "not_a_customer"; // 403: no customer account in the tenant
const TENANT = "tenant_forbidden"; // 403: TenantId names a tenant the login does not hold
const NF = "not_found"; // 404: not there, or not yours
const IDLE = "service_unavailable"; // 503: not ready (no outbox worker running)
const VIEW = "viewer_read_only"; // 403: a Viewer changes or sends nothing the account shares
const OWNER = "owner_only"; // 403: only the account's owner

// Columns: anonymous | customer A (trader) | customer B (spaza) | staff (Staff+NoImage) |
// NoImage only | admin of gauteng only | admin of both | coastal-only user sending gauteng |
// trader sending coastal | a Viewer of customer A's account. Where the "through" answer is not 200, the request is valid but
// cannot succeed for a reason named in its builder below (REQUESTS).
// prettier-ignore
const MATRIX: Record<string, Row> = {
  //                                     anon  custA custB  staff  noImg  admin1 admin  foreign custTen viewerA
  "cart.addItem":                       [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "cart.getUserCart":                   [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "cart.removeItem":                    [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "cart.clear":                         [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "wishlist.addItem":                   [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "wishlist.getUserWishlist":           [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "wishlist.removeItem":                [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "wishlist.clear":                     [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "orders.create":                      [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, "viewer_cannot_order"],
  "orders.history":                     [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  // Customer A's order: B gets 404, never 403 or the order.
  "orders.getById":                     [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "orders.deliveryPromise":             [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  // A delivered order of A: A may ask but it is too late; B gets 404; A's Viewer may not.
  "orders.cancel":                      [ANON, "order_not_cancellable", NF, NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  // The same delivered order: too late to change its lines.
  "orders.changeLines":                 [ANON, "order_not_changeable", NF, NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  "products.getProducts":               [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "products.getBySkuCode":              [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "products.uploadImages":              [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "products.assignCoverImage":          [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "products.updateDescription":         [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  // Who changed what in the catalogue all tenants share (decision 144): staff and admins.
  "products.changes":                   [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "products.search":                    [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // The /products page's own params as a GET (products-page.ts): the same search, as public.
  "products.searchPage":                [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "users.authenticate":                 [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "users.authenticateUsingEmail":       [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "users.create":                       [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "users.update":                       [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "users.list":                         [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "users.getById":                      [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "users.enable":                       [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "users.disable":                      [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  // No directory (LDAP_URL) in these tests: an admin gets through to a 503.
  "users.searchDirectoryUsers":         [ANON, ROLE, ROLE,  ROLE,  ROLE,  "service_unavailable", "service_unavailable", TENANT, TENANT, ROLE],
  "users.roles":                        [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  // Sales reps (decision 127): no caller here holds Rep. The target is Staff, not a rep: an
  // admin gets through to not_a_rep, and to not_found for an account never assigned.
  "reps.myAccounts":                    [ANON, ROLE, ROLE,  ROLE,  ROLE,  ROLE,  ROLE,  TENANT, TENANT, ROLE],
  "reps.accountsOfRep":                 [ANON, ROLE, ROLE,  ROLE,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "reps.assign":                        [ANON, ROLE, ROLE,  ROLE,  ROLE,  "not_a_rep", "not_a_rep", TENANT, TENANT, ROLE],
  "reps.unassign":                      [ANON, ROLE, ROLE,  ROLE,  ROLE,  NF,    NF,    TENANT, TENANT, ROLE],
  // An unknown reset link: a field error on `hash`.
  "users.resetPassword":                ["validation", "validation", "validation", "validation", "validation", "validation", "validation", TENANT, TENANT, "validation"],
  "users.requestPasswordReset":         [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // An account of gauteng nobody has registered for yet.
  "users.getOtpDetails":                [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "users.getCustomerDetails":           [ANON, OK,   OK,    NF,    NF,    NF,    NF,    TENANT, TENANT, OK],
  "users.getCustomerAddresses":         [ANON, OK,   OK,    NF,    NF,    NF,    NF,    TENANT, TENANT, OK],
  // CUS0001 has a user already.
  "users.preRegister":                  ["account_has_user", "account_has_user", "account_has_user", "account_has_user", "account_has_user", "account_has_user", "account_has_user", TENANT, TENANT, "account_has_user"],
  // A PIN that was never sent: a field error on `otpKey`.
  "users.registerExternalUser":         ["validation", "validation", "validation", "validation", "validation", "validation", "validation", TENANT, TENANT, "validation"],
  // The honeypot field is filled in, so the enquiry is accepted and dropped.
  "users.enquiry":                      [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "users.getCreditDetails":             [ANON, OK,   OK,    NF,    NF,    NF,    NF,    TENANT, TENANT, OK],
  "backOffice.handOffs":                [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  // Customer A's order's hand-off is waiting: staff may try it now.
  "backOffice.retryHandOff":            [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  // Signed with the shared secret; the login plays no part, the TenantId check still does.
  "backOffice.statusCallback":          [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "reports.spendPerMonth":              [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "reports.topProducts":                [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "reports.ordersByStatus":             [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  // Any login may open the stream; one without an account gets no balance events.
  "realtime.ticket":                    [ANON, OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // An open stream never ends under app.inject, so the ticket is an unknown one.
  "realtime.stream":                    [ANON, ANON, ANON,  ANON,  ANON,  ANON,  ANON,  TENANT, TENANT, ANON],
  "health.check":                       [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "health.live":                        [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // The test app does not run its outbox worker, so it is never ready (the check itself is public).
  "health.ready":                       [IDLE, IDLE, IDLE,  IDLE,  IDLE,  IDLE,  IDLE,  TENANT, TENANT, IDLE],
  "products.pending.withoutImages":     [ANON, ROLE, ROLE,  OK,    OK,    OK,    OK,    TENANT, TENANT, ROLE],
  "products.pending.images":            [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "products.pending.byBarcode":         [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "cart.quickOrder.preview":            [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "cart.quickOrder.addItems":           [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "orderLists.list":                    [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "orderLists.get":                     [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "orderLists.create":                  [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  "orderLists.rename":                  [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  "orderLists.setLines":                [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  "orderLists.addLines":                [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  "orderLists.remove":                  [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  "orderLists.addToCart":               [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "products.vocabulary.synonyms":       [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "products.vocabulary.setSynonyms":    [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "products.vocabulary.suggest":        [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "products.vocabulary.searchRequest":  [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "products.vocabulary.zeroResultSearches": [ANON, ROLE, ROLE, OK,  ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "statements.getStatement":            [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "statements.statementPdf":            [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "statements.emailStatement":          [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  // Customer A's invoiced order: B and the rest must not reach it.
  "statements.invoicePdf":              [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  // Both customers own their accounts (decision 128).
  "buyers.membership":                  [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "buyers.people":                      [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  "buyers.invite":                      [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  // The target user (staff) is nobody's buyer; nor is invitation 999999 anybody's.
  "buyers.update":                      [ANON, NF,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  "buyers.remove":                      [ANON, NF,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  "buyers.revokeInvitation":            [ANON, NF,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  // A token nobody was sent: the link's own refusal, for anyone.
  "buyers.invitation":                  ["invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", TENANT, TENANT, "invitation_invalid"],
  "buyers.acceptInvitation":            ["invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", "invitation_invalid", TENANT, TENANT, "invitation_invalid"],
  // Customer A's order was placed within any limit: not awaiting approval; B must not reach it.
  // Each owner sees their own account's inbox (B's is empty of A's orders); a Viewer has none.
  "buyers.approvals":                   [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  "buyers.approve":                     [ANON, "not_awaiting_approval", NF, NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  "buyers.reject":                      [ANON, "not_awaiting_approval", NF, NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OWNER],
  // Signed like the status callback.
  "backOfficeAccount.accountDocument":  [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "backOfficeAccount.liquorLicence":    [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // A user's own alerts and choices on the account they use: a Viewer's too (nothing the account shares).
  "alerts.list":                        [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "alerts.markRead":                    [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "alerts.getPreferences":              [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "alerts.setPreferences":              [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "alerts.subscribePush":               [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "alerts.unsubscribePush":             [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  // Paying the account (docs/payments.md). Starting a payment for A's order that waits for none:
  // A gets through to not_awaiting_payment, B to 404; A's Viewer may not pay.
  "payments.options":                   [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "payments.start":                     [ANON, "not_awaiting_payment", NF, NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  // A payment of A's, started and not paid: B gets 404; A has no receipt yet.
  "payments.get":                       [ANON, OK,   NF,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, OK],
  "payments.receipt":                   [ANON, "not_paid", NF, NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, "not_paid"],
  "payments.submitProof":               [ANON, OK,   OK,    NOCUS, NOCUS, NOCUS, NOCUS, TENANT, TENANT, VIEW],
  // Customers see their account's proofs, staff and admins the tenant's.
  "payments.proofs":                    [ANON, OK,   OK,    OK,    NOCUS, OK,    OK,    TENANT, TENANT, OK],
  // A proof of A's: B, and a login with no account nor staff role, are told it is not found.
  "payments.proofFile":                 [ANON, OK,   NF,    OK,    NF,    OK,    OK,    TENANT, TENANT, OK],
  "payments.matchProof":                [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "payments.rejectProof":               [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  // Applying for an account (docs/applications.md): a visitor's, whoever else calls.
  "applications.requestPin":            [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "applications.submit":                [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // The X-Application-Token of an undecided application is the credential, not the login: its
  // own link opens it for anyone holding it; none, or another's, is not found (tested below).
  "applications.mine":                  [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "applications.addDocuments":          [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "applications.reply":                 [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "applications.addCredit":             [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  "applications.myDocument":            [OK,   OK,   OK,    OK,    OK,    OK,    OK,    TENANT, TENANT, OK],
  // Staff and admins, on an undecided application of gauteng's made afresh for each caller;
  // staff of another tenant are told it is not found (tested below).
  "applications.list":                  [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "applications.get":                   [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "applications.document":              [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "applications.askForInformation":     [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "applications.approve":               [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
  "applications.decline":               [ANON, ROLE, ROLE,  OK,    ROLE,  OK,    OK,    TENANT, TENANT, ROLE],
};

interface RequestParts {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

interface Demo {
  t: TestApp;
  /** An ordinary (not liquor) SKU in stock in both demo customers' warehouse. */
  skuCode: string;
  /** Its barcode, as GTIN-14. */
  gtin: string;
  spazaEmail: string;
  /** The contact address on customer A's account (CUS0001), which has a user. */
  traderAccountEmail: string;
  /** A customer account without a user, in one tenant only. */
  unregistered: { accountId: string; contactEmail: string };
  orderOfA: Order;
  handOffOfA: HandOff;
  /** A Staff user of gauteng that the user routes read and change. */
  target: { id: number; username: string; email: string };
  adminToken: string;
  /** Customer A's token, to make the order lists the other callers try to reach. */
  tokenOfA: string;
}

let listNames = 0;
const listName = (prefix: string) => `${prefix} ${++listNames}`;

/** A new order list of customer A's account; its id. */
async function listOfA(d: Demo): Promise<number> {
  const res = await d.t.request({
    method: "POST",
    url: "/api/OrderLists",
    token: d.tokenOfA,
    body: { name: listName("list of A"), lines: [{ skuCode: d.skuCode, quantity: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

const BACKOFFICE_SECRET = "access-matrix-backoffice-secret-0123456789";
const ONE_PIXEL_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const CUSTOMERS: readonly PrincipalName[] = ["customerA", "customerB"];

/** A body signed as the back office signs it. */
function signed(body: unknown): RequestParts {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      "x-tradeshop-timestamp": String(timestamp),
      "x-tradeshop-signature": signBody(BACKOFFICE_SECRET, timestamp, JSON.stringify(body)),
    },
  };
}

const send = (
  { t }: Pick<Demo, "t">,
  caller: Caller,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: unknown,
) => t.request({ method, url, body, ...caller });

/** The command that placed `order`: valid, for callers who are refused before it is looked at. */
const commandOf = (order: Order): CreateOrderCommand => ({
  orderReference: order.orderReference,
  createdDate: order.createdDate,
  discount: order.discount,
  applyLiqourCheck: order.applyLiqourCheck,
  totalPriceExcl: order.totalPriceExcl,
  totalPriceIncl: order.totalPriceIncl,
  orderLines: order.orderLines.map(
    ({ productId, quantity, dealReference, unitPriceExcl, totalPriceExcl, totalPriceIncl }) => ({
      productId,
      quantity,
      dealReference,
      unitPriceExcl,
      totalPriceExcl,
      totalPriceIncl,
    }),
  ),
  homeDelivery: false,
  creditcheck_override: false,
  payOverCredit: false,
});

/** A delivered demo order of customer A (CUS0001). */
async function deliveredOrderOfA(d: { t: TestApp }): Promise<number> {
  const order = await d.t.database.db
    .selectFrom("orders")
    .innerJoin("customers", "customers.id", "orders.customerId")
    .select("orders.id")
    .where("customers.accountId", "=", "CUS0001")
    .where("orders.currentPastelStatus", "=", "Delivered")
    .executeTakeFirstOrThrow();
  return order.id;
}

/** A new payment of customer A's account, started and not paid; its reference. */
async function paymentOfA(d: { t: TestApp }): Promise<string> {
  const customer = await customerOf(d.t.database.db, "trader");
  const reference = newPaymentReference();
  await d.t.database.db
    .insertInto("payments")
    .values({
      tenantId: customer.tenantId,
      customerId: customer.id,
      reference,
      method: "PayFast",
      amountCents: 10_000,
    })
    .execute();
  return reference;
}

/** A new proof of payment of customer A's account, not yet decided; its id. */
async function proofOfA(d: { t: TestApp }): Promise<number> {
  const customer = await customerOf(d.t.database.db, "trader");
  const row = await d.t.database.db
    .insertInto("paymentProofs")
    .values({
      tenantId: customer.tenantId,
      customerId: customer.id,
      amountCents: 10_000,
      paidOn: "2026-11-02",
      fileName: "proof.pdf",
      contentType: "application/pdf",
      fileBytes: Buffer.from("%PDF-1.4\n%%EOF\n"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const APPLICANT_PDF = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64")}`;
let applications = 0;

/** A new, undecided application in gauteng with one document, made in the database; its status link's token. */
async function applicationInGauteng(d: { t: TestApp }) {
  const db = d.t.database.db;
  const n = ++applications;
  const token = randomBytes(32).toString("base64url");
  const { id } = await db
    .insertInto("accountApplications")
    .values({
      tenantId: "gauteng",
      reference: `APP-M${String(n).padStart(5, "0")}`,
      business: JSON.stringify({
        businessName: `Matrix Spaza ${n}`,
        kind: "Spaza",
        contactName: "Matrix Applicant",
        mobile: "0821234567",
        email: `matrix.applicant.${n}@tradeshop.test`,
        address: { line1: "1 Main Road", city: "Soweto", province: "Gauteng", postalCode: "1804" },
        latitude: -26.24,
        longitude: 27.91,
        deliveryDay: "Monday",
        liquorLicence: null,
      }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("applicationStatusTokens")
    .values({ applicationId: id, tokenHash: createHash("sha256").update(token).digest("hex") })
    .execute();
  const document = await db
    .insertInto("applicationDocuments")
    .values({
      applicationId: id,
      kind: "id",
      fileName: "id.pdf",
      contentType: "application/pdf",
      fileBytes: Buffer.from("%PDF-1.4\n%%EOF\n"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, token, documentId: document.id, headers: { "x-application-token": token } };
}

/** A PIN asked for as a visitor, read from its queued e-mail: a valid application's body. */
async function applicationCommand(d: { t: TestApp }, who: PrincipalName) {
  const email = `applying.as.${who.toLowerCase()}@tradeshop.test`;
  const asked = await d.t.request({ method: "POST", url: "/api/Applications/Pin", body: { email } });
  const { pinKey } = asked.json() as { pinKey: string };
  const mail = await d.t.database.db
    .selectFrom("outbox")
    .select("payload")
    .where("idempotencyKey", "=", `application-pin:${pinKey}`)
    .executeTakeFirstOrThrow();
  const pin = /\b(\d{6})\b/.exec((mail.payload as { text: string }).text)![1]!;
  return {
    business: {
      businessName: `Applying ${who}`,
      kind: "Tuckshop",
      contactName: "Matrix Applicant",
      mobile: "082 123 4567",
      email,
      address: { line1: "1 Main Road", city: "Soweto", province: "Gauteng", postalCode: "1804" },
      latitude: -26.24,
      longitude: 27.91,
      deliveryDay: "Monday",
    },
    documents: [{ kind: "id", fileName: "id.pdf", file: APPLICANT_PDF }],
    pinKey,
    pin,
  };
}

const CREDIT_REQUEST = {
  requestedLimit: 5000,
  bankName: "FNB",
  accountHolder: "Matrix Spaza",
  tradeReferences: [],
  consent: true,
};

/**
 * A valid request of each route for `who`: real SKUs, the caller's own cart, users that exist.
 * Some first put things in place (a line to remove), as the caller, so that only the access
 * rule decides the answer. Routes without params, query or body need no entry.
 */
const REQUESTS: Record<
  string,
  (d: Demo, who: PrincipalName, caller: Caller) => Promise<RequestParts> | RequestParts
> = {
  "cart.addItem": (d) => ({ body: { skuCode: d.skuCode, quantity: 1 } }),
  "cart.removeItem": async (d, _who, caller) => {
    await send(d, caller, "POST", "/api/Cart/AdditemToCart", { skuCode: d.skuCode, quantity: 1 });
    return { body: { skuCode: d.skuCode, remove: true } };
  },
  "wishlist.addItem": (d) => ({ body: { skuCode: d.skuCode, quantity: 1 } }),
  "wishlist.removeItem": async (d, _who, caller) => {
    await send(d, caller, "POST", "/api/Wishlist/AdditemToWishlist", { skuCode: d.skuCode, quantity: 1 });
    return { body: { skuCode: d.skuCode } };
  },
  "orders.create": async (d, who, caller) => {
    if (!CUSTOMERS.includes(who)) return { body: commandOf(d.orderOfA) };
    await send(d, caller, "POST", "/api/Cart/AdditemToCart", { skuCode: d.skuCode, quantity: 1 });
    const cart = (await send(d, caller, "GET", "/api/Cart/GetUserCart")).json() as Cart;
    return { body: commandFrom(cart) };
  },
  "orders.getById": (d) => ({ params: { id: d.orderOfA.id } }),
  "products.getProducts": () => ({ body: { pageNumber: 1, resultsPerPage: 12, descriptionFilter: "chips" } }),
  "products.search": () => ({ body: { pageNumber: 1, resultsPerPage: 12, sortBy: "price" } }),
  "products.searchPage": () => ({ query: { category: "home", sort: "price", pageSize: "12" } }),
  "products.getBySkuCode": (d) => ({ body: { skuCode: d.skuCode } }),
  "products.uploadImages": (d) => ({ body: { src: [ONE_PIXEL_PNG], skuCode: d.skuCode } }),
  "products.assignCoverImage": async (d) => {
    await send(d, { token: d.adminToken }, "POST", "/api/Product/UploadProductImages", {
      src: [ONE_PIXEL_PNG],
      skuCode: d.skuCode,
    });
    const { images } = (await send(d, {}, "GET", `/api/Product/GetProductImages/${d.skuCode}`)).json() as {
      images: { url: string }[];
    };
    return { body: { mainImageIndex: 0, src: images.map((i) => i.url), skuCode: d.skuCode } };
  },
  "products.updateDescription": (d) => ({
    body: { updatedDescription: "Described by the access matrix", skuCode: d.skuCode },
  }),
  "users.authenticate": () => ({ body: { username: "spaza", password: DEMO_PASSWORD } }),
  "users.authenticateUsingEmail": (d) => ({ body: { username: d.spazaEmail, password: DEMO_PASSWORD } }),
  "users.create": (_d, who) => ({
    body: {
      username: `made.by.${who.toLowerCase()}`,
      firstname: "Made",
      lastname: "ByMatrix",
      email: `made.by.${who.toLowerCase()}@tradeshop.test`,
      password: "Matrix-Made-Pass-2026",
      roles: ["Staff"],
      tenants: ["gauteng"],
    },
  }),
  "users.update": (d) => ({
    body: {
      id: d.target.id,
      username: d.target.username,
      firstname: "Renamed",
      lastname: "Target",
      email: d.target.email,
      roles: ["Staff"],
      tenants: ["gauteng"],
    },
  }),
  "users.getById": (d) => ({ params: { id: d.target.id } }),
  "users.enable": (d) => ({ params: { id: d.target.id } }),
  "users.disable": (d) => ({ params: { id: d.target.id } }),
  "users.searchDirectoryUsers": () => ({ query: { username: "sta" } }),
  "users.roles": (d) => ({ params: { userId: d.target.id } }),
  "reps.accountsOfRep": (d) => ({ params: { id: d.target.id } }),
  "reps.assign": (d) => ({ params: { id: d.target.id, accountId: d.unregistered.accountId } }),
  "reps.unassign": (d) => ({ params: { id: d.target.id, accountId: d.unregistered.accountId } }),
  "users.resetPassword": () => ({
    body: { hash: "a-reset-link-nobody-was-sent", password: "Brand-New-Pass-2026" },
  }),
  "users.requestPasswordReset": () => ({ body: { emailAddress: "nobody.known@tradeshop.test" } }),
  "users.getOtpDetails": (d) => ({
    body: { pastelCustomerAccount: d.unregistered.accountId, emailAddress: d.unregistered.contactEmail },
  }),
  "users.preRegister": (d) => ({
    body: {
      pastelCustomerAccount: "CUS0001",
      emailAddress: d.traderAccountEmail,
      sendOtpViaEmail: true,
      otpEmailAddress: d.traderAccountEmail,
    },
  }),
  "users.registerExternalUser": () => ({
    body: {
      username: "registered.by.matrix",
      firstname: "Reg",
      lastname: "Istered",
      email: "registered.by.matrix@tradeshop.test",
      password: "Registered-Pass-2026",
      customerAccount: "CUS0001",
      otpKey: "5f0c7a52-8d7e-4c4b-9a8e-0d1f2e3a4b5c",
      otpPin: "123456",
    },
  }),
  "users.enquiry": () => ({
    body: {
      name: "Matrix Sender",
      email: "sender@tradeshop.test",
      phone: "+27 11 555 0100",
      message: "A message from the access matrix.",
      website: "https://spam.example",
    },
  }),
  "backOffice.handOffs": () => ({ query: { state: "pending" } }),
  "orders.history": () => ({ query: { status: "Pending" } }),
  "orders.deliveryPromise": () => ({ query: { homeDelivery: "true" } }),
  "backOffice.retryHandOff": (d) => ({ params: { id: d.handOffOfA.id } }),
  "backOffice.statusCallback": (d) => {
    const body = {
      eventId: "matrix-submitted",
      orderId: d.orderOfA.orderId,
      status: "Submitted",
      salesOrderNumber: "SO-MATRIX-1",
    };
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      body,
      headers: {
        "x-tradeshop-timestamp": String(timestamp),
        "x-tradeshop-signature": signBody(BACKOFFICE_SECRET, timestamp, JSON.stringify(body)),
      },
    };
  },
  "statements.getStatement": () => ({ query: { month: "2026-10" } }),
  "statements.statementPdf": () => ({ query: { month: "2026-10" } }),
  "statements.emailStatement": () => ({ body: { month: "2026-10" } }),
  "buyers.invite": (_d, who) => ({
    body: {
      firstname: "Invited",
      lastname: "ByMatrix",
      email: `invited.by.${who.toLowerCase()}@tradeshop.test`,
      accountRole: "Buyer",
      orderLimit: null,
    },
  }),
  "buyers.update": (d) => ({
    params: { userId: d.target.id },
    body: { accountRole: "Viewer", orderLimit: 100 },
  }),
  "buyers.remove": (d) => ({ params: { userId: d.target.id } }),
  "buyers.revokeInvitation": () => ({ params: { id: 999_999 } }),
  "alerts.markRead": () => ({ body: {} }),
  "alerts.setPreferences": () => ({
    body: { preferences: [{ kind: "order_status", inShop: true, email: false, sms: false, push: false }] },
  }),
  "alerts.subscribePush": (_d, who) => ({
    body: {
      endpoint: `https://push.example/matrix/${who}`,
      // The shapes of a browser's keys: a 65-byte uncompressed P-256 point and a 16-byte secret.
      keys: {
        p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url"),
        auth: Buffer.alloc(16, 1).toString("base64url"),
      },
    },
  }),
  "alerts.unsubscribePush": () => ({ body: { endpoint: "https://push.example/matrix/none" } }),
  "payments.start": (d) => ({ body: { orderId: d.orderOfA.id } }),
  "payments.get": async (d) => ({ params: { reference: await paymentOfA(d) } }),
  "payments.receipt": async (d) => ({ params: { reference: await paymentOfA(d) } }),
  "payments.submitProof": () => ({
    body: {
      amount: 100,
      paidOn: "2026-11-02",
      fileName: "proof.pdf",
      file: `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64")}`,
    },
  }),
  "payments.proofs": () => ({ query: {} }),
  "payments.proofFile": async (d) => ({ params: { id: await proofOfA(d) } }),
  "payments.matchProof": async (d) => ({ params: { id: await proofOfA(d) } }),
  "payments.rejectProof": async (d) => ({
    params: { id: await proofOfA(d) },
    body: { reason: "Not in the bank" },
  }),
  "buyers.invitation": () => ({ query: { token: "a-link-nobody-was-sent" } }),
  "buyers.acceptInvitation": () => ({
    body: {
      token: "a-link-nobody-was-sent",
      firstname: "Not",
      lastname: "Invited",
      password: "Matrix-Made-Pass-2026",
    },
  }),
  "buyers.approve": (d) => ({ params: { id: d.orderOfA.id } }),
  "buyers.reject": (d) => ({ params: { id: d.orderOfA.id }, body: { reason: "Not this week" } }),
  "orders.cancel": async (d) => ({ params: { id: await deliveredOrderOfA(d) }, body: {} }),
  "orders.changeLines": async (d) => ({
    params: { id: await deliveredOrderOfA(d) },
    body: {
      orderLines: [{ productId: "NOT-ON-IT", quantity: 1 }],
      totalPriceIncl: 1,
      totalPriceExcl: 1,
      linesChangedAt: null,
    },
  }),
  "statements.invoicePdf": async (d) => ({ params: { id: await deliveredOrderOfA(d) } }),
  "backOfficeAccount.accountDocument": () =>
    signed({
      tenantId: "gauteng",
      accountId: "CUS0001",
      kind: "Payment",
      reference: "PMT-MATRIX-1",
      date: "2026-11-02T08:00:00Z",
      amount: 10,
    }),
  "backOfficeAccount.liquorLicence": () =>
    signed({
      tenantId: "gauteng",
      accountId: "CUS0001",
      licence: { number: "GAU/00001/LL", expiresOn: "2030-01-31" },
    }),
  "reports.topProducts": () => ({ query: { by: "quantity", limit: "5" } }),
  "realtime.stream": () => ({ query: { ticket: "an-unknown-ticket-of-32-characters" } }),
  "products.pending.withoutImages": () => ({ query: { pageNumber: "1", resultsPerPage: "12" } }),
  "products.pending.images": (d) => ({ params: { skuCode: d.skuCode } }),
  "products.pending.byBarcode": (d) => ({ params: { gtin: d.gtin } }),
  "cart.quickOrder.preview": (d) => ({ body: { lines: [{ code: d.skuCode, quantity: 1 }] } }),
  "cart.quickOrder.addItems": (d) => ({ body: { items: [{ skuCode: d.skuCode, quantity: 1 }] } }),
  // Customer A's own list, made afresh for each caller: B and the rest must not reach it.
  "orderLists.list": () => ({}),
  "orderLists.get": async (d) => ({ params: { id: await listOfA(d) } }),
  "orderLists.create": () => ({ body: { name: listName("matrix list") } }),
  "orderLists.rename": async (d) => ({
    params: { id: await listOfA(d) },
    body: { name: listName("renamed") },
  }),
  "orderLists.setLines": async (d) => ({
    params: { id: await listOfA(d) },
    body: { lines: [{ skuCode: d.skuCode, quantity: 2 }] },
  }),
  "orderLists.addLines": async (d) => ({
    params: { id: await listOfA(d) },
    body: { lines: [{ skuCode: d.skuCode, quantity: 1 }] },
  }),
  "orderLists.remove": async (d) => ({ params: { id: await listOfA(d) } }),
  "orderLists.addToCart": async (d) => ({ params: { id: await listOfA(d) } }),
  "products.vocabulary.setSynonyms": () => ({ body: { groups: [{ terms: ["crisps", "chips"] }] } }),
  "products.vocabulary.suggest": () => ({ query: { q: "chi" } }),
  "products.vocabulary.searchRequest": () => ({ body: { searchText: "what the access matrix looked for" } }),
  "products.vocabulary.zeroResultSearches": () => ({ query: { limit: "10" } }),
  "products.changes": (d) => ({ query: { skuCode: d.skuCode } }),
  "applications.requestPin": (_d, who) => ({
    body: { email: `pin.for.${who.toLowerCase()}@tradeshop.test` },
  }),
  "applications.submit": async (d, who) => ({ body: await applicationCommand(d, who) }),
  "applications.mine": async (d) => ({ headers: (await applicationInGauteng(d)).headers }),
  "applications.addDocuments": async (d) => ({
    headers: (await applicationInGauteng(d)).headers,
    body: { documents: [{ kind: "proof_of_address", fileName: "bill.pdf", file: APPLICANT_PDF }] },
  }),
  "applications.reply": async (d) => ({
    headers: (await applicationInGauteng(d)).headers,
    body: { text: "Here is what you asked for." },
  }),
  "applications.addCredit": async (d) => ({
    headers: (await applicationInGauteng(d)).headers,
    body: { credit: CREDIT_REQUEST },
  }),
  "applications.myDocument": async (d) => {
    const application = await applicationInGauteng(d);
    return { headers: application.headers, params: { documentId: application.documentId } };
  },
  "applications.list": () => ({ query: { status: "New" } }),
  "applications.get": async (d) => ({ params: { id: (await applicationInGauteng(d)).id } }),
  "applications.document": async (d) => {
    const application = await applicationInGauteng(d);
    return { params: { id: application.id, documentId: application.documentId } };
  },
  "applications.askForInformation": async (d) => ({
    params: { id: (await applicationInGauteng(d)).id },
    body: { text: "Please send your ID." },
  }),
  "applications.approve": async (d) => {
    const priceList = await d.t.database.db
      .selectFrom("priceLists")
      .select("id")
      .where("tenantId", "=", "gauteng")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return {
      params: { id: (await applicationInGauteng(d)).id },
      body: { priceListId: priceList.id, warehouseCode: "JHB", creditLimit: 5000, liquor: false },
    };
  },
  "applications.decline": async (d) => ({
    params: { id: (await applicationInGauteng(d)).id },
    body: { reason: "Not in our area" },
  }),
};

describe("access matrix: every route x every kind of caller", () => {
  let d: Demo;
  let callers: Record<PrincipalName, Caller>;

  beforeAll(async () => {
    const t = await createTestApp({ env: { BACKOFFICE_SECRET } });
    callers = await loginPrincipals(t);
    const db = t.database.db;
    const trader = await customerOf(db, "trader");
    const spaza = await customerOf(db, "spaza");
    expect(spaza.stockingWarehouseCode).toBe(trader.stockingWarehouseCode);
    const sku = await findSku(db, {
      warehouseCode: trader.stockingWarehouseCode,
      tenantId: trader.tenantId,
      minStock: 200,
    });
    const { email: spazaEmail } = await db
      .selectFrom("users")
      .select("email")
      .where("username", "=", "spaza")
      .executeTakeFirstOrThrow();
    const { contactEmail: traderAccountEmail } = await db
      .selectFrom("customers")
      .select("contactEmail")
      .where("id", "=", trader.id)
      .executeTakeFirstOrThrow();
    const unregistered = await db
      .selectFrom("customers")
      .select(["accountId", "contactEmail"])
      .where("tenantId", "=", "gauteng")
      .where("active", "=", true)
      .where("contactEmail", "is not", null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("users").select("id").whereRef("users.customerId", "=", "customers.id"))),
      )
      .where(({ eb, selectFrom }) =>
        eb(
          selectFrom("customers as same")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("same.accountId", "=", "customers.accountId"),
          "=",
          1,
        ),
      )
      .orderBy("accountId")
      .executeTakeFirstOrThrow();
    const adminToken = callers.admin.token!;
    const orderOfA = await placeTestOrder(t, "trader", callers.customerA.token!, [2]);
    const handOffs = (
      await send({ t }, callers.admin, "GET", "/api/BackOffice/HandOffs")
    ).json() as HandOff[];
    const target = await makeUser(t, adminToken, {
      username: "matrix.target",
      roles: ["Staff"],
      tenants: ["gauteng"],
    });
    const { gtin } = await db
      .selectFrom("products")
      .select("gtin")
      .where("skuCode", "=", sku.skuCode)
      .executeTakeFirstOrThrow();
    d = {
      t,
      skuCode: sku.skuCode,
      gtin: gtin!,
      spazaEmail,
      traderAccountEmail: traderAccountEmail!,
      unregistered: { accountId: unregistered.accountId, contactEmail: unregistered.contactEmail! },
      orderOfA,
      handOffOfA: handOffs.find((h) => h.orderId === orderOfA.id)!,
      target: { id: target.id, username: "matrix.target", email: "matrix.target@tradeshop.test" },
      adminToken,
      tokenOfA: callers.customerA.token!,
    };
    expect(d.handOffOfA).toBeDefined();
  });
  afterAll(() => d?.t.close());

  it("has a row and a request for every route of the route table, and no row for a route that is gone", () => {
    const keys = ROUTES.map((r) => r.key);
    const withoutRow = keys.filter((key) => !(key in MATRIX));
    expect(withoutRow, "new route without a row in MATRIX").toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !keys.includes(key)),
      "row for a route not in the table",
    ).toEqual([]);
    const needsRequest = ROUTES.filter(({ route }) => route.body || route.params || route.query).map(
      (r) => r.key,
    );
    expect(
      needsRequest.filter((key) => !REQUESTS[key]),
      "route with a payload but no valid request in REQUESTS",
    ).toEqual([]);
  });

  it.each(ROUTES.map((r) => [r.key, r] as const))(
    "%s answers each caller as the matrix says",
    async (key, { route }) => {
      const row = MATRIX[key];
      expect(row, `new route without a row: ${key}`).toBeDefined();
      const mismatches: string[] = [];
      for (const [column, who] of PRINCIPALS.entries()) {
        const caller = callers[who];
        const parts = (await REQUESTS[key]?.(d, who, caller)) ?? {};
        const res: LightMyRequestResponse = await d.t.request({
          method: route.method,
          url: urlOf(route, parts.params, parts.query),
          body: parts.body ?? (route.method === "GET" ? undefined : route.body ? {} : undefined),
          ...caller,
          ...(parts.headers ? { headers: parts.headers } : {}),
        });
        const expected = row![column]!;
        const status = expected === OK ? OK : statusOf(expected);
        const code = res.statusCode >= 400 ? expectProblem(res, `${key} as ${who}`).code : res.statusCode;
        if (res.statusCode !== status || code !== expected) {
          mismatches.push(`${who}: expected ${expected} (${status}), got ${res.statusCode} ${code}`);
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it("refuses a visitor with 401 on every private route with a path parameter, even when the parameter is empty or not a number", async () => {
    const answers: string[] = [];
    for (const { key, route } of ROUTES.filter((r) => r.route.auth && r.route.params)) {
      for (const value of ["", "abc", "-1", "1"]) {
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const url = urlOf(route, Object.fromEntries(names.map((name) => [name, value])));
        const res = await d.t.request({
          method: route.method,
          url,
          body: route.method === "GET" ? undefined : {},
        });
        const code = res.statusCode >= 400 ? expectProblem(res, `${key} ${url}`).code : res.statusCode;
        if (code !== "unauthenticated") answers.push(`${route.method} ${url}: ${res.statusCode} ${code}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it("answers an applicant's routes only with a link: none or a made-up one is not found, logged in or not; another's link reaches only that application", async () => {
    const mine = await applicationInGauteng(d);
    const other = await applicationInGauteng(d);
    const bodies: Record<string, unknown> = {
      "applications.addDocuments": {
        documents: [{ kind: "proof_of_address", fileName: "bill.pdf", file: APPLICANT_PDF }],
      },
      "applications.reply": { text: "Here is what you asked for." },
      "applications.addCredit": { credit: CREDIT_REQUEST },
    };
    const answers: string[] = [];
    const applicantRoutes = ROUTES.filter(
      (r) => r.key.startsWith("applications.") && r.route.path.includes("/Mine"),
    );
    expect(applicantRoutes).toHaveLength(5);
    for (const { key, route } of applicantRoutes) {
      const call = (caller: Caller, headers: Record<string, string>) =>
        d.t.request({
          method: route.method,
          url: urlOf(route, { documentId: mine.documentId }),
          body: bodies[key],
          ...caller,
          headers,
        });
      for (const [label, caller, headers] of [
        ["no link", callers.anonymous, {}],
        ["no link, logged in", callers.customerA, {}],
        ["a made-up link", callers.customerA, { "x-application-token": "x".repeat(43) }],
        ["a link of another application", callers.anonymous, other.headers],
      ] as const) {
        const res = await call(caller, headers);
        if (key !== "applications.myDocument" && label === "a link of another application") {
          // It is that application's own: the answer is that one, never the application asked about.
          const answered = (res.json() as { id: number }).id;
          if (res.statusCode !== 200 || answered !== other.id)
            answers.push(`${key} with ${label}: ${res.statusCode} application ${answered}`);
          continue;
        }
        const code = res.statusCode >= 400 ? expectProblem(res, `${key} with ${label}`).code : res.statusCode;
        if (code !== NF) answers.push(`${key} with ${label}: ${res.statusCode} ${code}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it("answers staff of another tenant that the application is not found", async () => {
    const application = await applicationInGauteng(d);
    const coastal = { token: callers.foreignTenant.token!, tenantId: "coastal" };
    const answers: string[] = [];
    for (const { key, route } of ROUTES.filter(
      (r) => r.key.startsWith("applications.") && r.route.params && r.route.auth,
    )) {
      const parts = (await REQUESTS[key]!(d, "foreignTenant", coastal)) ?? {};
      const res = await d.t.request({
        method: route.method,
        url: urlOf(route, { id: application.id, documentId: application.documentId }),
        body: parts.body,
        ...coastal,
      });
      const code = res.statusCode >= 400 ? expectProblem(res, key).code : res.statusCode;
      if (code !== NF) answers.push(`${key}: ${res.statusCode} ${code}`);
    }
    expect(answers).toEqual([]);
    const list = await d.t.request({ method: "GET", url: "/api/Applications", ...coastal });
    expect((list.json() as { items: { id: number }[] }).items.map((a) => a.id)).not.toContain(application.id);
  });

  it("answers customer B asking for customer A's order with 404 and nothing of the order", async () => {
    const res = await d.t.request({
      method: "GET",
      url: `/api/Order/GetOrderById/${d.orderOfA.id}`,
      ...callers.customerB,
    });
    expect(res.statusCode).toBe(404);
    expect(expectProblem(res).code).toBe("not_found");
    expect(res.body).not.toContain(d.orderOfA.orderId);
    expect(res.body).not.toContain(d.orderOfA.accountName);
    // B's history does not list it either.
    const history = (
      await d.t.request({ method: "GET", url: "/api/Order", ...callers.customerB })
    ).json() as Order[];
    expect(history.map((o) => o.id)).not.toContain(d.orderOfA.id);
  });
});
