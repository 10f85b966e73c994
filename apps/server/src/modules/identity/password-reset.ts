// Forgotten passwords (docs/rules.md): a reset link is e-mailed, works once, for 60 minutes,
// and only its SHA-256 is stored. Asking for a link answers the same whether or not the
// address belongs to anyone, so the form cannot be used to find out who has a login.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { appRoutes } from "@trade-shop/contracts/routes";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { assertCanSend, queueEmail } from "../messaging";
import { assertGoodPassword } from "./password-rules";
import { hashPassword } from "./passwords";

export const RESET_LINK_MINUTES = 60;

type ResetConfig = Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL" | "publicUrl">;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a reset link for the user and queues the e-mail, in the caller's transaction. */
export async function sendResetLink(
  trx: Db,
  config: ResetConfig,
  user: { id: number; username: string; firstname: string; email: string },
  reason: "requested" | "required",
) {
  const token = randomBytes(32).toString("base64url");
  const hash = tokenHash(token);
  await trx
    .insertInto("passwordResets")
    .values({
      tokenHash: hash,
      userId: user.id,
      expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
    })
    .execute();
  const link = `${config.publicUrl}${appRoutes.auth.resetPassword}?hash=${token}`;
  const why =
    reason === "requested"
      ? `Someone (we hope you) asked to reset the password of your Trade Shop login "${user.username}".`
      : `Your Trade Shop login "${user.username}" needs a new password before you can log in again.`;
  await queueEmail(trx, `password-reset:${hash}`, {
    to: user.email,
    subject: "Reset your Trade Shop password",
    text: [
      `Hello ${user.firstname},`,
      "",
      why,
      "",
      `Choose a new password here. The link works once, for ${RESET_LINK_MINUTES} minutes:`,
      link,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}

export async function requestPasswordReset(db: Db, config: ResetConfig, emailAddress: string) {
  assertCanSend(config, "email");
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "firstname", "email"])
    .where(sql`lower(email)`, "=", emailAddress.trim().toLowerCase())
    .where("isActive", "=", true)
    .where("isActiveDirectoryUser", "=", false)
    .executeTakeFirst();
  if (user) {
    await db.transaction().execute((trx) => sendResetLink(trx, config, user, "requested"));
  }
  return { emailAddress };
}

const badLink = (message: string) => new DomainError("validation", message, { errors: { hash: [message] } });

export async function resetPassword(db: Db, request: { hash: string; password: string }) {
  const hash = tokenHash(request.hash);
  const reset = await db
    .selectFrom("passwordResets")
    .innerJoin("users", "users.id", "passwordResets.userId")
    .select([
      "passwordResets.usedAt",
      sql<boolean>`password_resets.expires_at <= now()`.as("expired"),
      "users.id as userId",
      "users.username",
      "users.email",
      "users.isActiveDirectoryUser",
    ])
    .where("passwordResets.tokenHash", "=", hash)
    .executeTakeFirst();
  if (!reset) throw badLink("This reset link is not valid. Request a new one.");
  if (reset.usedAt) throw badLink("This reset link was already used. Request a new one if you need to.");
  if (reset.expired) throw badLink("This reset link has expired. Request a new one.");
  if (reset.isActiveDirectoryUser) {
    throw badLink("Your login uses the staff directory; change your password there.");
  }
  assertGoodPassword(request.password, { username: reset.username, email: reset.email });
  const passwordHash = await hashPassword(request.password);

  await db.transaction().execute(async (trx) => {
    // The guard makes the link single-use even when two resets race.
    const used = await trx
      .updateTable("passwordResets")
      .set({ usedAt: sql`now()` })
      .where("tokenHash", "=", hash)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", sql<Date>`now()`)
      .returning("userId")
      .executeTakeFirst();
    if (!used) throw badLink("This reset link was already used. Request a new one if you need to.");
    await trx
      .updateTable("users")
      .set({
        passwordHash,
        failedLoginAttempts: 0,
        lockoutExpiryDate: null,
        resetPasswordOnNextLogin: false,
        // Every login from before the reset ends (decision 75).
        tokenVersion: sql`token_version + 1`,
        lastModifiedBy: reset.username,
        lastModifiedDate: sql`now()`,
      })
      .where("id", "=", reset.userId)
      .execute();
    // Any other link still in someone's inbox dies with this one.
    await trx
      .updateTable("passwordResets")
      .set({ usedAt: sql`now()` })
      .where("userId", "=", reset.userId)
      .where("usedAt", "is", null)
      .execute();
  });
  return { username: reset.username };
}
