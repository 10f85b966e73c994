// The people of a trade account: the owner invites buyers and viewers by e-mail,
// sets each one's order limit, and approves or rejects the orders over it.
import { z } from "zod";
import {
  EmailAddress,
  Id,
  IdParam,
  IsoDateTime,
  personName,
  Rand,
  requiredText,
  SuccessEnvelope,
} from "./common";
import { Password } from "./credentials";
import { Order } from "./orders";
import type { ApiRoute } from "./http";

/** Owner: the account's first user, who manages the others. Buyer: orders. Viewer: sees prices and history, cannot order. */
export const AccountRole = z.enum(["Owner", "Buyer", "Viewer"]);
export type AccountRole = z.infer<typeof AccountRole>;
export const InvitedRole = AccountRole.exclude(["Owner"]);
export type InvitedRole = z.infer<typeof InvitedRole>;

/** Rand including VAT; null means no limit. */
export const OrderLimit = Rand.refine((rand) => rand >= 0, "Enter a limit of R0.00 or more")
  .refine((rand) => rand <= 100_000_000, "Enter a limit of at most R100 000 000.00")
  .nullable();

/** The caller's place on the account, for the checkout's warning before the click. */
export const AccountMembership = z.object({
  accountRole: AccountRole,
  orderLimit: Rand.nullable(),
  /** Who approves orders over the limit. */
  ownerName: z.string(),
});
export type AccountMembership = z.infer<typeof AccountMembership>;

export const AccountUser = z.object({
  userId: Id,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  accountRole: AccountRole,
  orderLimit: Rand.nullable(),
});
export type AccountUser = z.infer<typeof AccountUser>;

export const AccountInvitation = z.object({
  id: Id,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  accountRole: InvitedRole,
  orderLimit: Rand.nullable(),
  invitedBy: z.string(),
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
});
export type AccountInvitation = z.infer<typeof AccountInvitation>;

export const AccountPeople = z.object({
  users: z.array(AccountUser),
  invitations: z.array(AccountInvitation),
});
export type AccountPeople = z.infer<typeof AccountPeople>;

export const InviteBuyerCommand = z.object({
  firstname: personName("Enter a first name", 100),
  lastname: personName("Enter a last name", 100),
  email: EmailAddress,
  accountRole: InvitedRole,
  orderLimit: OrderLimit,
});
export type InviteBuyerCommand = z.infer<typeof InviteBuyerCommand>;

export const UpdateBuyerCommand = z.object({ accountRole: InvitedRole, orderLimit: OrderLimit });
export type UpdateBuyerCommand = z.infer<typeof UpdateBuyerCommand>;

const InvitationToken = requiredText(
  "This invitation link is incomplete; open it again from the e-mail",
  200,
);

export const InvitationQuery = z.object({ token: InvitationToken });

/** What the invitation page shows before the invited person chooses a password. */
export const InvitationDetails = z.object({
  accountName: z.string(),
  accountId: z.string(),
  invitedBy: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** An owner's own invitation too: an approved application's applicant (docs/applications.md). */
  accountRole: AccountRole,
});
export type InvitationDetails = z.infer<typeof InvitationDetails>;

export const AcceptInvitationCommand = z.object({
  token: InvitationToken,
  firstname: personName("Enter your first name", 100),
  lastname: personName("Enter your last name", 100),
  password: Password,
});
export type AcceptInvitationCommand = z.infer<typeof AcceptInvitationCommand>;

/** The new login's username is the invited e-mail address. */
export const AcceptInvitationResult = z.object({ username: z.string() });

export const RejectOrderCommand = z.object({ reason: requiredText("Enter a reason for the buyer", 200) });
export type RejectOrderCommand = z.infer<typeof RejectOrderCommand>;

const UserParams = z.object({ userId: IdParam });
const InvitationParams = z.object({ id: IdParam });
const OrderParams = z.object({ id: IdParam });

/** An order waiting for the owner, as the approvals inbox lists it (oldest hold first). */
export const AwaitingApproval = Order.pick({
  id: true,
  orderId: true,
  createdDate: true,
  placedBy: true,
  totalPriceIncl: true,
  approvalDueAt: true,
}).extend({
  lineCount: z.number().int().nonnegative(),
  /** The order limit of the buyer who placed it, that it is over; null when they have none now. */
  buyerOrderLimit: Rand.nullable(),
});
export type AwaitingApproval = z.infer<typeof AwaitingApproval>;

export const ApprovalsInbox = z.object({ items: z.array(AwaitingApproval) });
export type ApprovalsInbox = z.infer<typeof ApprovalsInbox>;

export const buyerRoutes = {
  membership: {
    method: "GET",
    path: "/api/Account/Membership",
    response: AccountMembership,
    auth: true,
    problems: ["not_a_customer"],
    summary: "The caller's role on the customer account, their order limit and who approves orders over it",
    tag: "Account",
  },
  people: {
    method: "GET",
    path: "/api/Account/Buyers",
    response: AccountPeople,
    auth: true,
    problems: ["not_a_customer", "owner_only"],
    summary: "The account's users and open invitations (the owner only)",
    tag: "Account",
  },
  invite: {
    method: "POST",
    path: "/api/Account/Buyers/Invite",
    body: InviteBuyerCommand,
    response: AccountInvitation,
    auth: true,
    problems: ["not_a_customer", "owner_only", "rate_limited", "service_unavailable"],
    summary: "Invite a buyer or viewer by e-mail: the link lets them choose a password (7 days)",
    tag: "Account",
  },
  update: {
    method: "PUT",
    path: "/api/Account/Buyers/:userId",
    params: UserParams,
    body: UpdateBuyerCommand,
    response: AccountUser,
    auth: true,
    problems: ["not_a_customer", "owner_only", "not_found"],
    summary: "Change a buyer's role or order limit (the owner only)",
    tag: "Account",
  },
  remove: {
    method: "DELETE",
    path: "/api/Account/Buyers/:userId",
    params: UserParams,
    response: SuccessEnvelope,
    auth: true,
    problems: ["not_a_customer", "owner_only", "not_found"],
    summary: "Remove a buyer or viewer from the account: their login ends at once; their orders stay",
    tag: "Account",
  },
  revokeInvitation: {
    method: "DELETE",
    path: "/api/Account/Invitations/:id",
    params: InvitationParams,
    response: SuccessEnvelope,
    auth: true,
    problems: ["not_a_customer", "owner_only", "not_found"],
    summary: "Withdraw an invitation not yet accepted",
    tag: "Account",
  },
  invitation: {
    method: "GET",
    path: "/api/Account/Invitation",
    query: InvitationQuery,
    response: InvitationDetails,
    auth: false,
    problems: ["invitation_invalid"],
    summary: "An invitation's account and person, read from its link",
    tag: "Account",
  },
  acceptInvitation: {
    method: "POST",
    path: "/api/Account/AcceptInvitation",
    body: AcceptInvitationCommand,
    response: AcceptInvitationResult,
    auth: false,
    problems: ["invitation_invalid", "email_taken"],
    summary: "Accept an invitation: creates the login (username: the invited e-mail address) on the account",
    tag: "Account",
  },
  approvals: {
    method: "GET",
    path: "/api/Order/Approvals",
    response: ApprovalsInbox,
    auth: true,
    problems: ["not_a_customer", "owner_only"],
    summary:
      "The orders waiting for the owner's approval, the one whose stock is released first first (the owner only)",
    tag: "Orders",
  },
  approve: {
    method: "POST",
    path: "/api/Order/:id/Approve",
    params: OrderParams,
    response: Order,
    auth: true,
    problems: [
      "not_a_customer",
      "owner_only",
      "not_found",
      "not_awaiting_approval",
      "liquor_not_allowed",
      "liquor_licence_expired",
      "credit_exceeded",
    ],
    summary:
      "Approve an order awaiting approval: it is handed to the back office (liquor only while the account may still buy it, and only within its credit)",
    tag: "Orders",
  },
  reject: {
    method: "POST",
    path: "/api/Order/:id/Reject",
    params: OrderParams,
    body: RejectOrderCommand,
    response: Order,
    auth: true,
    problems: ["not_a_customer", "owner_only", "not_found", "not_awaiting_approval"],
    summary: "Reject an order awaiting approval with a reason for the buyer: its stock is released",
    tag: "Orders",
  },
} as const satisfies Record<string, ApiRoute>;
