// docs/data.md local persistence: the cart and the wishlist are kept in browser storage, so the
// header shows the last known lines at once on the next visit while the server's copy loads.
// Each copy names its shopper; a copy of someone else's list is never shown, and logging out
// removes both.
import type { z } from "zod";
import type { Shopper } from "@/entities/shopper";
import { browserStorage, LOGIN_KEYS } from "@/lib/login-storage";

export type ListKind = "cart" | "wishlist";

const KEYS: Record<ListKind, string> = {
  cart: LOGIN_KEYS.cart,
  wishlist: LOGIN_KEYS.wishlist,
};

/** The stored copy of `shopper`'s list when it still reads as `schema`, else undefined. */
export function readMirror<T>(
  kind: ListKind,
  shopper: Shopper,
  schema: z.ZodType<T>,
  store = browserStorage(),
): T | undefined {
  const text = store?.getItem(KEYS[kind]);
  if (!text) return undefined;
  try {
    const stored = JSON.parse(text) as { shopper?: unknown; list?: unknown };
    if (stored.shopper !== shopper) return undefined;
    const parsed = schema.safeParse(stored.list);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeMirror(kind: ListKind, shopper: Shopper, list: unknown, store = browserStorage()): void {
  try {
    store?.setItem(KEYS[kind], JSON.stringify({ shopper, list }));
  } catch {
    // A full or blocked storage only costs the instant header on the next visit.
  }
}

export function removeMirror(kind: ListKind, store = browserStorage()): void {
  store?.removeItem(KEYS[kind]);
}

/** Removes the stored copy of every list: the cart's and the wishlist's. */
export function removeAllMirrors(store = browserStorage()): void {
  for (const kind of Object.keys(KEYS) as ListKind[]) removeMirror(kind, store);
}
