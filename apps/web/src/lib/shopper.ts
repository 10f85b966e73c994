// Whose cart and wishlist the cache holds: the user and the tenant whose prices they see, so a
// second login or a tenant switch in the same browser never shows another shopper's lines.
// Only customer logins have a cart (staff and admins have no customer account to buy for).
import { getTenant, hasRole, useSession, type Session } from "./session";

export type Shopper = string;

export function shopperOf(session: Session | null): Shopper | null {
  if (!session || !hasRole(session, "Customer")) return null;
  return `${session.claims.uid}@${getTenant() ?? ""}`;
}

/** The logged-in customer, or null for visitors and logins without a customer account. */
export function useShopper(): Shopper | null {
  return shopperOf(useSession());
}
