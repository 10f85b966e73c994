// How often PINs may be asked for and applications sent, per client address and per e-mail
// address: as registration's PINs (identity's AUTH_RATE_LIMITS), as each one costs an e-mail.
import type { EndpointLimits } from "../../http/limits";

export const APPLICATION_LIMITS = {
  requestPin: { perIp: { max: 10, minutes: 60 }, perKey: { max: 5, minutes: 60 } },
  submit: { perIp: { max: 30, minutes: 15 }, perKey: { max: 10, minutes: 15 } },
} as const satisfies Record<string, EndpointLimits>;

export const tooManyForAddress = (minutes: number) =>
  `Too many attempts for this e-mail address. Try again in ${minutes} minutes.`;
