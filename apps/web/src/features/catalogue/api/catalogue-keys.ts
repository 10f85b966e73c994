// Cache keys of the catalogue's server state. Prices and stock depend on who is looking (their
// price list and warehouse), so product data is keyed by the viewer too; a staff edit
// invalidates everything under CATALOGUE_KEY.
import { useSession, getTenant } from "../../../lib/session";
import { useActingFor } from "../../../lib/acting-for";

export const CATALOGUE_KEY = ["catalogue"] as const;

/** "guest", or the user and the tenant whose prices they see (and the account a rep orders for). */
export function useViewer(): string {
  const session = useSession();
  const acting = useActingFor();
  if (!session) return "guest";
  return `${session.claims.uid}@${getTenant() ?? ""}${acting ? `/${acting.accountId}` : ""}`;
}
