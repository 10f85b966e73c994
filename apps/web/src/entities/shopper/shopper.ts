// Whose cart and wishlist the cache holds: the user and the tenant whose prices they see, and
// for a sales rep the account they order for, so a second login, a tenant switch or a rep's
// change of account in the same browser never shows another shopper's lines or prices.
// Customer logins and reps ordering for an account have a cart (staff and admins have none).
import { actingForOf, useActingFor, type ActingFor } from "@/lib/acting-for";
import { getTenant, hasRole, useSession, type Session } from "@/lib/session";

export type Shopper = string;

export function shopperOf(
  session: Session | null,
  acting: ActingFor | null = actingForOf(session),
): Shopper | null {
  if (!session) return null;
  if (acting) return `${session.claims.uid}@${getTenant() ?? ""}/${acting.accountId}`;
  if (!hasRole(session, "Customer")) return null;
  return `${session.claims.uid}@${getTenant() ?? ""}`;
}

/** The logged-in customer (or rep ordering for one), or null for visitors and logins without an account. */
export function useShopper(): Shopper | null {
  return shopperOf(useSession(), useActingFor());
}
