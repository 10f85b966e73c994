// Whether the real-time stream is open, for the account strip's flag. Kept apart from the
// stream's code (connection.ts), which loads only once a customer is logged in.
import { createStore, useStore } from "@/lib/store";

/** off: no stream (logged out, or the login ended); connecting: first try; live: open; reconnecting: lost, trying again. */
export type RealtimeStatus = "off" | "connecting" | "live" | "reconnecting";

export const realtimeStatus = createStore<RealtimeStatus>("off");

export function useRealtimeStatus(): RealtimeStatus {
  return useStore(realtimeStatus);
}
