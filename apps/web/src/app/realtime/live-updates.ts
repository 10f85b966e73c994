// The stream and what its events change in the cache, together: loaded on demand by
// use-realtime-updates.ts once a customer is logged in, so a visitor never downloads them.
import type { QueryClient } from "@tanstack/react-query";
import type { Shopper } from "@/entities/shopper";
import { applyChange, applyReady, liveReadsAge } from "./apply-change";
import { connectRealtime } from "./connection";

/** Opens the stream for `shopper`; the returned function closes it. */
export function startLiveUpdates(queryClient: QueryClient, shopper: Shopper): () => void {
  return connectRealtime({
    onReady: (ready) => applyReady(queryClient, shopper, ready),
    onChange: (event) => applyChange(queryClient, shopper, event),
    readAgeMs: () => liveReadsAge(queryClient, shopper),
  });
}
