// Counts HTTP requests in flight so the layout can show one slim progress bar for all of them
// (docs/rules.md: global HTTP spinner on), and so work that can wait (the service worker's downloads)
// waits until a page's own requests are done.
import { createStore, useStore } from "./store";

const inFlight = createStore(0);

export async function trackRequest<T>(request: Promise<T>): Promise<T> {
  inFlight.set(inFlight.get() + 1);
  try {
    return await request;
  } finally {
    inFlight.set(inFlight.get() - 1);
  }
}

export function useHttpBusy(): boolean {
  return useStore(inFlight) > 0;
}

/** Resolves once no request has been in flight for `quietMs` (a page's own data is in). */
export function whenRequestsQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      if (inFlight.get() > 0) return;
      timer = setTimeout(() => {
        stop();
        resolve();
      }, quietMs);
    };
    const stop = inFlight.subscribe(check);
    check();
  });
}
