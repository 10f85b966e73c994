// Registers the service worker (apps/web/service-worker/sw.ts) in the built shop and follows its
// life: a new version found while the shop is open waits for the buyer's "Reload" (the update
// prompt), and the browser's offer to install the shop is kept for the "Install app" button.
import { createStore, useStore } from "../store";
import { whenRequestsQuiet } from "../http-activity";

/** How long a page's requests must have been done before the worker starts (its pictures load meanwhile). */
const PAGE_QUIET_MS = 2000;

/** Runs `work` when the main thread is next idle (at once where the browser cannot tell). */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(work, { timeout: 5000 });
  else work();
}

/** How often an open shop asks whether a new version has been deployed. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** The installed new version waiting to take over, once the buyer agrees. */
const waitingStore = createStore<ServiceWorker | null>(null);
const installOfferStore = createStore<BeforeInstallPromptEvent | null>(null);

export const useWaitingUpdate = (): ServiceWorker | null => useStore(waitingStore);
export const useInstallOffer = (): BeforeInstallPromptEvent | null => useStore(installOfferStore);

/** Lets the waiting version take over; the page reloads when it has (see registerServiceWorker). */
export function applyUpdate(): void {
  waitingStore.get()?.postMessage({ type: "SKIP_WAITING" });
}

/** Shows the browser's own install dialog; the offer is spent either way. */
export async function install(): Promise<void> {
  const offer = installOfferStore.get();
  if (!offer) return;
  installOfferStore.set(null);
  await offer.prompt();
}

function watch(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker | null) => {
    // Only an update waits with a controller in place; the first install simply starts working.
    if (worker && navigator.serviceWorker.controller) waitingStore.set(worker);
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offer(installing);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installOfferStore.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => installOfferStore.set(null));
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A version the buyer agreed to has taken over: load the page it belongs to.
    if (!waitingStore.get() || reloading) return;
    reloading = true;
    window.location.reload();
  });
  // Once the first page has loaded and its own requests have been done for a while, and the main
  // thread is idle: the worker's first install downloads the whole shop (its precache), which on
  // mobile data must not compete with what the buyer is waiting to see, nor with the page's
  // start for a phone's processor.
  const start = () =>
    void whenRequestsQuiet(PAGE_QUIET_MS).then(() =>
      whenIdle(
        () =>
          void navigator.serviceWorker
            .register("/sw.js")
            .then(watch)
            .catch(() => undefined),
      ),
    );
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
