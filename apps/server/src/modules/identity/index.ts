// Identity: who a user is and what they may do now: login (with a directory or passwords),
// lock-outs, registration, password resets, user administration, and the per-request session
// check. Owns users, roles, user_roles, user_tenants, login_lockouts, otp_requests and
// password_resets; the token service itself is core/tokens.ts. Offers password rules and
// hashing, a session's current facts (the real-time stream), the admin's view of users (the
// reps' assignments), and the JWT secret's source for main.ts (docs/architecture.md).
export { identityRoutes } from "./routes";
export { registerSessionCheck, SESSION_ENDED } from "./session";
export { assertGoodPassword } from "./password-rules";
export { hashPassword, verifyPassword } from "./passwords";
export { pruneLoginLockouts, sessionFacts } from "./queries";
export { heldTenants, manageableUser, visibleUser, type Admin } from "./users";
export { resolveJwtSecret } from "./secret";
/** The PIN rules and the masking of addresses, for the account applications' own e-mailed PINs. */
export { maskEmail, OTP_MAX_TRIES, OTP_MINUTES, toE164 } from "./registration";
