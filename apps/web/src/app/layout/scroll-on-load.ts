// docs/screens.md: scroll position is restored on navigation. React Router keeps each history entry's
// position in sessionStorage under the entry's key. A page opened by a typed URL or a link from
// an e-mail has no key yet, and React Router calls every such entry "default", so it would
// open at whatever offset the last "default" entry had; a refresh keeps its entry's key, so it
// would open where it was. A full load opens at the top; only Back and Forward bring a
// position back.

/** Where the router keeps scroll positions (ScrollRestoration's storageKey). */
export const SCROLL_POSITIONS_KEY = "tradeshop.scroll-positions";

type NavigationType = "navigate" | "reload" | "back_forward" | "prerender";

interface Surroundings {
  storage: Pick<Storage, "getItem" | "setItem">;
  history: Pick<History, "state" | "replaceState">;
  /** How this document was reached. */
  navigationType: NavigationType;
  newKey: () => string;
}

function browserSurroundings(): Surroundings {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return {
    storage: sessionStorage,
    history: window.history,
    navigationType: entry?.type ?? "navigate",
    newKey: () => Math.random().toString(36).slice(2, 10),
  };
}

function keyOf(state: unknown): string | undefined {
  const key = state && typeof state === "object" && "key" in state ? state.key : undefined;
  return typeof key === "string" ? key : undefined;
}

/**
 * Runs once, before the router reads the history entry and the saved positions: a new entry
 * gets a key of its own (in the shape React Router gives the entries it makes), and the entry
 * of a refresh or a new visit loses its saved position unless Back or Forward reached it.
 */
export function prepareScrollRestoration(
  { storage, history, navigationType, newKey }: Surroundings = browserSurroundings(),
): void {
  const key = keyOf(history.state);
  if (key === undefined) {
    history.replaceState({ usr: null, key: newKey(), idx: 0 }, "");
    return;
  }
  if (navigationType === "back_forward") return;
  try {
    const saved: unknown = JSON.parse(storage.getItem(SCROLL_POSITIONS_KEY) ?? "null");
    if (!saved || typeof saved !== "object" || !(key in saved)) return;
    const { [key]: _forgotten, ...rest } = saved as Record<string, number>;
    storage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(rest));
  } catch {
    // Storage refused or held something unreadable: the router starts without positions anyway.
  }
}

/**
 * On a Back or Forward load of a page the server rendered: puts the entry's saved position back
 * at once, before hydration. The router does not on a hydrated start (React Router leaves that to
 * its framework's inline script), and the page is already as tall as it was.
 */
export function restoreScrollOfHydratedPage(
  { storage, history, navigationType }: Surroundings = browserSurroundings(),
  scrollTo: (y: number) => void = (y) => window.scrollTo(0, y),
): void {
  if (navigationType !== "back_forward") return;
  const key = keyOf(history.state);
  if (key === undefined) return;
  try {
    const saved: unknown = JSON.parse(storage.getItem(SCROLL_POSITIONS_KEY) ?? "null");
    const y = saved && typeof saved === "object" ? (saved as Record<string, unknown>)[key] : undefined;
    if (typeof y === "number") scrollTo(y);
  } catch {
    // Storage refused or held something unreadable: the page opens where the browser put it.
  }
}
