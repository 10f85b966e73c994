// What a login leaves in this browser, named in one place so that its end takes all of it
// (docs/decisions/0143). Spaza shops share phones: once a login is over, the next person to pick
// the phone up must find none of its token, copies of its orders, account or prices, its cart
// or the account a rep was ordering for, whether the login ended by Logout, by running out while
// the shop was closed, or by the server refusing it.
import { API_CACHE } from "./offline/offline-rules";

/** Every browser-storage key that holds something of a login. */
export const LOGIN_KEYS = {
  session: "tradeshop.session",
  actingFor: "tradeshop.actingFor",
  cart: "tradeshop.cart",
  wishlist: "tradeshop.wishlist",
  /**
   * Cart changes made with no signal and not yet sent (decision 125). Stored as `{ uid, ... }`:
   * they are the buyer's work, so they outlive the login's end and are sent when the same user
   * logs in again, but go as soon as anyone else logs in.
   */
  unsentCartChanges: "tradeshop.cart.pending",
} as const;

/** The browser's localStorage, or null where there is none or it is blocked (private modes, the server). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The user whose unsent cart changes are stored, or null when there are none (or none readable). */
export function unsentChangesOwner(store: Storage | null = browserStorage()): number | null {
  try {
    const text = store?.getItem(LOGIN_KEYS.unsentCartChanges);
    const uid: unknown = text ? (JSON.parse(text) as { uid?: unknown }).uid : null;
    return typeof uid === "number" ? uid : null;
  } catch {
    return null;
  }
}

export interface ForgetOptions {
  /** The user logging in now: their own unsent cart changes stay, anyone else's go. */
  nextUser?: number;
  store?: Storage | null;
}

/**
 * Removes everything of the login that was: the stored token and copies, and the copies of API
 * answers the service worker kept. Unsent cart changes go too when `nextUser` is someone else;
 * when the login merely ended (no one new yet) they wait for their owner.
 */
export function forgetLogin({ nextUser, store = browserStorage() }: ForgetOptions = {}): void {
  try {
    for (const [name, key] of Object.entries(LOGIN_KEYS)) {
      if (name === "unsentCartChanges" && (nextUser === undefined || unsentChangesOwner(store) === nextUser))
        continue;
      store?.removeItem(key);
    }
  } catch {
    // A blocked storage holds nothing to forget.
  }
  if (typeof caches !== "undefined") void caches.delete(API_CACHE).catch(() => undefined);
}
