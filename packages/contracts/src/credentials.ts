// What a login carries from request to request: the tenant code, the password rule and the
// token's claims. Apart from identity.ts so the web app's first page (which reads the session's
// token) does not download the schemas of logging in, registration and user administration.
import { z } from "zod";
import { Id, requiredText } from "./common";

/**
 * A tenant is known by a short code. The same text is the token's `tenants` claim and the
 * `TenantId` request header, so nothing converts between numbers and strings.
 */
export const TenantId = requiredText("Choose a tenant", 40);
export type TenantId = z.infer<typeof TenantId>;

/** Length only: the common-passwords check needs the server's list. Not trimmed: spaces count. */
export const Password = z
  .string({ error: "Enter a password" })
  .min(10, "Password must be at least 10 characters")
  .max(256, "Password must be at most 256 characters");

/** Roles stay plain strings here so a token naming a role this build does not know still decodes. */
export const TokenClaims = z.object({
  /** Expiry, in seconds since the epoch. */
  exp: z.number().int().positive(),
  firstName: z.string(),
  surname: z.string(),
  roles: z.array(z.string()),
  /** The username. */
  sub: z.string(),
  /** The user's id. */
  uid: Id,
  tenants: z.array(TenantId),
  /** The user's token version when it was issued; a later password, role or status change raises it. */
  ver: z.number().int().nonnegative().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

const oneOrMany = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const IssuedTokenClaims = TokenClaims.extend({
  roles: oneOrMany,
  tenants: oneOrMany,
  // Directory logins arrive as DOMAIN\username; the shop knows the user by the bare name.
  sub: z.string().transform((sub) => sub.slice(sub.lastIndexOf("\\") + 1)),
  uid: z.coerce.number<string | number>().pipe(Id),
});

/**
 * Reads a decoded JWT payload as issued (a single role or tenant may be a bare string, `uid`
 * may be text) into TokenClaims. Throws a ZodError when the payload is not a shop token.
 */
export function normalizeClaims(payload: unknown): TokenClaims {
  return IssuedTokenClaims.parse(payload);
}
