// The PIN that proves an applicant's e-mail address is theirs: registration's rules (modules/
// identity: 6 digits, stored hashed, OTP_MINUTES, OTP_MAX_TRIES, a new PIN replacing the last for
// the address), kept in application_pins because an applicant has no customer account yet.
import { randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { hashPassword, maskEmail, OTP_MAX_TRIES, OTP_MINUTES, verifyPassword } from "../identity";
import { assertCanSend, queueEmail } from "../messaging";

type PinConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PIN_UNKNOWN = "This PIN request is not known. Request a new PIN.";
const PIN_REPLACED = "This PIN was already used, or replaced by a newer one. Request a new PIN.";
const PIN_EXPIRED = `This PIN has expired (PINs are valid for ${OTP_MINUTES} minutes). Request a new PIN.`;
const PIN_EXHAUSTED = `Too many wrong PINs (${OTP_MAX_TRIES} tries). Request a new PIN.`;

const pinProblem = (field: "pinKey" | "pin" | "business.email", message: string) =>
  new DomainError("validation", message, { errors: { [field]: [message] } });

/** E-mails a new PIN to the address; the application hands back the key and the PIN. */
export async function requestApplicationPin(
  db: Db,
  config: PinConfig,
  address: string,
): Promise<{ pinKey: string; sentTo: string }> {
  assertCanSend(config, "email");
  const email = address.trim().toLowerCase();
  const pin = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const pinKey = randomUUID();
  const pinHash = await hashPassword(pin);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("applicationPins")
      .set({ usedAt: sql`now()` })
      .where("email", "=", email)
      .where("usedAt", "is", null)
      .execute();
    await trx
      .insertInto("applicationPins")
      .values({ pinKey, email, pinHash, expiresAt: sql`now() + make_interval(mins => ${OTP_MINUTES})` })
      .execute();
    await queueEmail(trx, `application-pin:${pinKey}`, {
      to: email,
      subject: "Your Trade Shop application PIN",
      text: [
        "Hello,",
        "",
        `Your PIN to apply for a Trade Shop account is ${pin}. It is valid for ${OTP_MINUTES} minutes.`,
        "",
        "If you did not start an application on the Trade Shop, ignore this e-mail.",
      ].join("\n"),
    });
  });
  return { pinKey, sentTo: maskEmail(email) };
}

function loadPin(db: Db, pinKey: string) {
  return db
    .selectFrom("applicationPins")
    .select(["email", "pinHash", "attempts", "usedAt", sql<boolean>`expires_at <= now()`.as("expired")])
    .where("pinKey", "=", pinKey)
    .executeTakeFirst();
}

function assertPinUsable(pin: { usedAt: Date | null; expired: boolean; attempts: number }) {
  if (pin.usedAt) throw pinProblem("pinKey", PIN_REPLACED);
  if (pin.expired) throw pinProblem("pin", PIN_EXPIRED);
  if (pin.attempts >= OTP_MAX_TRIES) throw pinProblem("pin", PIN_EXHAUSTED);
}

/**
 * Checks the PIN sent for the application's e-mail address, spending a try first so parallel
 * guesses cannot exceed the limit. The PIN stays unused until `usePin` in the application's
 * transaction, so a refusal after this (a file, a tenant) does not cost the applicant their PIN.
 */
export async function checkApplicationPin(db: Db, pinKey: string, pin: string, email: string): Promise<void> {
  if (!UUID.test(pinKey)) throw pinProblem("pinKey", PIN_UNKNOWN);
  const sent = await loadPin(db, pinKey);
  if (!sent) throw pinProblem("pinKey", PIN_UNKNOWN);
  assertPinUsable(sent);
  if (sent.email !== email.trim().toLowerCase())
    throw pinProblem("business.email", "Use the e-mail address the PIN was sent to, or request a new PIN");
  const tried = await db
    .updateTable("applicationPins")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("pinKey", "=", pinKey)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", sql<Date>`now()`)
    .where("attempts", "<", OTP_MAX_TRIES)
    .returning("attempts")
    .executeTakeFirst();
  if (!tried) {
    assertPinUsable((await loadPin(db, pinKey))!);
    throw pinProblem("pin", PIN_EXHAUSTED);
  }
  if (!(await verifyPassword(sent.pinHash, pin))) {
    const left = OTP_MAX_TRIES - tried.attempts;
    if (left === 0) throw pinProblem("pin", PIN_EXHAUSTED);
    throw pinProblem("pin", `The PIN is incorrect. You have ${left} ${left === 1 ? "try" : "tries"} left.`);
  }
}

/** Spends a checked PIN in the application's transaction: one PIN, one application. */
export async function usePin(trx: Db, pinKey: string): Promise<void> {
  const used = await trx
    .updateTable("applicationPins")
    .set({ usedAt: sql`now()` })
    .where("pinKey", "=", pinKey)
    .where("usedAt", "is", null)
    .returning("pinKey")
    .executeTakeFirst();
  if (!used) throw pinProblem("pinKey", PIN_REPLACED);
}
