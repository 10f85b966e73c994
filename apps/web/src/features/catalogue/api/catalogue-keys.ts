// Cache keys of the catalogue's server state. Prices and stock depend on who is looking (their
// price list and warehouse), so product data is keyed by the viewer too; a staff edit
// invalidates everything under CATALOGUE_KEY.
import { useSession, getTenant } from "../../../lib/session";

export const CATALOGUE_KEY = ["catalogue"] as const;

/** "guest", or the user and the tenant whose prices they see. */
export function useViewer(): string {
  const session = useSession();
  return session ? `${session.claims.uid}@${getTenant() ?? ""}` : "guest";
}
