// Counts HTTP requests in flight so the layout can show one slim progress bar for all of them
// (SPEC §9: global HTTP spinner on).
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
