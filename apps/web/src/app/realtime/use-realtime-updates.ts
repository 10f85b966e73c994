// Keeps a stream open while a customer is logged in and feeds its events into the cache.
// Staff and admin logins have no account, orders or lists for it to keep current.
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useShopper } from "../../lib/shopper";
import { applyChange, applyReady } from "./apply-change";
import { connectRealtime } from "./connection";

export function useRealtimeUpdates(): void {
  const shopper = useShopper();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopper === null) return;
    return connectRealtime({
      onReady: (ready) => applyReady(queryClient, shopper, ready),
      onChange: (event) => applyChange(queryClient, shopper, event),
    });
  }, [shopper, queryClient]);
}
