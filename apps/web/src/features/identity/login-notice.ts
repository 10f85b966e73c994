// A message handed to the login page by the page that sent the visitor there (the forgotten
// password request), shown above the form where it stays readable, unlike a toast.
import { z } from "zod";

const LoginNotice = z.object({ title: z.string(), message: z.string() });
export type LoginNotice = z.infer<typeof LoginNotice>;

/** Navigation state carrying a notice to the login page. */
export function withLoginNotice(notice: LoginNotice): { notice: LoginNotice } {
  return { notice };
}

/** The notice in the location's state, if it carries one (state survives a reload, so check its shape). */
export function readLoginNotice(state: unknown): LoginNotice | null {
  const parsed = z.object({ notice: LoginNotice }).safeParse(state);
  return parsed.success ? parsed.data.notice : null;
}
