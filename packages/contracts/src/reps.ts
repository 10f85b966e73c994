// Sales reps (decision 127): a Rep shops as a customer account assigned to them by
// an admin, naming it in the X-Acting-For header of every request. Reps list their accounts;
// admins list, assign and unassign a rep's accounts.
import { z } from "zod";
import type { ApiRoute } from "./http";
import { IdParam, Rand, SuccessEnvelope } from "./common";

/** A customer account number as the shop writes it (CUS0040). */
export const AccountNumber = z
  .string({ error: "Enter a customer account number" })
  .trim()
  .min(1, "Enter a customer account number")
  .max(20, "An account number is at most 20 characters");

/** A customer account a rep serves. */
export const RepAccount = z.object({
  tenantId: z.string(),
  accountId: z.string(),
  name: z.string(),
  /** The town or suburb line of the account's address, to tell branches apart. */
  town: z.string().nullable(),
  /**
   * What is left of the account's credit limit, as its own GetCreditDetails gives it
   * (docs/rules.md): negative when its balance and open orders are over the limit.
   */
  remainingCredit: Rand,
});
export type RepAccount = z.infer<typeof RepAccount>;

const RepParams = z.object({ id: IdParam });
const AssignmentParams = z.object({ id: IdParam, accountId: AccountNumber });

export const repRoutes = {
  myAccounts: {
    method: "GET",
    path: "/api/Rep/Accounts",
    response: z.array(RepAccount),
    auth: true,
    roles: ["Rep"],
    summary: "The customer accounts assigned to the calling rep in the request's tenant, by name",
    tag: "Sales reps",
  },
  accountsOfRep: {
    method: "GET",
    path: "/api/Users/:id/Accounts",
    params: RepParams,
    response: z.array(RepAccount),
    auth: true,
    roles: ["Admin"],
    problems: ["not_found"],
    summary: "The customer accounts assigned to a rep, in every tenant the admin holds",
    tag: "Users",
  },
  assign: {
    method: "PUT",
    path: "/api/Users/:id/Accounts/:accountId",
    params: AssignmentParams,
    response: z.array(RepAccount),
    auth: true,
    roles: ["Admin"],
    problems: ["not_found", "not_a_rep"],
    summary: "Assigns a customer account of the request's tenant to a rep (repeating it changes nothing)",
    tag: "Users",
  },
  unassign: {
    method: "DELETE",
    path: "/api/Users/:id/Accounts/:accountId",
    params: AssignmentParams,
    response: SuccessEnvelope,
    auth: true,
    roles: ["Admin"],
    problems: ["not_found"],
    summary: "Takes a customer account of the request's tenant away from a rep",
    tag: "Users",
  },
} as const satisfies Record<string, ApiRoute>;
