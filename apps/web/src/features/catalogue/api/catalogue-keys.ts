// Cache keys of the catalogue's server state. Prices and stock depend on who is looking (their
// price list and warehouse), so product data is keyed by the viewer too; a staff edit
// invalidates everything under CATALOGUE_KEY.
import { useSession, getSession, getTenant, type Session } from "@/lib/session";
import { getActingFor, useActingFor, type ActingFor } from "@/lib/acting-for";

export const CATALOGUE_KEY = ["catalogue"] as const;

/** "guest", or the user and the tenant whose prices they see (and the account a rep orders for). */
function viewerOf(session: Session | null, acting: ActingFor | null): string {
  if (!session) return "guest";
  return `${session.claims.uid}@${getTenant() ?? ""}${acting ? `/${acting.accountId}` : ""}`;
}

export function useViewer(): string {
  return viewerOf(useSession(), useActingFor());
}

/** The viewer now, outside a component (the app's start). */
export function currentViewer(): string {
  return viewerOf(getSession(), getActingFor());
}
