// Identity: login and its token, users with their roles and tenants, the directory,
// password reset and self-registration with a one-time PIN.
import { z } from "zod";
import {
  ADMIN_ROLES,
  EmailAddress,
  Id,
  IdParam,
  IsoDateTime,
  optionalText,
  requiredText,
  RoleName,
  SuccessEnvelope,
} from "./common";
import { UserEnquiry } from "./content";
import type { ApiRoute } from "./http";
import { Password, TenantId } from "./credentials";

export { Password, TenantId, TokenClaims, normalizeClaims } from "./credentials";

export const OtpPin = z.string({ error: "Enter the 6-digit PIN" }).regex(/^\d{6}$/, "Enter the 6-digit PIN");

const CustomerAccountNumber = requiredText("Enter your customer account number", 20);

/** AuthenticateUsingEmail takes the same payload with the e-mail address as `username`. */
export const LoginRequest = z.object({
  username: requiredText("Enter your username", 254),
  // Any length: the 10-character rule is for new passwords, not for proving an old one.
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** docs/rules.md lock-out: this many wrong passwords in a row lock a login for LOCKOUT_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
/** From this many tries left before the lock, a wrong password's answer says how many remain. */
export const TRIES_LEFT_WARNING = 2;

/**
 * A wrong password's 401 (`bad_credentials`): `triesLeft` once TRIES_LEFT_WARNING or fewer wrong
 * passwords would lock the login, for a made-up username too (decision 76).
 */
export const BadCredentials = z.object({
  code: z.literal("bad_credentials"),
  triesLeft: z.number().int().positive().max(TRIES_LEFT_WARNING).optional(),
});
export type BadCredentials = z.infer<typeof BadCredentials>;

export const LoginResult = z.object({
  token: z.string(),
  /** Seconds from now. */
  expiresIn: z.number().int().positive(),
});
export type LoginResult = z.infer<typeof LoginResult>;

const UserFields = z.object({
  username: requiredText("Enter a username", 254),
  firstname: requiredText("Enter a first name", 100),
  lastname: requiredText("Enter a last name", 100),
  email: EmailAddress,
  isActiveDirectoryUser: z.boolean().default(false),
  roles: z.array(RoleName).default([]),
  tenants: z.array(TenantId).default([]),
  /** Names of the reports the user may open in the reporting API. */
  reports: z.array(z.string()).default([]),
  /** The customer's account number for shop users; staff have none. */
  customerAccount: optionalText(20),
});

export const User = UserFields.omit({ reports: true }).extend({
  id: Id,
  customerAccount: z.string().nullable(),
  resetPasswordOnNextLogin: z.boolean(),
  failedLoginAttempts: z.number().int().nonnegative(),
  lockoutExpiryDate: IsoDateTime.nullable(),
  isActive: z.boolean(),
  /** Whether the user has a live real-time connection right now. */
  signalRConnected: z.boolean(),
  createdBy: z.string().nullable(),
  createdDate: IsoDateTime,
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: IsoDateTime.nullable(),
});
export type User = z.infer<typeof User>;

export const UserSummary = User.pick({ id: true, username: true, firstname: true, lastname: true });
export type UserSummary = z.infer<typeof UserSummary>;

/**
 * Roles and tenants list their members as small user summaries rather than bare ids, so the
 * admin screens can show names without a request per user.
 */
export const Role = z.object({
  id: Id,
  name: RoleName,
  description: z.string().nullable(),
  enabled: z.boolean(),
  users: z.array(UserSummary),
});
export type Role = z.infer<typeof Role>;

/** A user's roles (GET /api/Users/:userId/Roles), without each role's member list. */
export const RoleSummary = Role.omit({ users: true });
export type RoleSummary = z.infer<typeof RoleSummary>;

export const Tenant = z.object({
  id: TenantId,
  name: z.string(),
  enabled: z.boolean(),
  users: z.array(UserSummary),
});
export type Tenant = z.infer<typeof Tenant>;

/** Directory users sign in against the directory, so only local users need a password. */
export const CreateUserPayload = UserFields.extend({
  password: Password.optional(),
  otpKey: z.string().optional(),
  otpPin: OtpPin.optional(),
}).refine((payload) => payload.isActiveDirectoryUser || payload.password !== undefined, {
  message: "Enter a password",
  path: ["password"],
});
export type CreateUserPayload = z.infer<typeof CreateUserPayload>;

/** A password given here replaces the user's; leave it out to keep the current one. */
export const UpdateUserPayload = UserFields.extend({
  id: Id,
  // Absent means "keep": the User answer does not carry reports, so an edit form cannot echo them.
  reports: z.array(z.string()).optional(),
  password: Password.optional(),
  resetPasswordOnNextLogin: z.boolean().optional(),
});
export type UpdateUserPayload = z.infer<typeof UpdateUserPayload>;

export const DirectoryUser = z.object({
  guid: z.string(),
  samAccountName: z.string(),
  userPrincipalName: z.string().nullable(),
  name: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  emailAddress: z.string().nullable(),
  isAccountLockedOut: z.boolean(),
  enabled: z.boolean(),
});
export type DirectoryUser = z.infer<typeof DirectoryUser>;

export const DirectoryUserSearchQuery = z.object({
  username: requiredText("Enter part of a username to search for", 100),
});
export type DirectoryUserSearchQuery = z.infer<typeof DirectoryUserSearchQuery>;

/** Also the answer of RequestPasswordReset, which is the same whether or not the address exists. */
export const PasswordResetRequest = z.object({ emailAddress: EmailAddress });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** `hash` is the token from the e-mailed reset link. */
export const PasswordReset = z.object({
  hash: requiredText("This reset link is incomplete; open it again from the e-mail", 200),
  password: Password,
});
export type PasswordReset = z.infer<typeof PasswordReset>;

export const PasswordResetResult = z.object({ username: z.string() });
export type PasswordResetResult = z.infer<typeof PasswordResetResult>;

/** Which phone numbers and addresses on a customer account a PIN can be sent to. */
export const OtpDetailsRequest = z.object({
  pastelCustomerAccount: CustomerAccountNumber,
  emailAddress: EmailAddress,
});
export type OtpDetailsRequest = z.infer<typeof OtpDetailsRequest>;

const Outcome = SuccessEnvelope.pick({ success: true, message: true });

export const OtpDetailsResult = Outcome.extend({
  pastelCustomerAccount: z.string(),
  cellphoneNumbers: z.array(z.string()),
  emailAddresses: z.array(z.string()),
});
export type OtpDetailsResult = z.infer<typeof OtpDetailsResult>;

/** Asks for a PIN to be sent to a number or address that is on the customer account. */
export const PreRegistrationRequest = OtpDetailsRequest.extend({
  sendOtpViaEmail: z.boolean().default(false),
  sendOtpViaSms: z.boolean().default(false),
  otpSMSNumber: optionalText(20),
  otpEmailAddress: optionalText(254),
}).superRefine((request, ctx) => {
  if (!request.sendOtpViaEmail && !request.sendOtpViaSms) {
    ctx.addIssue({ code: "custom", message: "Choose how to receive your PIN", path: ["sendOtpViaSms"] });
  }
  if (request.sendOtpViaSms && !request.otpSMSNumber) {
    ctx.addIssue({
      code: "custom",
      message: "Choose the cellphone number for the PIN",
      path: ["otpSMSNumber"],
    });
  }
  if (request.sendOtpViaEmail && !request.otpEmailAddress) {
    ctx.addIssue({
      code: "custom",
      message: "Choose the e-mail address for the PIN",
      path: ["otpEmailAddress"],
    });
  }
});
export type PreRegistrationRequest = z.infer<typeof PreRegistrationRequest>;

/** `otpKey` identifies the PIN that was sent; registration hands it back with the PIN. */
export const PreRegistrationResult = Outcome.extend({ otpKey: z.string().nullable() });
export type PreRegistrationResult = z.infer<typeof PreRegistrationResult>;

/**
 * Self-registration: roles, tenants and reports are left out on purpose. A self-registered
 * user is always a Customer of the account's tenant, and the server alone decides that.
 */
export const RegisterExternalUserPayload = UserFields.pick({
  username: true,
  firstname: true,
  lastname: true,
  email: true,
}).extend({
  password: Password,
  customerAccount: CustomerAccountNumber,
  otpKey: requiredText("Request a PIN first", 200),
  otpPin: OtpPin,
});
export type RegisterExternalUserPayload = z.infer<typeof RegisterExternalUserPayload>;

const UserIdParams = z.object({ id: IdParam });
const UserRolesParams = z.object({ userId: IdParam });

/** This domain's routes in the API table (api.ts). */
export const userRoutes = {
  authenticate: {
    method: "POST",
    path: "/api/Users/Authenticate",
    body: LoginRequest,
    response: LoginResult,
    auth: false,
    problems: [
      "bad_credentials",
      "account_locked",
      "account_disabled",
      "password_change_required",
      "rate_limited",
      "service_unavailable",
    ],
    summary: "Log in with a username and password",
    tag: "Users",
  },
  authenticateUsingEmail: {
    method: "POST",
    path: "/api/Users/AuthenticateUsingEmail",
    body: LoginRequest,
    response: LoginResult,
    auth: false,
    problems: [
      "bad_credentials",
      "account_locked",
      "account_disabled",
      "password_change_required",
      "rate_limited",
      "service_unavailable",
    ],
    summary: "Log in with an e-mail address (in username) and password",
    tag: "Users",
  },
  create: {
    method: "POST",
    path: "/api/Users",
    body: CreateUserPayload,
    response: User,
    auth: true,
    roles: ADMIN_ROLES,
    problems: ["username_taken", "email_taken", "account_has_user", "duplicate_user"],
    summary: "Create a user",
    tag: "Users",
  },
  update: {
    method: "PUT",
    path: "/api/Users",
    body: UpdateUserPayload,
    response: User,
    auth: true,
    roles: ADMIN_ROLES,
    problems: [
      "not_found",
      "username_taken",
      "email_taken",
      "account_has_user",
      "duplicate_user",
      "own_account",
      "last_admin",
    ],
    summary: "Change a user",
    tag: "Users",
  },
  list: {
    method: "GET",
    path: "/api/Users",
    response: z.array(User),
    auth: true,
    roles: ADMIN_ROLES,
    summary: "All users of the caller's tenants",
    tag: "Users",
  },
  getById: {
    method: "GET",
    path: "/api/Users/:id",
    params: UserIdParams,
    response: User,
    auth: true,
    roles: ADMIN_ROLES,
    problems: ["not_found"],
    summary: "One user",
    tag: "Users",
  },
  // A "file-style response" carries nothing a browser needs; an envelope gives the toast.
  enable: {
    method: "PUT",
    path: "/api/Users/:id/Enable",
    params: UserIdParams,
    response: SuccessEnvelope,
    auth: true,
    roles: ADMIN_ROLES,
    problems: ["not_found"],
    summary: "Let a user log in again",
    tag: "Users",
  },
  disable: {
    method: "PUT",
    path: "/api/Users/:id/Disable",
    params: UserIdParams,
    response: SuccessEnvelope,
    auth: true,
    roles: ADMIN_ROLES,
    problems: ["not_found", "own_account", "last_admin"],
    summary: "Stop a user from logging in",
    tag: "Users",
  },
  searchDirectoryUsers: {
    method: "GET",
    path: "/api/Users/SearchActiveDirectoryUsers",
    query: DirectoryUserSearchQuery,
    response: z.array(DirectoryUser),
    auth: true,
    roles: ADMIN_ROLES,
    problems: ["service_unavailable"],
    summary: "Find directory users by part of their username",
    tag: "Users",
  },
  roles: {
    method: "GET",
    path: "/api/Users/:userId/Roles",
    params: UserRolesParams,
    response: z.array(RoleSummary),
    auth: true,
    roles: ADMIN_ROLES,
    problems: ["not_found"],
    summary: "The roles a user holds",
    tag: "Users",
  },
  resetPassword: {
    method: "POST",
    path: "/api/Users/ResetPassword",
    body: PasswordReset,
    response: PasswordResetResult,
    auth: false,
    problems: ["rate_limited"],
    summary: "Set a new password with the token from a reset link",
    tag: "Users",
  },
  requestPasswordReset: {
    method: "POST",
    path: "/api/Users/RequestPasswordReset",
    body: PasswordResetRequest,
    response: PasswordResetRequest,
    auth: false,
    problems: ["rate_limited", "service_unavailable"],
    summary: "E-mail a reset link; answers alike whether or not the address is known",
    tag: "Users",
  },
  getOtpDetails: {
    method: "POST",
    path: "/api/Users/GetUserOtpDetails",
    body: OtpDetailsRequest,
    response: OtpDetailsResult,
    auth: false,
    problems: ["not_found", "tenant_required", "rate_limited"],
    summary: "Where a registration PIN can be sent for a customer account",
    tag: "Users",
  },
  preRegister: {
    method: "POST",
    path: "/api/Users/PreRegisterUser",
    body: PreRegistrationRequest,
    response: PreRegistrationResult,
    auth: false,
    problems: ["not_found", "account_has_user", "tenant_required", "rate_limited", "service_unavailable"],
    summary: "Send a registration PIN by SMS or e-mail",
    tag: "Users",
  },
  registerExternalUser: {
    method: "POST",
    path: "/api/Users/RegisterExternalUser",
    body: RegisterExternalUserPayload,
    response: User,
    auth: false,
    problems: ["email_taken", "account_has_user", "rate_limited"],
    summary: "Register a customer user with the PIN that was sent",
    tag: "Users",
  },
  enquiry: {
    method: "POST",
    path: "/api/Users/UserEnquiry",
    body: UserEnquiry,
    response: SuccessEnvelope,
    auth: false,
    problems: ["rate_limited", "service_unavailable"],
    summary: "Send a message from the contact form",
    tag: "Users",
  },
} as const satisfies Record<string, ApiRoute>;
