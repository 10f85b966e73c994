// How often log-in, registration and password reset may be tried, per client address and per
// account the request names (http/limits.ts counts them).
import type { EndpointLimits } from "../../http/limits";

export const AUTH_RATE_LIMITS = {
  authenticate: { perIp: { max: 100, minutes: 15 }, perKey: { max: 20, minutes: 15 } },
  otpDetails: { perIp: { max: 30, minutes: 15 }, perKey: { max: 10, minutes: 15 } },
  preRegister: { perIp: { max: 10, minutes: 60 }, perKey: { max: 5, minutes: 60 } },
  register: { perIp: { max: 30, minutes: 15 }, perKey: { max: 10, minutes: 15 } },
  requestPasswordReset: { perIp: { max: 10, minutes: 15 }, perKey: { max: 5, minutes: 60 } },
  resetPassword: { perIp: { max: 30, minutes: 15 } },
} as const satisfies Record<string, EndpointLimits>;

export const tooManyForAccount = (minutes: number) =>
  `Too many attempts for this account. Try again in ${minutes} minutes.`;
