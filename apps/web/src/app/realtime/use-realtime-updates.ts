// Keeps a stream open while a customer is logged in and feeds its events into the cache.
// Staff and admin logins have no account, orders or lists for it to keep current. The stream's
// code (live-updates.ts) loads with the first customer login, not with a visitor's first page.
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useShopper } from "../../lib/shopper";

export function useRealtimeUpdates(): void {
  const shopper = useShopper();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopper === null) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import("./live-updates")
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
