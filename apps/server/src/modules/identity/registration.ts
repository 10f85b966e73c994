// Self-registration with a one-time PIN (docs/rules.md). A trade customer proves they own an
// existing customer account: the account number plus the e-mail address on file show where a
// PIN can go (masked), the PIN goes only to a number or address on the account, and the PIN
// (6 digits, stored hashed, 10 minutes, 5 tries) unlocks creating the account's one user.
import { randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type {
  OtpDetailsRequest,
  OtpDetailsResult,
  PreRegistrationRequest,
  PreRegistrationResult,
  RegisterExternalUserPayload,
} from "@trade-shop/contracts/identity";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { assertCanSend, queueEmail, queueSms } from "../messaging";
import { assertGoodPassword } from "./password-rules";
import { hashPassword, verifyPassword } from "./passwords";
import { findUserIdByName } from "./queries";
import { isUniqueViolation } from "../../db/database";

export const OTP_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
const SELF_REGISTERED_ROLE = "Customer";

type RegistrationConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">;

/** "+27820000003" -> "+27*****0003": enough to recognise, not enough to use. */
export function maskCellphone(number: string): string {
  const digits = number.replace(/[^\d+]/g, "");
  if (digits.length <= 6) return "*".repeat(digits.length);
  return `${digits.slice(0, 3)}${"*".repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** "newshop@demo.shop" -> "ne*****@demo.shop". */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "*".repeat(address.length);
  const local = address.slice(0, at);
  const shown = local.slice(0, Math.min(2, local.length - 1));
  return `${shown}${"*".repeat(Math.max(3, local.length - shown.length))}${address.slice(at)}`;
}

/** South African numbers in any usual spelling (082 000 0003, +27 82 000 0003) as E.164. */
export function toE164(number: string): string | undefined {
  let digits = number.replace(/\D/g, "");
  if (digits.length === 10 && digits.startsWith("0")) digits = `27${digits.slice(1)}`;
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : undefined;
}

const noSuchAccount = () => {
  const message =
    "The account number and e-mail address do not match our records. Use the e-mail address on your customer account, or contact Sales Support.";
  return new DomainError("not_found", "The account number and e-mail address do not match our records.", {
    errors: { emailAddress: [message] },
  });
};

const alreadyRegistered = (accountId: string) =>
  new DomainError(
    "account_has_user",
    `Account ${accountId} already has a user. Log in, or reset your password if you forgot it.`,
    {
      errors: { pastelCustomerAccount: [`Account ${accountId} already has a user`] },
    },
  );

interface RegisteringCustomer {
  id: number;
  tenantId: string;
  accountId: string;
  contactEmail: string;
  contactCellphone: string | null;
  hasUser: boolean;
}

// The account must exist, be active and carry this e-mail address. A TenantId header narrows
// the search; without one an account number must be unambiguous across tenants.
async function findRegisteringCustomer(
  db: Db,
  request: { pastelCustomerAccount: string; emailAddress: string },
  tenantId: string | undefined,
): Promise<RegisteringCustomer> {
  let query = db
    .selectFrom("customers")
    .select([
      "customers.id",
      "customers.tenantId",
      "customers.accountId",
      "customers.contactEmail",
      "customers.contactCellphone",
      sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.customer_id = customers.id)`.as("hasUser"),
    ])
    .where(sql`upper(customers.account_id)`, "=", request.pastelCustomerAccount.trim().toUpperCase())
    .where(sql`lower(customers.contact_email)`, "=", request.emailAddress.trim().toLowerCase())
    .where("customers.active", "=", true);
  if (tenantId) query = query.where("customers.tenantId", "=", tenantId);
  const matches = await query.execute();
  if (matches.length === 0) throw noSuchAccount();
  if (matches.length > 1) {
    throw new DomainError(
      "tenant_required",
      "This account number exists in more than one tenant. Choose the tenant first.",
    );
  }
  const match = matches[0]!;
  return { ...match, contactEmail: match.contactEmail! };
}

export async function otpDetails(
  db: Db,
  request: OtpDetailsRequest,
  tenantId?: string,
): Promise<OtpDetailsResult> {
  const customer = await findRegisteringCustomer(db, request, tenantId);
  if (customer.hasUser) throw alreadyRegistered(customer.accountId);
  const cell = customer.contactCellphone ? toE164(customer.contactCellphone) : undefined;
  return {
    success: true,
    message: "Choose where we should send your PIN.",
    pastelCustomerAccount: customer.accountId,
    cellphoneNumbers: cell ? [maskCellphone(cell)] : [],
    emailAddresses: [maskEmail(customer.contactEmail)],
  };
}

// The client sends back one of the masked values it was shown (or the full value); either way
// the PIN only ever goes to what is on the account.
function chosenCellphone(customer: RegisteringCustomer, chosen: string | null | undefined): string {
  const onFile = customer.contactCellphone ? toE164(customer.contactCellphone) : undefined;
  const fits = onFile && chosen && (chosen.trim() === maskCellphone(onFile) || toE164(chosen) === onFile);
  if (!fits) {
    const message = "Choose one of the cellphone numbers on your account";
    throw new DomainError("validation", `${message}.`, { errors: { otpSMSNumber: [message] } });
  }
  return onFile;
}

function chosenEmail(customer: RegisteringCustomer, chosen: string | null | undefined): string {
  const onFile = customer.contactEmail;
  const value = chosen?.trim().toLowerCase();
  if (!value || (value !== maskEmail(onFile).toLowerCase() && value !== onFile.toLowerCase())) {
    const message = "Choose one of the e-mail addresses on your account";
    throw new DomainError("validation", `${message}.`, { errors: { otpEmailAddress: [message] } });
  }
  return onFile;
}

export async function preRegister(
  db: Db,
  config: RegistrationConfig,
  request: PreRegistrationRequest,
  tenantId?: string,
): Promise<PreRegistrationResult> {
  const customer = await findRegisteringCustomer(db, request, tenantId);
  if (customer.hasUser) throw alreadyRegistered(customer.accountId);
  const sms = request.sendOtpViaSms ? chosenCellphone(customer, request.otpSMSNumber) : undefined;
  const email = request.sendOtpViaEmail ? chosenEmail(customer, request.otpEmailAddress) : undefined;
  if (sms) assertCanSend(config, "sms");
  if (email) assertCanSend(config, "email");

  const pin = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const otpKey = randomUUID();
  const pinHash = await hashPassword(pin);
  const text = `Your Trade Shop registration PIN for account ${customer.accountId} is ${pin}. It is valid for ${OTP_MINUTES} minutes.`;

  await db.transaction().execute(async (trx) => {
    // A new PIN replaces any earlier one for the account.
    await trx
      .updateTable("otpRequests")
      .set({ usedAt: sql`now()` })
      .where("customerId", "=", customer.id)
      .where("usedAt", "is", null)
      .execute();
    await trx
      .insertInto("otpRequests")
      .values({
        otpKey,
        customerId: customer.id,
        email: request.emailAddress.trim().toLowerCase(),
        pinHash,
        expiresAt: sql`now() + make_interval(mins => ${OTP_MINUTES})`,
      })
      .execute();
    if (email) {
      await queueEmail(trx, `otp:${otpKey}:email`, {
        to: email,
        subject: "Your Trade Shop registration PIN",
        text: `Hello,\n\n${text}\n\nIf you did not start registering on the Trade Shop, ignore this e-mail.`,
      });
    }
    if (sms) await queueSms(trx, `otp:${otpKey}:sms`, { to: sms, text });
  });

  const where = [sms && maskCellphone(sms), email && maskEmail(email)].filter(Boolean).join(" and ");
  return { success: true, message: `OTP SENT to ${where}. It is valid for ${OTP_MINUTES} minutes.`, otpKey };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pinProblem = (field: "otpKey" | "otpPin", message: string) =>
  new DomainError("validation", message, { errors: { [field]: [message] } });

const PIN_UNKNOWN = "This PIN request is not known. Request a new PIN.";
const PIN_REPLACED = "This PIN was already used, or replaced by a newer one. Request a new PIN.";
const PIN_EXPIRED = `This PIN has expired (PINs are valid for ${OTP_MINUTES} minutes). Request a new PIN.`;
const PIN_EXHAUSTED = `Too many wrong PINs (${OTP_MAX_TRIES} tries). Request a new PIN.`;

function loadOtp(db: Db, otpKey: string) {
  return db
    .selectFrom("otpRequests")
    .innerJoin("customers", "customers.id", "otpRequests.customerId")
    .select([
      "otpRequests.pinHash",
      "otpRequests.email",
      "otpRequests.attempts",
      "otpRequests.usedAt",
      sql<boolean>`otp_requests.expires_at <= now()`.as("expired"),
      "customers.id as customerId",
      "customers.tenantId",
      "customers.accountId",
    ])
    .where("otpRequests.otpKey", "=", otpKey)
    .executeTakeFirst();
}

function assertPinUsable(otp: { usedAt: Date | null; expired: boolean; attempts: number }) {
  if (otp.usedAt) throw pinProblem("otpKey", PIN_REPLACED);
  if (otp.expired) throw pinProblem("otpPin", PIN_EXPIRED);
  if (otp.attempts >= OTP_MAX_TRIES) throw pinProblem("otpPin", PIN_EXHAUSTED);
}

/** Creates the account's user once the PIN checks out; returns the new user's id. */
export async function registerExternalUser(db: Db, payload: RegisterExternalUserPayload): Promise<number> {
  const email = payload.email.trim().toLowerCase();
  assertGoodPassword(payload.password, { username: email, email });
  if (!UUID.test(payload.otpKey)) throw pinProblem("otpKey", PIN_UNKNOWN);
  const otp = await loadOtp(db, payload.otpKey);
  if (!otp) throw pinProblem("otpKey", PIN_UNKNOWN);
  assertPinUsable(otp);
  if (otp.accountId.toUpperCase() !== payload.customerAccount.trim().toUpperCase()) {
    const message = `This PIN was sent for another account; register account ${otp.accountId} with it, or request a new PIN`;
    throw new DomainError("validation", `${message}.`, { errors: { customerAccount: [message] } });
  }
  if (otp.email !== email) {
    const message = "Use the e-mail address you requested the PIN with";
    throw new DomainError("validation", `${message}.`, { errors: { email: [message] } });
  }
  if ((await findUserIdByName(db, "email", email)) || (await findUserIdByName(db, "username", email))) {
    const message = "A user with this e-mail address already exists. Log in, or reset your password";
    throw new DomainError("email_taken", `${message}.`, { errors: { email: [message] } });
  }

  // Each check of a PIN spends a try first, so parallel guesses cannot exceed the limit.
  const tried = await db
    .updateTable("otpRequests")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("otpKey", "=", payload.otpKey)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", sql<Date>`now()`)
    .where("attempts", "<", OTP_MAX_TRIES)
    .returning("attempts")
    .executeTakeFirst();
  if (!tried) {
    assertPinUsable((await loadOtp(db, payload.otpKey))!);
    throw pinProblem("otpPin", PIN_EXHAUSTED);
  }
  if (!(await verifyPassword(otp.pinHash, payload.otpPin))) {
    const left = OTP_MAX_TRIES - tried.attempts;
    if (left === 0) throw pinProblem("otpPin", PIN_EXHAUSTED);
    throw pinProblem(
      "otpPin",
      `The PIN is incorrect. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
    );
  }

  const passwordHash = await hashPassword(payload.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable("otpRequests")
        .set({ usedAt: sql`now()` })
        .where("otpKey", "=", payload.otpKey)
        .where("usedAt", "is", null)
        .returning("otpKey")
        .executeTakeFirst();
      if (!used) throw pinProblem("otpKey", PIN_REPLACED);
      const { id } = await trx
        .insertInto("users")
        .values({
          username: email,
          firstname: payload.firstname,
          lastname: payload.lastname,
          email,
          passwordHash,
          customerId: otp.customerId,
          createdBy: "self-registration",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const role = await trx
        .selectFrom("roles")
        .select("id")
        .where("name", "=", SELF_REGISTERED_ROLE)
        .executeTakeFirstOrThrow();
      await trx.insertInto("userRoles").values({ userId: id, roleId: role.id }).execute();
      await trx.insertInto("userTenants").values({ userId: id, tenantId: otp.tenantId }).execute();
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered(otp.accountId);
    throw error;
  }
}
