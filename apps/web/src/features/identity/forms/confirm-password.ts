// "Confirm password" belongs to the form, not to any payload: it only catches a typo before
// the password is sent, so it is added to the contract's schema here.
import { z } from "zod";

export const PASSWORDS_DIFFER = "The passwords do not match";

export function withConfirmedPassword<Shape extends { password: z.ZodType<string> }>(
  schema: z.ZodObject<Shape>,
) {
  return schema.extend({ confirmPassword: z.string() }).refine(
    (form) => {
      const { password, confirmPassword } = form as { password: string; confirmPassword: string };
      return password === confirmPassword;
    },
    {
      message: PASSWORDS_DIFFER,
      path: ["confirmPassword"],
    },
  );
}
