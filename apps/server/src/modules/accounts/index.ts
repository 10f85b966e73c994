// Accounts: the customer account behind a login (its prices, stock and rules, a Rep's
// X-Acting-For), its details, addresses, liquor licence, credit and statements, and its people:
// owner, buyers and viewers (decision 128). Owns customers, customer_addresses and
// account_invitations. Offers the customer of a request, credit, the liquor rule and the
// owner's rights to the modules that price, list and place orders (docs/architecture.md).
// Real-time: the trigger customers_account_shop_events (db/migrations/0005-backoffice.ts)
// sends { kind: "account", tenantId, customerId } on shop_events when a balance or credit
// limit changes, whoever changed it; modules/realtime pushes the account to its streams.
export { accountsRoutes } from "./routes";
export { statementRoutesOf } from "./statement-routes";
export { buyerRoutesOf } from "./buyer-routes";
export { customerOfRequest } from "./customer-of-request";
export { customerContextFor, type CustomerContext } from "./customer-context";
export { chosenDeliveryAddress } from "./customer-addresses";
export { liquorRefusal, sendLiquorLicenceNotices } from "./liquor-licence";
export { memberOf, ownerOf, refuseViewer, requireOwner, toMember, type Member } from "./buyers";
/** An account's first login, invited as its Owner by staff (an approved application). */
export { inviteOwner } from "./buyers";
export { creditPosition, creditPositions, NOT_YET_INVOICED } from "./credit";
export { accountOfUser, accountPosition } from "./credit-details";
export { currentMonth } from "./account-statement";
export { sastDay, type LedgerKind } from "./statement";
/** The account mail limits, for the tests that spend them. */
export { ACCOUNT_MAIL_LIMITS } from "./mail-limits";
