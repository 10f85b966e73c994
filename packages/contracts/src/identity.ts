// Identity: login and its token, users with their roles and tenants, the directory,
// password reset and self-registration with a one-time PIN.
import { z } from "zod";
import {
  EmailAddress,
  Id,
  IsoDateTime,
  RoleName,
  SuccessEnvelope,
  optionalText,
  requiredText,
} from "./common";

/**
 * A tenant is known by a short code. The same text is the token's `tenants` claim and the
 * `TenantId` request header, so nothing converts between numbers and strings.
 */
export const TenantId = requiredText("Choose a tenant", 40);
export type TenantId = z.infer<typeof TenantId>;

/** Length only: the common-passwords check needs the server's list. Not trimmed: spaces count. */
export const Password = z
  .string({ error: "Enter a password" })
  .min(10, "Password must be at least 10 characters")
  .max(256, "Password must be at most 256 characters");

export const OtpPin = z.string({ error: "Enter the 6-digit PIN" }).regex(/^\d{6}$/, "Enter the 6-digit PIN");

const CustomerAccountNumber = requiredText("Enter your customer account number", 20);

/** AuthenticateUsingEmail takes the same payload with the e-mail address as `username`. */
export const LoginRequest = z.object({
  username: requiredText("Enter your username", 254),
  // Any length: the 10-character rule is for new passwords, not for proving an old one.
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResult = z.object({
  token: z.string(),
  /** Seconds from now. */
  expiresIn: z.number().int().positive(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** Roles stay plain strings here so a token naming a role this build does not know still decodes. */
export const TokenClaims = z.object({
  /** Expiry, in seconds since the epoch. */
  exp: z.number().int().positive(),
  firstName: z.string(),
  surname: z.string(),
  roles: z.array(z.string()),
  /** The username. */
  sub: z.string(),
  /** The user's id. */
  uid: Id,
  tenants: z.array(TenantId),
  /** The user's token version when it was issued; a later password, role or status change raises it. */
  ver: z.number().int().nonnegative().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

const oneOrMany = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const IssuedTokenClaims = TokenClaims.extend({
  roles: oneOrMany,
  tenants: oneOrMany,
  // Directory logins arrive as DOMAIN\username; the shop knows the user by the bare name.
  sub: z.string().transform((sub) => sub.slice(sub.lastIndexOf("\\") + 1)),
  uid: z.coerce.number<string | number>().pipe(Id),
});

/**
 * Reads a decoded JWT payload as issued (a single role or tenant may be a bare string, `uid`
 * may be text) into TokenClaims. Throws a ZodError when the payload is not a shop token.
 */
export function normalizeClaims(payload: unknown): TokenClaims {
  return IssuedTokenClaims.parse(payload);
}

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
