// How often the contact form, which sends e-mail to people, may be used: per client address
// and per sender e-mail address (http/limits.ts counts them).
import type { EndpointLimits } from "../../http/limits";

export const ENQUIRY_RATE_LIMITS = {
  enquiry: { perIp: { max: 10, minutes: 60 }, perKey: { max: 5, minutes: 60 } },
} as const satisfies Record<string, EndpointLimits>;

export const tooManyFromSender = (minutes: number) =>
  `Too many messages from this e-mail address. Try again in ${minutes} minutes, or call us.`;
