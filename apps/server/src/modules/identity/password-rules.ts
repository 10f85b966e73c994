// The rules for a new password (docs/rules.md): at least 10 characters (also checked by the
// contracts), not a common password, and not the user's own username or e-mail address.
import { DomainError } from "../../core/domain-error";
import { COMMON_PASSWORDS } from "./common-passwords";

export const MIN_PASSWORD_LENGTH = 10;

/** The problems with a proposed password, in the words the form shows; empty when it is fine. */
export function passwordProblems(
  password: string,
  owner: { username?: string; email?: string } = {},
): string[] {
  const problems: string[] = [];
  const lower = password.toLowerCase();
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) {
    problems.push("This password is too common. Choose one that is harder to guess");
  }
  const own = [owner.username, owner.email]
    .filter((v): v is string => Boolean(v))
    .map((v) => v.trim().toLowerCase());
  if (own.includes(lower.trim())) {
    problems.push("Password must not be your username or e-mail address");
  }
  return problems;
}

/** Throws a 400 problem naming the `password` field when the password breaks a rule. */
export function assertGoodPassword(password: string, owner: { username?: string; email?: string } = {}) {
  const problems = passwordProblems(password, owner);
  if (problems.length > 0) {
    throw new DomainError("validation", problems[0]!, { errors: { password: problems } });
  }
}
