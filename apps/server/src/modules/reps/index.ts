// Sales reps: which customer accounts a rep serves (decision 127), assigned by admins and listed
// by the rep. Owns rep_accounts (read by modules/accounts to let a rep act for an account).
// Offers its routes only (docs/architecture.md).
export { repRoutes } from "./routes";
