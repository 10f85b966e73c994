// Applications: a trader who found the shop applies for a customer account with documents and,
// if they want terms, credit (docs/applications.md, decision 156); staff of the tenant review it,
// ask for more, approve or decline; the applicant follows it by a secret status link. Owns
// account_applications, application_documents, application_messages, application_pins and
// application_status_tokens. Approving opens the account: it writes the accounts module's
// customers and customer_addresses rows (approve.ts only), queues the back office's
// "backoffice.account" report (modules/backoffice) and invites the applicant as the Owner
// (modules/accounts' inviteOwner). Offers its routes (docs/architecture.md).
export { applicationRoutes } from "./routes";
