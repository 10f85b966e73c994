// Whether the shop can reach its server, as the page knows it: the browser's own
// online flag, and the age of the oldest kept copy the service worker answered with since the
// network was last reached, which the offline notice gives as "prices as of".
import { createStore, useStore } from "../store";
import { OFFLINE_COPY_HEADER } from "./offline-rules";

const browserOnline = () => (typeof navigator === "undefined" ? true : navigator.onLine);

/** What the browser says (its online and offline events), and whether the server was just not reached. */
const browserStore = createStore<boolean>(browserOnline(), true);
const unreachableStore = createStore<boolean>(false);
/** Epoch ms of the oldest offline copy shown since the network last answered; null when none. */
const copiesAsOfStore = createStore<number | null>(null);

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    browserStore.set(true);
    unreachableStore.set(false);
  });
  window.addEventListener("offline", () => browserStore.set(false));
}

/** Online: the browser says so and the last call did not fail to reach the server. */
export const isOnline = (): boolean => browserStore.get() && !unreachableStore.get();
export function useOnline(): boolean {
  const browser = useStore(browserStore);
  const unreachable = useStore(unreachableStore);
  return browser && !unreachable;
}
export const usePricesAsOf = (): number | null => useStore(copiesAsOfStore);

/** Whether every answer this page has read came from the server (no offline copy, no call that failed to reach it). */
let onlyFresh = true;
export const servedOnlyFreshAnswers = (): boolean => onlyFresh;

/** Every answer the API client reads passes here: a kept copy dates the page, a fresh answer clears that. */
export function noteAnswer(headers: Headers): void {
  if (headers.get(OFFLINE_COPY_HEADER)) {
    noteOfflineCopy(Date.parse(headers.get("Date") ?? ""));
  } else if (browserStore.get()) {
    // The server answered (an answer started before the signal went does not count).
    copiesAsOfStore.set(null);
    unreachableStore.set(false);
  }
}

/** Something on screen is a kept copy the server gave at `servedAt` (an API answer, the page itself). */
export function noteOfflineCopy(servedAt: number): void {
  onlyFresh = false;
  if (Number.isNaN(servedAt)) return;
  const oldest = copiesAsOfStore.get();
  copiesAsOfStore.set(oldest === null ? servedAt : Math.min(oldest, servedAt));
}

/** While the server cannot be reached with the browser saying online, it is asked this often whether it can. */
const PROBE_MS = 15_000;
let probe: ReturnType<typeof setInterval> | null = null;

/** The network could not be reached for a call (status 0): the shop is offline, whatever the flag said. */
export function noteUnreachable(): void {
  onlyFresh = false;
  unreachableStore.set(true);
  if (probe !== null || typeof window === "undefined") return;
  // Nothing else may ask the server for a while (a buyer staying on the cart): a small probe does.
  probe = setInterval(() => {
    if (!browserStore.get()) return;
    fetch("/api/health/live", { cache: "no-store" })
      .then((res) => {
        if (res.status >= 500) return;
        unreachableStore.set(false);
        if (probe !== null) clearInterval(probe);
        probe = null;
      })
      .catch(() => undefined);
  }, PROBE_MS);
}

/** For tests: back to what the browser says, with no copies shown. */
export function resetConnectivity(): void {
  browserStore.set(browserOnline());
  unreachableStore.set(false);
  copiesAsOfStore.set(null);
}
