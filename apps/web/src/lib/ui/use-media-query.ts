// Whether a CSS media query matches, following changes: for parts a screen hides, so that a
// phone does not build them at all (less work in the first task on a phone).
import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether `query` matches now, following changes; true where the browser cannot tell (tests).
 * A page rendered on the server is rendered, and hydrated, as if it matched (`serverValue`): what
 * a wide screen shows is then in the HTML for it, hidden by CSS on a narrow one until the page
 * has hydrated and drops it.
 */
export function useMediaQuery(query: string, serverValue = true): boolean {
  // One subscription per query, not a new one with every render of the page that asks.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia !== "function" || window.matchMedia(query).matches,
    () => serverValue,
  );
}
