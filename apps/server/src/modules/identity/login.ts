// Logging in: checks the password, the account's state and the lock-out rule of DESIGN.md §4
// (5 failures lock the account for 15 minutes; a success resets the count).
import type { Db } from "../../db/database";
import { DomainError } from "../../http/domain-error";
import { verifyPassword } from "./passwords";
import { findUserForLogin, recordFailedLogin, recordSuccessfulLogin, type LoginField } from "./queries";
import type { TokenService } from "./tokens";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;

const wrongCredentials = () =>
  new DomainError("unauthenticated", "The username or password is incorrect.", {
    errors: { password: ["The username or password is incorrect."] },
  });

const lockedUntil = (until: Date) =>
  new DomainError("locked", "Your account is locked after too many failed log-in attempts.", {
    extensions: { detail: `Try again after ${until.toISOString()}.`, lockoutExpiryDate: until.toISOString() },
  });

export async function logIn(
  db: Db,
  tokens: TokenService,
  field: LoginField,
  login: { username: string; password: string },
  now: Date = new Date(),
) {
  const user = await findUserForLogin(db, field, login.username);
  if (!user) {
    await verifyPassword(undefined, login.password);
    throw wrongCredentials();
  }
  if (user.lockoutExpiryDate && user.lockoutExpiryDate > now) throw lockedUntil(user.lockoutExpiryDate);
  const passwordOk = await verifyPassword(user.passwordHash, login.password);
  if (!passwordOk) {
    const after = await recordFailedLogin(db, user.id, MAX_FAILED_LOGINS, LOCKOUT_MINUTES);
    if (after.lockoutExpiryDate && after.lockoutExpiryDate > now) throw lockedUntil(after.lockoutExpiryDate);
    throw wrongCredentials();
  }
  if (!user.isActive) throw new DomainError("forbidden", "This account is disabled. Contact your sales representative.");
  await recordSuccessfulLogin(db, user.id);
  return tokens.issue(user);
}
