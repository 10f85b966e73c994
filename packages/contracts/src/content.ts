// The contact form's enquiry: these fields are the shop's choice (docs/api.md).
// `website` is a honeypot: people never see it, bots fill it in, and the server drops those.
import { z } from "zod";
import { EmailAddress, optionalText, requiredText } from "./common";

export const UserEnquiry = z.object({
  name: requiredText("Enter your name", 100),
  email: EmailAddress,
  phone: requiredText("Enter a phone number we can call you on", 20).regex(
    /^\+?[\d\s()-]{7,20}$/,
    "Enter a phone number of digits, spaces and an optional leading +",
  ),
  customerAccount: optionalText(20),
  message: requiredText("Enter your message", 2000).min(10, "Tell us a little more (at least 10 characters)"),
  website: z.string().optional(),
});
export type UserEnquiry = z.infer<typeof UserEnquiry>;
