// The customer account a sales rep is ordering for (decision 127): chosen on the
// rep's accounts page, kept in this browser, and sent as X-Acting-For on every API call. It
// counts only for the Rep who chose it, in the tenant it was chosen in; the server checks the
// assignment on every request all the same.
import { browserStorage, LOGIN_KEYS } from "./login-storage";
import { createStore, useStore } from "./store";
import { getSession, getTenant, hasRole, useSession, type Session } from "./session";

const ACTING_FOR_KEY = LOGIN_KEYS.actingFor;

export interface ActingFor {
  accountId: string;
  name: string;
  /** The rep who chose it and the tenant they chose it in. */
  uid: number;
  tenant: string;
}

function load(): ActingFor | null {
  try {
    const text = browserStorage()?.getItem(ACTING_FOR_KEY);
    return text ? (JSON.parse(text) as ActingFor) : null;
  } catch {
    return null;
  }
}

const actingStore = createStore<ActingFor | null>(load(), null);

if (typeof window !== "undefined") {
  // Another tab chose or left an account: every tab of the shop orders for the same one.
  window.addEventListener("storage", (event) => {
    if (event.key === ACTING_FOR_KEY || event.key === null) actingStore.set(load());
  });
}

function save(next: ActingFor | null): void {
  actingStore.set(next);
  try {
    if (next) browserStorage()?.setItem(ACTING_FOR_KEY, JSON.stringify(next));
    else browserStorage()?.removeItem(ACTING_FOR_KEY);
  } catch {
    // A blocked storage keeps the choice for this page's life only.
  }
}

/** The account `session` orders for: only a Rep's own choice, in the tenant it was made in. */
export function actingForOf(
  session: Session | null,
  chosen: ActingFor | null = actingStore.get(),
): ActingFor | null {
  if (!chosen || !session || !hasRole(session, "Rep")) return null;
  return chosen.uid === session.claims.uid && chosen.tenant === (getTenant() ?? "") ? chosen : null;
}

export function getActingFor(): ActingFor | null {
  return actingForOf(getSession());
}

export function useActingFor(): ActingFor | null {
  const session = useSession();
  return actingForOf(session, useStore(actingStore));
}

/** The logged-in rep starts ordering for `account`. */
export function startActingFor(account: { accountId: string; name: string }): void {
  const session = getSession();
  if (!session) return;
  save({
    accountId: account.accountId,
    name: account.name,
    uid: session.claims.uid,
    tenant: getTenant() ?? "",
  });
}

export function stopActingFor(): void {
  save(null);
}
