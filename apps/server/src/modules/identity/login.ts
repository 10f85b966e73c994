// Logging in: checks the password (or, for directory users, binds to the directory), the
// account's state and the lock-out rule of docs/rules.md (5 failures lock the account for 15
// minutes for clients without a device cookie; a success resets the count). The last two wrong
// passwords before a lock say so, so a buyer who mistyped can stop and reset instead.
import {
  LOCKOUT_MINUTES,
  MAX_FAILED_LOGINS,
  TRIES_LEFT_WARNING,
  type BadCredentials,
} from "@trade-shop/contracts/identity";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { directoryNotConfigured, type Directory } from "./directory";
import { sendResetLink } from "./password-reset";
import { verifyPassword } from "./passwords";
import {
  findUserForLogin,
  forgetFailedAttempts,
  lockoutOf,
  recordFailedAttempt,
  recordFailedLogin,
  recordSuccessfulLogin,
  type LoginField,
} from "./queries";
import type { TokenService } from "../../core/tokens";

export interface LoginDeps {
  db: Db;
  tokens: TokenService;
  directory: Directory | undefined;
  config: Pick<Config, "demoMode" | "SMTP_URL" | "SMS_URL" | "publicUrl" | "LDAP_DOMAIN">;
}

/** A wrong password, `failures` in a row on its counter: the last tries before the lock are counted out. */
function wrongCredentials(failures: number) {
  const triesLeft = MAX_FAILED_LOGINS - failures;
  const extensions: Omit<BadCredentials, "code"> =
    triesLeft > 0 && triesLeft <= TRIES_LEFT_WARNING ? { triesLeft } : {};
  return new DomainError("bad_credentials", "The username or password is incorrect.", {
    errors: { password: ["The username or password is incorrect."] },
    extensions,
  });
}

const lockedUntil = (until: Date) =>
  new DomainError("account_locked", "Your account is locked after too many failed log-in attempts.", {
    extensions: { detail: `Try again after ${until.toISOString()}.`, lockoutExpiryDate: until.toISOString() },
  });

/** Directory users may type DOMAIN\name, as they do on their Windows desktop. */
export function withoutDomain(username: string): string {
  return username.slice(username.lastIndexOf("\\") + 1);
}

type LoginUser = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>;

async function passwordMatches(deps: LoginDeps, user: LoginUser, password: string) {
  if (!user.isActiveDirectoryUser) return verifyPassword(user.passwordHash, password);
  if (!deps.directory) throw directoryNotConfigured();
  return deps.directory.verifyPassword(user.username, password);
}

export interface LoginOutcome {
  token: string;
  expiresIn: number;
  /** A fresh device cookie for this browser: it logged in, so it is trusted from now on. */
  deviceCookie: string;
}

/**
 * Logs in. `device` is the browser's device cookie, if it sent one: a browser that logged in
 * to this user before is not locked out by failures from elsewhere, and its own failures lock
 * only its cookie. Every other client meets the account's lock-out, and a name nobody has is
 * locked out in the same steps, so the answers never tell which names exist (decision 76).
 */
export async function logIn(
  deps: LoginDeps,
  field: LoginField,
  login: { username: string; password: string },
  device?: string,
): Promise<LoginOutcome> {
  const { db } = deps;
  const name = field === "username" ? withoutDomain(login.username) : login.username;
  const user = await findUserForLogin(db, field, name);
  if (!user) return refuseUnknownName(db, `${field}:${name.trim().toLowerCase()}`, login.password);

  const claim = deps.tokens.devices.read(device);
  const deviceKey = claim && claim.userId === user.id ? `device:${claim.nonce}` : undefined;
  const trusted = deviceKey !== undefined && (await lockoutOf(db, deviceKey)) === null;

  if (!trusted && user.lockoutExpiryDate && user.lockoutExpiryDate > new Date())
    throw lockedUntil(user.lockoutExpiryDate);
  if (!(await passwordMatches(deps, user, login.password))) {
    const after = trusted
      ? await recordFailedAttempt(db, deviceKey, MAX_FAILED_LOGINS, LOCKOUT_MINUTES)
      : await recordFailedLogin(db, user.id, MAX_FAILED_LOGINS, LOCKOUT_MINUTES);
    if (after.lockoutExpiryDate && after.lockoutExpiryDate > new Date())
      throw lockedUntil(after.lockoutExpiryDate);
    throw wrongCredentials(after.failedLoginAttempts);
  }
  if (!user.isActive)
    throw new DomainError("account_disabled", "This account is disabled. Contact your sales representative.");
  await recordSuccessfulLogin(db, user.id);
  if (deviceKey) await forgetFailedAttempts(db, deviceKey);
  // An admin asked for a new password: the right old one earns a reset link, not a session.
  if (user.resetPasswordOnNextLogin && !user.isActiveDirectoryUser) {
    await db.transaction().execute((trx) => sendResetLink(trx, deps.config, user, "required"));
    throw new DomainError(
      "password_change_required",
      "You need to choose a new password. We have e-mailed you a link to do so.",
      {
        extensions: { passwordResetRequired: true },
      },
    );
  }
  // Directory logins carry the domain in `sub`, as the directory names them; clients strip it.
  const domain = user.isActiveDirectoryUser ? deps.config.LDAP_DOMAIN : undefined;
  const session = await deps.tokens.issue(
    domain ? { ...user, username: `${domain}\\${user.username}` } : user,
  );
  return { ...session, deviceCookie: deps.tokens.devices.issue(user.id, name) };
}

/** A name nobody has: the same password work, the same counting and the same answers as a known one. */
async function refuseUnknownName(db: Db, name: string, password: string): Promise<never> {
  const key = `name:${name}`;
  const locked = await lockoutOf(db, key);
  if (locked) throw lockedUntil(locked);
  await verifyPassword(undefined, password);
  const after = await recordFailedAttempt(db, key, MAX_FAILED_LOGINS, LOCKOUT_MINUTES);
  if (after.lockoutExpiryDate && after.lockoutExpiryDate > new Date())
    throw lockedUntil(after.lockoutExpiryDate);
  throw wrongCredentials(after.failedLoginAttempts);
}
