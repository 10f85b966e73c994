// How often an account may have the shop send e-mail for it: invitations to new buyers and
// statements. Both put mail in someone's inbox with the shop's name on it, so each is limited per
// client address and per customer account (http/limits.ts counts them, in Redis when it is set,
// so every server process counts against the same limits).
import type { EndpointLimits } from "../../http/limits";

export const ACCOUNT_MAIL_LIMITS = {
  invite: { perIp: { max: 30, minutes: 60 }, perKey: { max: 10, minutes: 60 } },
  emailStatement: { perIp: { max: 30, minutes: 60 }, perKey: { max: 5, minutes: 60 } },
} as const satisfies Record<string, EndpointLimits>;

export const tooManyForAccountMail = (minutes: number) =>
  `This account has sent as many e-mails as it may for now. Try again in ${minutes} minutes.`;
