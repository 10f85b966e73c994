// Keeps a stream open while a customer is logged in and feeds its events into the cache.
// Staff and admin logins have no account, orders or lists for it to keep current. The stream's
// code (live-updates.ts) loads with the first customer login, not with a visitor's first page.
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { getSession } from "@/lib/session";
import { shopperOf, useShopper } from "@/entities/shopper";

const loadLiveUpdates = () => import("./live-updates");
// A page opened with a customer's login asks for the stream's code as the app starts, not after
// its first render, so the stream opens (and reloads what changed before it) as early as it did
// when the code was in the first download.
if (shopperOf(getSession()) !== null) loadLiveUpdates().catch(() => undefined);

export function useRealtimeUpdates(): void {
  const shopper = useShopper();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopper === null) return;
    let stop: (() => void) | undefined;
    let ended = false;
    loadLiveUpdates()
      .then(({ startLiveUpdates }) => {
        if (!ended) stop = startLiveUpdates(queryClient, shopper);
      })
      // Not loaded (no signal and not yet cached): the figures stay as fetched; the next login tries again.
      .catch(() => undefined);
    return () => {
      ended = true;
      stop?.();
    };
  }, [shopper, queryClient]);
}
